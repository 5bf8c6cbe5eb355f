export { recapRoutes } from './recap-routes.ts';
export * from './recap-template.ts';
