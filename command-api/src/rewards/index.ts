export { rewardsRoutes } from './rewards-routes.ts';
