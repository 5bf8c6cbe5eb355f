export {
  createPostgresEventStore,
  type PostgresEventStore,
  type PostgresEventStoreOptions,
} from './postgres-event-store.ts';
