export * from './event-store/index.ts';
export * from './bus/index.ts';
export * from './db/index.ts';
export * from './migrations/index.ts';
export * from './config/index.ts';
export * from './logger.ts';
export * from './runtime.ts';
export * from './mail/index.ts';
