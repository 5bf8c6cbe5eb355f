import { randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  FORWARDS,
  KurrentDBClient,
  NO_STREAM,
  START as ESDB_START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamRecordedEvent,
  type AppendStreamState,
  type JSONType,
  type RecordedEvent as EsdbRecordedEvent,
} from '@kurrent/kurrentdb-client';
import {
  START,
  WrongExpectedRevisionError,
  comparePositions,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type Position,
  type RecordedEvent,
  type Subscription,
} from '../port.ts';

export interface EventStoreDbEventStoreOptions {
  /** `kurrentdb://host:2113?tls=false` (`esdb://` is read as `kurrentdb://`) */
  connectionString: string;
  /** Applied to every event read; stored events never change. */
  upcast?: (event: RecordedEvent) => RecordedEvent;
}

const PAGE = 500;

function toExpected(expected: ExpectedRevision): AppendStreamState {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'any') return ANY;
  return BigInt(expected);
}

function isSystem(type: string): boolean {
  return type.startsWith('$');
}

function toRecorded(event: EsdbRecordedEvent, position: Position): RecordedEvent {
  return {
    id: event.id,
    stream: event.streamId,
    revision: Number(event.revision),
    position,
    type: event.type,
    data: event.data,
    metadata: event.metadata as unknown as EventMetadata,
  };
}

function fromAll(event: AllStreamRecordedEvent): RecordedEvent {
  return toRecorded(event as EsdbRecordedEvent, { commit: event.position.commit, prepare: event.position.prepare });
}

/**
 * The client still takes `esdb://` but warns each time one is made; the scheme names the same
 * server, so configurations written for the EventStoreDB client keep working quietly.
 */
export function kurrentConnectionString(connectionString: string): string {
  return connectionString.replace(/^esdb(\+discover)?:\/\//, 'kurrentdb$1://');
}

export function createEventStoreDbEventStore(options: EventStoreDbEventStoreOptions): EventStore {
  const client = KurrentDBClient.connectionString(kurrentConnectionString(options.connectionString));
  const upcast = options.upcast ?? ((e: RecordedEvent) => e);
  const subscriptions = new Set<Subscription>();

  return {
    kind: 'eventstoredb',

    async appendToStream(stream, events, { expectedRevision }) {
      try {
        const result = await client.appendToStream(
          stream,
          events.map((e) =>
            jsonEvent({
              id: e.id ?? randomUUID(),
              type: e.type,
              data: (e.data ?? null) as JSONType,
              metadata: e.metadata as unknown as JSONType,
            }),
          ),
          { streamState: toExpected(expectedRevision) },
        );
        const position = result.position ? { commit: result.position.commit, prepare: result.position.prepare } : START;
        return { nextExpectedRevision: Number(result.nextExpectedRevision), position };
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) {
          const actual = error.actualState;
          throw new WrongExpectedRevisionError(
            stream,
            expectedRevision,
            typeof actual === 'bigint' ? Number(actual) : 'no_stream',
          );
        }
        throw error;
      }
    },

    async readStream(stream, readOptions) {
      const out: RecordedEvent[] = [];
      try {
        const fromRevision = readOptions?.fromRevision ?? 0;
        for await (const resolved of client.readStream(stream, {
          direction: FORWARDS,
          fromRevision: fromRevision === 0 ? ESDB_START : BigInt(fromRevision),
          ...(readOptions?.maxCount === undefined ? {} : { maxCount: BigInt(readOptions.maxCount) }),
        })) {
          const event = resolved.event;
          if (!event) continue;
          const position = event.position ? { commit: event.position.commit, prepare: event.position.prepare } : START;
          out.push(upcast(toRecorded(event, position)));
        }
      } catch (error) {
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      }
      return out;
    },

    async readAll({ fromPosition, limit }) {
      // $all has no server-side filter on reads here: page past system events until `limit`
      // user events are collected or the log ends. ESDB reads from a position inclusively.
      const out: RecordedEvent[] = [];
      let from: Position | undefined =
        fromPosition && comparePositions(fromPosition, START) > 0 ? fromPosition : undefined;
      for (;;) {
        let seen = 0;
        let last: Position | undefined;
        for await (const resolved of client.readAll({
          direction: FORWARDS,
          fromPosition: from ?? ESDB_START,
          maxCount: PAGE,
        })) {
          const event = resolved.event;
          if (!event) continue;
          seen += 1;
          const recorded = fromAll(event);
          last = recorded.position;
          if (from && comparePositions(recorded.position, from) <= 0) continue;
          if (isSystem(event.type)) continue;
          out.push(upcast(recorded));
          if (out.length >= limit) return out;
        }
        if (seen < PAGE || !last) return out;
        from = last;
      }
    },

    subscribeToAll(subscribeOptions) {
      const from = subscribeOptions?.fromPosition;
      const inner = client.subscribeToAll({
        fromPosition: from && comparePositions(from, START) > 0 ? from : ESDB_START,
        filter: excludeSystemEvents(),
      });
      let closed = false;
      const subscription: Subscription = {
        async close() {
          if (closed) return;
          closed = true;
          subscriptions.delete(subscription);
          await inner.unsubscribe();
        },
        async *[Symbol.asyncIterator]() {
          try {
            for await (const resolved of inner) {
              const event = resolved.event;
              if (!event || isSystem(event.type)) continue;
              const recorded = fromAll(event);
              if (from && comparePositions(recorded.position, from) <= 0) continue;
              yield upcast(recorded);
            }
          } catch (error) {
            if (!closed) throw error;
          } finally {
            await subscription.close();
          }
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },

    async headPosition() {
      let from: Position | typeof END = END;
      for (;;) {
        let seen = 0;
        let last: Position | undefined;
        for await (const resolved of client.readAll({ direction: BACKWARDS, fromPosition: from, maxCount: PAGE })) {
          const event = resolved.event;
          if (!event) continue;
          seen += 1;
          const position = { commit: event.position.commit, prepare: event.position.prepare };
          if (last && comparePositions(position, last) >= 0) continue;
          last = position;
          if (!isSystem(event.type)) return position;
        }
        if (seen < PAGE || !last) return START;
        from = last;
      }
    },

    async close() {
      await Promise.all([...subscriptions].map((s) => s.close()));
      await client.dispose();
    },
  };
}
