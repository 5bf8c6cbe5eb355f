export * from './schemas.ts';
export * from './image-signature.ts';
export * from './events.ts';
export * from './commands.ts';
export * from './decider.ts';
