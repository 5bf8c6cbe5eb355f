export { calendarRoutes } from './calendar-routes.ts';
export { feedTokenMigrations } from './feed-tokens.ts';
