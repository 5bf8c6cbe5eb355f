export * from './players-routes.ts';
export * from './team-manager.ts';
