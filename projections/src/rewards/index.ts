export * from './rewards-read-model.ts';
export * from './rewards-projector.ts';
export * from './rewards-queries.ts';
export * from './play-rewards.ts';
