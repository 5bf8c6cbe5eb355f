export * from './orgs-routes.ts';
export * from './org-access.ts';
export * from './org-teams.ts';
