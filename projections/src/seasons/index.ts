export * from './seasons-read-model.ts';
export * from './seasons-projector.ts';
export * from './seasons-queries.ts';
export * from './season-scope-queries.ts';
