export * from './matches-read-model.ts';
export * from './matches-projector.ts';
export * from './matches-queries.ts';
