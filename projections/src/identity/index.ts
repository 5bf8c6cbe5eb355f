export * from './users-read-model.ts';
export * from './users-projector.ts';
export * from './users-queries.ts';
