export { tokensRoutes } from './tokens-routes.ts';
