export * from './event-store/port.ts';
export * from './bus/port.ts';
export * from './db/port.ts';
