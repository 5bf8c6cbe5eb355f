export * from './schemas.ts';
export * from './events.ts';
export * from './commands.ts';
export * from './time-zone.ts';
export * from './recurrence.ts';
export * from './decider.ts';
export * from './permissions.ts';
