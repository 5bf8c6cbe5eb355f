export * from './schemas.ts';
export * from './events.ts';
export * from './commands.ts';
export * from './decider.ts';
export * from './quiet-hours.ts';
export * from './families.ts';
