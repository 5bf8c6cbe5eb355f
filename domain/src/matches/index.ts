export * from './machine.ts';
export * from './events.ts';
export * from './commands.ts';
export * from './scoring.ts';
export * from './decider.ts';
export * from './schemas.ts';
export * from './box-score.ts';
