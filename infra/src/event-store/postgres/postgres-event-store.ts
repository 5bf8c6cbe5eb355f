import type { Kysely } from 'kysely';
import type { PgliteDatabase } from '../../db/pglite-database.ts';
import type { Database } from '../../db/port.ts';
import {
  START,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
} from '../port.ts';
import { AppendNotifier, EVENTS_CHANNEL } from './append-notifier.ts';
import { appendSql, kyselyAppendRunner, pgliteAppendRunner } from './append-sql.ts';
import { PollingSubscription } from './polling-subscription.ts';
import { headPositionSql, readAllAndHorizonSql, readAllSql, readStreamSql } from './read-sql.ts';
import type { WakeSignal } from './wake-signal.ts';

export interface PostgresEventStoreOptions {
  /** Applied to every event read (old type or shape → current); stored events never change. */
  upcast?: (event: RecordedEvent) => RecordedEvent;
  /** Bound on a write transaction's lock waits, statements and idling (PostgreSQL; ms). */
  writeTimeoutMs?: number;
  /** Events per read while a subscription catches up. */
  batchSize?: number;
  /** A live subscription re-reads this often even without a wake-up (ms). */
  pollIntervalMs?: number;
  /**
   * While appends keep coming, a live subscription reads at most this often (ms). 10 by default:
   * the projection runner, its main subscriber, applies a batch at most every 10 ms under load,
   * so reading more often only splits the same batch over more statements (measured in the
   * docs/performance.md, Chat).
   */
  liveReadIntervalMs?: number;
}

export interface PostgresEventStore extends EventStore {
  readonly kind: 'postgres' | 'pglite';
  /**
   * Appends inside the caller's kysely transaction, which must not have written anything before
   * (see `es_append`). The write timeout then bounds the rest of that transaction too.
   * Subscribers are woken by a NOTIFY delivered when the caller commits.
   */
  appendInTransaction(
    trx: Kysely<any>,
    stream: string,
    events: readonly NewEvent[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult>;
}

// Stores sharing one Database (in one process) wake each other's subscribers directly, without
// waiting for the NOTIFY round trip.
const localSignals = new WeakMap<Database, Set<WakeSignal>>();

/**
 * The event store on PostgreSQL or PGlite (same SQL), over the `eventStoreMigrations` schema.
 * Does not own `database`: close the store, then the database.
 */
export function createPostgresEventStore(
  database: Database,
  options: PostgresEventStoreOptions = {},
): PostgresEventStore {
  const { db } = database;
  const upcast = options.upcast;
  const batchSize = options.batchSize ?? 1_000;
  const pollIntervalMs = options.pollIntervalMs ?? 300;
  // PGlite runs one transaction at a time, so nothing waits on locks; and its idle timeout
  // would terminate the embedded server instead of the transaction.
  const timeoutMs = database.kind === 'postgres' ? (options.writeTimeoutMs ?? 5_000) : 0;
  // Cross-process wake-ups: another process can only share a PostgreSQL server, never a PGlite
  // instance, whose subscribers are all in this process and woken directly.
  const notifier = database.kind === 'postgres' ? new AppendNotifier(db) : undefined;
  const pglite = (database as Partial<PgliteDatabase>).pglite;
  const runAppend = pglite ? pgliteAppendRunner(db, pglite) : kyselyAppendRunner(db);

  let signals = localSignals.get(database);
  if (!signals) {
    signals = new Set();
    localSignals.set(database, signals);
  }
  const ownSignals = new Set<WakeSignal>();
  const subscriptions = new Set<PollingSubscription>();
  let unlisten: Promise<(() => Promise<void>) | undefined> | undefined;
  let closed = false;

  const wakeAll = () => {
    for (const signal of signals) signal.wake();
  };
  const ensureListening = () => {
    unlisten ??= database
      .listen(EVENTS_CHANNEL, () => {
        for (const signal of ownSignals) signal.wake();
      })
      .catch(() => undefined); // polling still delivers everything
  };
  const upcastAll = (events: RecordedEvent[]) => (upcast ? events.map(upcast) : events);
  const assertOpen = () => {
    if (closed) throw new Error('Event store is closed');
  };

  return {
    kind: database.kind,

    async appendToStream(stream, events, { expectedRevision }) {
      assertOpen();
      const result = await appendSql(runAppend, stream, events, { expectedRevision, timeoutMs, notify: false });
      if (events.length > 0) {
        wakeAll();
        // A process with a live subscriber of its own wakes it directly and sends no NOTIFY: in
        // Sideline the only live subscriber of $all is the projection runner that leads (the
        // others stand by unsubscribed), so no other process has anyone to wake. Another
        // subscriber elsewhere would still read the events on its next poll. Under load this
        // was one statement in six (docs/performance.md, Chat).
        if (signals.size === 0) notifier?.notify();
      }
      return result;
    },

    appendInTransaction(trx, stream, events, { expectedRevision }) {
      assertOpen();
      return appendSql(kyselyAppendRunner(trx), stream, events, {
        expectedRevision,
        timeoutMs,
        notify: events.length > 0,
      });
    },

    async readStream(stream, readOptions) {
      return upcastAll(await readStreamSql(db, stream, readOptions?.fromRevision ?? 0, readOptions?.maxCount));
    },

    async readAll({ fromPosition, limit }) {
      return upcastAll(await readAllSql(db, fromPosition ?? START, limit));
    },

    subscribeToAll(subscribeOptions) {
      assertOpen();
      ensureListening();
      const subscription: PollingSubscription = new PollingSubscription({
        from: subscribeOptions?.fromPosition ?? START,
        batchSize,
        pollIntervalMs,
        liveReadIntervalMs: options.liveReadIntervalMs ?? 10,
        // PGlite runs one transaction at a time: nothing can hide behind the horizon there.
        readBatch:
          database.kind === 'postgres'
            ? async (after, limit) => {
                const batch = await readAllAndHorizonSql(db, after, limit);
                return { events: upcastAll(batch.events), hiddenEventsPending: batch.hiddenEventsPending };
              }
            : async (after, limit) => ({
                events: upcastAll(await readAllSql(db, after, limit)),
                hiddenEventsPending: false,
              }),
        register(signal) {
          signals.add(signal);
          ownSignals.add(signal);
          return () => {
            signals.delete(signal);
            ownSignals.delete(signal);
            subscriptions.delete(subscription);
          };
        },
      });
      subscriptions.add(subscription);
      return subscription;
    },

    headPosition: () => headPositionSql(db),

    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((s) => s.close()));
      await notifier?.close();
      const stop = await unlisten;
      await stop?.().catch(() => undefined);
    },
  };
}
