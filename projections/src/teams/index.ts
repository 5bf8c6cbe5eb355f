export * from './teams-read-model.ts';
export * from './teams-projector.ts';
export * from './teams-queries.ts';
