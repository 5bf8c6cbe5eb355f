export * from './push-read-model.ts';
export * from './push-projector.ts';
export * from './push-queries.ts';
