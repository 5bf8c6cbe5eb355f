export * from './players-read-model.ts';
export * from './players-projector.ts';
export * from './players-queries.ts';
