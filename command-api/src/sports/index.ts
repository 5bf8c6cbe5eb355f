export { sportsRoutes } from './sports-routes.ts';
