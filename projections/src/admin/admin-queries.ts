/**
 * The admin portal's reads, one file per resource under `queries/` (as the portal's routes
 * are); importers keep this one path.
 */
export * from './queries/org.ts';
export * from './queries/stats.ts';
export * from './queries/seasons.ts';
export * from './queries/teams.ts';
export * from './queries/matches.ts';
export * from './queries/people.ts';
export * from './queries/media.ts';
export * from './queries/activity.ts';
export * from './queries/safeguarding.ts';
