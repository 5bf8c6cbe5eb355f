export * from './event-store/index.ts';
export * from './bus/index.ts';
export * from './db/index.ts';
