export * from './machine.ts';
export * from './schemas.ts';
