import type { EventStore } from '../port.ts';
import type { EventStoreDbEventStoreOptions } from './eventstoredb-event-store.ts';

export type { EventStoreDbEventStoreOptions } from './eventstoredb-event-store.ts';

/**
 * The EventStoreDB event store (EVENTSTORE_URL), loaded only when asked for: its client
 * (@kurrent/kurrentdb-client: @grpc/grpc-js, the generated protobuf code and a native Rust
 * bridge for reads) would otherwise cost every process in the other modes about 38 MB of memory.
 */
export async function openEventStoreDbEventStore(options: EventStoreDbEventStoreOptions): Promise<EventStore> {
  const { createEventStoreDbEventStore } = await import('./eventstoredb-event-store.ts');
  return createEventStoreDbEventStore(options);
}
