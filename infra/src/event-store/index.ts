export * from './port.ts';
export * from './postgres/index.ts';
export * from './eventstoredb/index.ts';
export { eventStoreMigrations } from '../migrations/event-store-migrations.ts';
