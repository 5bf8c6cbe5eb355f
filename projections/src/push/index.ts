export * from './push-read-model.ts';
export * from './push-projector.ts';
export * from './push-queries.ts';
export * from './notices-read-model.ts';
export * from './notices-projector.ts';
