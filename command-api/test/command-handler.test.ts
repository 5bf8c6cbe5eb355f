import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError, type Decider } from '@sideline/domain';
import {
  WrongExpectedRevisionError,
  createInProcessBus,
  createLogger,
  createPostgresEventStore,
  eventStoreMigrations,
  type EventStore,
} from '@sideline/infra';
import { createTestDatabase, type TestDatabase } from '@sideline/infra/testing';
import { ProjectionProgress } from '@sideline/projections';
import { createCommandHandler } from '../src/shared/command-handler.ts';

type Add = { type: 'Add'; data: { by: number; limit: number } };
type Added = { type: 'Added'; data: { by: number; total: number } };

/** A counter whose total must stay under a limit: a decision that depends on the stream's state. */
const counter: Decider<Add, Added, { total: number }> = {
  initialState: { total: 0 },
  decide(command, state) {
    if (command.data.by === 0) return []; // adding nothing changes nothing: an idempotent no-op
    const total = state.total + command.data.by;
    if (total > command.data.limit) throw new DomainError('conflict', 'LIMIT', 'over the limit');
    return [{ type: 'Added', data: { by: command.data.by, total } }];
  },
  evolve: (state, event) => ({ total: event.data.total }),
};

const add = (by = 1, limit = 1000): Add => ({ type: 'Add', data: { by, limit } });
const logger = createLogger({ level: 'silent' });

let database: TestDatabase;
let eventStore: EventStore;
const bus = createInProcessBus();
// No projectors here: waits succeed at once, so these tests isolate load/decide/append/retry.
const progress = new ProjectionProgress(bus, []);

/**
 * The store as another process would leave it: after each of the first `times` reads of a
 * stream, a writer elsewhere appends to it, so the append that follows meets a newer revision.
 */
function withInterleavedWriter(store: EventStore, times: number): EventStore & { reads: number } {
  const wrapped = Object.create(store) as EventStore & { reads: number };
  wrapped.reads = 0;
  wrapped.readStream = async (stream, options) => {
    const history = await store.readStream(stream, options);
    if (wrapped.reads++ < times) {
      const total = history.length + 1;
      await store.appendToStream(
        stream,
        [
          {
            type: 'Added',
            data: { by: 1, total },
            metadata: {
              actorId: 'elsewhere',
              correlationId: 'c',
              causationId: null,
              occurredAt: '2026-01-01T00:00:00Z',
            },
          },
        ],
        { expectedRevision: 'any' },
      );
    }
    return history;
  };
  return wrapped;
}

beforeAll(async () => {
  database = await createTestDatabase(eventStoreMigrations);
  eventStore = createPostgresEventStore(database);
});
afterAll(async () => {
  progress.close();
  await eventStore.close();
  await bus.close();
  await database.close();
});

describe('command handler', () => {
  it('queues concurrent commands on one stream in this process: none meets a stale revision', async () => {
    // One attempt only: a single conflict would reject.
    const handle = createCommandHandler({ eventStore, progress, logger, maxAttempts: 1 });
    await Promise.all(Array.from({ length: 30 }, () => handle(counter, 'counter-a', add(), { actorId: 'u1' })));
    const events = await eventStore.readStream('counter-a');
    expect(events.map((e) => e.revision)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    // Each decision saw the state its predecessor left: totals are 1..30, never a lost update.
    expect(events.map((e) => (e.data as Added['data']).total)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(events[0]!.metadata).toMatchObject({ actorId: 'u1', causationId: null });
  });

  it('lets two processes write one stream at once: conflicts are retried with backoff until all succeed', async () => {
    // Two handlers, two queues: what two `api` processes on one database do.
    const first = createCommandHandler({ eventStore, progress, logger });
    const second = createCommandHandler({ eventStore, progress, logger });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? first : second)(counter, 'counter-b', add(), { actorId: null })),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const totals = (await eventStore.readStream('counter-b')).map((e) => (e.data as Added['data']).total);
    expect(totals).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('decides again on the fresh state after a conflict, and gives up with a typed conflict after its bound', async () => {
    const racing = withInterleavedWriter(eventStore, 3);
    const handle = createCommandHandler({ eventStore: racing, progress, logger, maxAttempts: 4, retryBaseMs: 1 });
    const result = await handle(counter, 'counter-c', add(10), { actorId: 'u1' });
    expect(racing.reads).toBe(4);
    // The fourth decision folded the three events written elsewhere meanwhile.
    expect(result.events).toEqual([{ type: 'Added', data: { by: 10, total: 13 } }]);

    const hopeless = withInterleavedWriter(eventStore, Number.POSITIVE_INFINITY);
    const bounded = createCommandHandler({ eventStore: hopeless, progress, logger, maxAttempts: 3, retryBaseMs: 1 });
    await expect(bounded(counter, 'counter-d', add(), { actorId: null })).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );
    expect(hopeless.reads).toBe(3);
  });

  it('creates a likely-new stream without reading it, and decides a retry on the stream it finds', async () => {
    const counted = withInterleavedWriter(eventStore, 0);
    const handle = createCommandHandler({ eventStore: counted, progress, logger, maxAttempts: 1 });
    const created = await handle(counter, 'counter-new', add(2, 5), { actorId: 'u1' }, { likelyNewStream: true });
    expect(counted.reads).toBe(0);
    expect(created.events).toEqual([{ type: 'Added', data: { by: 2, total: 2 } }]);

    // The stream exists now: the same hint meets it, folds its history and decides on that.
    const again = await handle(counter, 'counter-new', add(2, 5), { actorId: 'u1' }, { likelyNewStream: true });
    expect(counted.reads).toBe(1);
    expect(again.events).toEqual([{ type: 'Added', data: { by: 2, total: 4 } }]);
    await expect(
      handle(counter, 'counter-new', add(2, 5), { actorId: 'u1' }, { likelyNewStream: true }),
    ).rejects.toMatchObject({ code: 'LIMIT' });
    expect((await eventStore.readStream('counter-new')).map((e) => (e.data as Added['data']).total)).toEqual([2, 4]);
  });

  it("refuses with the decider's error and appends nothing when the rule is broken", async () => {
    const handle = createCommandHandler({ eventStore, progress, logger });
    await handle(counter, 'counter-e', add(3, 3), { actorId: null });
    await expect(handle(counter, 'counter-e', add(1, 3), { actorId: null })).rejects.toMatchObject({ code: 'LIMIT' });
    expect(await eventStore.readStream('counter-e')).toHaveLength(1);
  });

  it("answers a no-op only once the read models have the stream's last event (the write it repeats)", async () => {
    const probe = new ProjectionProgress(bus, ['probe']);
    try {
      const handle = createCommandHandler({ eventStore, progress: probe, logger, waitTimeoutMs: 60_000 });
      const original = await handle(counter, 'counter-f', add(), { actorId: 'u1' }, { waitFor: null });
      let answered = false;
      const retry = handle(counter, 'counter-f', add(0), { actorId: 'u1' }).then((result) => {
        answered = true;
        return result;
      });
      // Queued behind the retry's decision: once this returns, the retry has decided too.
      await handle(counter, 'counter-f', add(0), { actorId: 'u1' }, { waitFor: null });
      await nextTurn();
      expect(answered).toBe(false);
      probe.report('probe', original.position!);
      expect(await retry).toEqual({ events: [], position: original.position, projected: true });
    } finally {
      probe.close();
    }
  });
});
