export * from './schemas.ts';
export * from './image-signature.ts';
export * from './video-signature.ts';
export * from './events.ts';
export * from './commands.ts';
export * from './decider.ts';
export * from './permissions.ts';
