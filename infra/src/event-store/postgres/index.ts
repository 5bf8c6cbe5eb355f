export { createPostgresEventStore, type PostgresEventStore } from './postgres-event-store.ts';
