export { tokensRoutes } from './tokens-routes.ts';
export { apiTokenMigrations, organizationOfToken } from './api-tokens.ts';
