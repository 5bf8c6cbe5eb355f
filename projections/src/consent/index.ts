export * from './consent-read-model.ts';
export * from './consent-projector.ts';
export * from './consent-queries.ts';
export * from './media-consent.ts';
export * from './player-export-queries.ts';
