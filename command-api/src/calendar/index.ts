export { calendarRoutes } from './calendar-routes.ts';
