import { WrongExpectedRevisionError, type EventStore, type NewEvent } from '../event-store/port.ts';
import { eventStoreAppendDuration, eventStoreAppendedEvents, eventStoreAppends } from './metrics.ts';
import { startSpan } from './tracing.ts';

/**
 * The event store with its appends measured (count, events, latency by result) and traced. While
 * tracing is on, each appended event carries the append span's context as `metadata.traceparent`,
 * so the projection that applies it, in whichever process, continues the command's trace.
 */
export function instrumentEventStore(store: EventStore): EventStore {
  return {
    kind: store.kind,
    async appendToStream(stream, events, options) {
      const started = performance.now();
      const span = startSpan('event_store.append', {
        attributes: { 'sideline.stream': streamCategory(stream), 'sideline.events': events.length },
      });
      const traced: readonly NewEvent[] = span
        ? events.map((e) => ({ ...e, metadata: { ...e.metadata, traceparent: span.traceparent } }))
        : events;
      try {
        const result = await store.appendToStream(stream, traced, options);
        eventStoreAppends.inc({ result: 'ok' });
        eventStoreAppendedEvents.inc(events.length);
        eventStoreAppendDuration.observe({ result: 'ok' }, (performance.now() - started) / 1000);
        span?.end();
        return result;
      } catch (error) {
        const result = error instanceof WrongExpectedRevisionError ? 'conflict' : 'error';
        eventStoreAppends.inc({ result });
        eventStoreAppendDuration.observe({ result }, (performance.now() - started) / 1000);
        // A conflict is retried by the command handler: an outcome, not a failure of the span.
        span?.end(result === 'error' ? error : undefined);
        throw error;
      }
    },
    readStream: (stream, options) => store.readStream(stream, options),
    readAll: (options) => store.readAll(options),
    subscribeToAll: (options) => store.subscribeToAll(options),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
}

/** `chat-3f2a…` → `chat`: a label with a handful of values, never an id. */
export function streamCategory(stream: string): string {
  const dash = stream.indexOf('-');
  return dash > 0 ? stream.slice(0, dash) : stream;
}
