export * from './schemas.ts';
export * from './status.ts';
export * from './events.ts';
export * from './upcasters.ts';
export * from './commands.ts';
export * from './decider.ts';
