export * from './media-read-model.ts';
export * from './media-projector.ts';
export * from './media-queries.ts';
