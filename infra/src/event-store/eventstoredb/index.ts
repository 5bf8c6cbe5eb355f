export { createEventStoreDbEventStore, type EventStoreDbEventStoreOptions } from './eventstoredb-event-store.ts';
