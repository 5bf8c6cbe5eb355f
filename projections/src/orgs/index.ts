export * from './orgs-read-model.ts';
export * from './orgs-projector.ts';
export * from './orgs-queries.ts';
export * from './activity-read-model.ts';
export * from './activity-lines.ts';
export * from './activity-projector.ts';
export * from './membership-sql.ts';
