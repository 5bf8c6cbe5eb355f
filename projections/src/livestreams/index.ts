export * from './livestreams-read-model.ts';
export * from './livestreams-projector.ts';
export * from './livestreams-queries.ts';
