export * from './schemas.ts';
export * from './events.ts';
export * from './commands.ts';
export * from './decider.ts';
export * from './team-code.ts';
export * from './roles.ts';
export * from './permissions.ts';
export * from './org-teams.ts';
