export * from './roster-routes.ts';
export * from './invitation-tokens.ts';
