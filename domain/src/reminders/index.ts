export * from './choices.ts';
export * from './schemas.ts';
export * from './events.ts';
export * from './commands.ts';
export * from './decider.ts';
