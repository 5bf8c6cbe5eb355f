export * from './teams-routes.ts';
export * from './team-access.ts';
export * from './team-codes.ts';
export * from './team-edit-routes.ts';
