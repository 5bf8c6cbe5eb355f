import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  START,
  WrongExpectedRevisionError,
  comparePositions,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type Subscription,
} from './port.ts';

/** What the contract suite needs from an adapter under test. */
export interface ContractHarness {
  store: EventStore;
  /**
   * Appends in a transaction that is kept open `holdMs` after the append before committing,
   * for adapters with transactions (PostgreSQL): concurrent appends commit meanwhile.
   */
  appendHeldOpen?: (
    stream: string,
    events: NewEvent[],
    expectedRevision: ExpectedRevision,
    holdMs: number,
  ) => Promise<void>;
  close(): Promise<void>;
}

export interface ContractSetupOptions {
  upcast?: (event: RecordedEvent) => RecordedEvent;
}

export type ContractSetup = (options: ContractSetupOptions) => Promise<ContractHarness>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function newEvent(type: string, data: unknown, id?: string): NewEvent {
  return {
    ...(id !== undefined && { id }),
    type,
    data,
    metadata: {
      actorId: 'user-1',
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: '2025-01-02T03:04:05.000Z',
    },
  };
}

/** Collects events from a subscription in the background until `until` holds. */
function collect(subscription: Subscription, until: (events: RecordedEvent[]) => boolean, timeoutMs = 20_000) {
  const events: RecordedEvent[] = [];
  const done = (async () => {
    const deadline = setTimeout(() => void subscription.close(), timeoutMs);
    try {
      for await (const event of subscription) {
        events.push(event);
        if (until(events)) break;
      }
    } finally {
      clearTimeout(deadline);
    }
    return events;
  })();
  return { events, done };
}

/**
 * The event store contract, run once per adapter inside the adapter's describe block. The test
 * file's store is shared by its tests, so each test uses streams of its own (a random suffix) and
 * filters `$all` reads to them.
 */
export function eventStoreContract(setup: ContractSetup): void {
  let harness: ContractHarness;
  let store: EventStore;
  const extra: ContractHarness[] = [];

  beforeAll(async () => {
    harness = await setup({});
    store = harness.store;
  });
  afterAll(async () => {
    await Promise.all(extra.map((h) => h.close()));
    await harness?.close();
  });

  const streamName = (prefix: string) => `${prefix}-${randomUUID()}`;
  /** All of $all, re-read until `ready` holds (appends become visible to consumers eventually). */
  const readAllOnce = async (ready: (events: RecordedEvent[]) => boolean, from: EventStore = store) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const events = await from.readAll({ fromPosition: START, limit: 1_000_000 });
      if (ready(events) || Date.now() > deadline) return events;
      await sleep(50);
    }
  };
  const ofStreams = (events: RecordedEvent[], streams: Set<string>) => events.filter((e) => streams.has(e.stream));

  it('appends and reads a stream, with revisions from 0', async () => {
    const stream = streamName('team');
    const id = randomUUID();
    const first = await store.appendToStream(stream, [newEvent('TeamCreated', { name: 'Hawks' }, id)], {
      expectedRevision: 'no_stream',
    });
    expect(first.nextExpectedRevision).toBe(0);
    const second = await store.appendToStream(
      stream,
      [newEvent('MemberJoined', { userId: 'u1' }), newEvent('MemberJoined', { userId: 'u2', tags: ['a', 'b'] })],
      { expectedRevision: 0 },
    );
    expect(second.nextExpectedRevision).toBe(2);
    expect(comparePositions(second.position, first.position)).toBeGreaterThan(0);

    const events = await store.readStream(stream);
    expect(events.map((e) => [e.revision, e.type])).toEqual([
      [0, 'TeamCreated'],
      [1, 'MemberJoined'],
      [2, 'MemberJoined'],
    ]);
    expect(events[0]!.id).toBe(id);
    expect(events[1]!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(events[2]!.data).toEqual({ userId: 'u2', tags: ['a', 'b'] });
    expect(events[0]!.metadata).toEqual(
      expect.objectContaining({ actorId: 'user-1', causationId: null, occurredAt: '2025-01-02T03:04:05.000Z' }),
    );
    expect(events.every((e) => e.stream === stream)).toBe(true);
    expect(comparePositions(events[2]!.position, second.position)).toBe(0);

    expect((await store.readStream(stream, { fromRevision: 1 })).map((e) => e.revision)).toEqual([1, 2]);
    // Pages of a long stream (an analytics replay reads a match this way).
    expect((await store.readStream(stream, { fromRevision: 0, maxCount: 2 })).map((e) => e.revision)).toEqual([0, 1]);
    expect((await store.readStream(stream, { fromRevision: 2, maxCount: 2 })).map((e) => e.revision)).toEqual([2]);
    expect(await store.readStream(streamName('missing'))).toEqual([]);
  });

  it('checks the expected revision and reports conflicts with a typed error', async () => {
    const stream = streamName('chat');
    await store.appendToStream(stream, [newEvent('A', { n: 0 })], { expectedRevision: 'no_stream' });

    const noStream = store.appendToStream(stream, [newEvent('A', { n: 1 })], { expectedRevision: 'no_stream' });
    await expect(noStream).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await expect(noStream).rejects.toMatchObject({
      code: 'WRONG_EXPECTED_REVISION',
      stream,
      expected: 'no_stream',
      actual: 0,
    });

    const stale = store.appendToStream(stream, [newEvent('A', { n: 1 })], { expectedRevision: 5 });
    await expect(stale).rejects.toMatchObject({ stream, expected: 5, actual: 0 });

    const missing = streamName('chat');
    const onMissing = store.appendToStream(missing, [newEvent('A', {})], { expectedRevision: 0 });
    await expect(onMissing).rejects.toMatchObject({ stream: missing, expected: 0, actual: 'no_stream' });

    expect(
      (await store.appendToStream(stream, [newEvent('A', { n: 1 })], { expectedRevision: 0 })).nextExpectedRevision,
    ).toBe(1);
    expect(
      (await store.appendToStream(stream, [newEvent('A', { n: 2 })], { expectedRevision: 'any' })).nextExpectedRevision,
    ).toBe(2);
    const fresh = streamName('chat');
    expect(
      (await store.appendToStream(fresh, [newEvent('A', {})], { expectedRevision: 'any' })).nextExpectedRevision,
    ).toBe(0);

    // An empty append only checks the expected revision.
    await expect(store.appendToStream(stream, [], { expectedRevision: 0 })).rejects.toMatchObject({ actual: 2 });
    expect((await store.appendToStream(stream, [], { expectedRevision: 2 })).nextExpectedRevision).toBe(2);

    // A rejected append writes nothing.
    expect((await store.readStream(stream)).map((e) => (e.data as { n: number }).n)).toEqual([0, 1, 2]);
    expect(await store.readStream(missing)).toEqual([]);
  });

  it('lets exactly one of two racing appends with the same expected revision win', async () => {
    const stream = streamName('match');
    await store.appendToStream(stream, [newEvent('A', {})], { expectedRevision: 'no_stream' });
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, (_, i) =>
        store.appendToStream(stream, [newEvent('B', { i })], { expectedRevision: 0 }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(WrongExpectedRevisionError);
    }
    expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([0, 1]);
  });

  it('reads $all from START and from a position, with a limit', async () => {
    const streams = new Set([streamName('org'), streamName('org')]);
    const [a, b] = [...streams] as [string, string];
    await store.appendToStream(a, [newEvent('A0', {}), newEvent('A1', {})], { expectedRevision: 'no_stream' });
    await store.appendToStream(b, [newEvent('B0', {})], { expectedRevision: 'no_stream' });
    await store.appendToStream(a, [newEvent('A2', {})], { expectedRevision: 1 });

    const all = await readAllOnce((events) => ofStreams(events, streams).length >= 4);
    const mine = ofStreams(all, streams);
    expect(mine.map((e) => e.type)).toEqual(['A0', 'A1', 'B0', 'A2']);
    for (let i = 1; i < all.length; i++) {
      expect(comparePositions(all[i - 1]!.position, all[i]!.position)).toBeLessThan(0);
    }

    const afterFirst = await store.readAll({ fromPosition: mine[0]!.position, limit: 2 });
    expect(afterFirst).toHaveLength(2);
    expect(afterFirst.map((e) => e.type)).toEqual(['A1', 'B0']);
    expect(await store.readAll({ fromPosition: mine[3]!.position, limit: 10 })).toEqual(
      all.filter((e) => comparePositions(e.position, mine[3]!.position) > 0).slice(0, 10),
    );
    expect(await store.readAll({ limit: 1 })).toEqual(all.slice(0, 1));
  });

  it('reports the head position', async () => {
    const stream = streamName('season');
    const result = await store.appendToStream(stream, [newEvent('A', {}), newEvent('B', {})], {
      expectedRevision: 'no_stream',
    });
    // Eventually: on PostgreSQL, consumers' horizon waits for older transactions anywhere on the
    // server (other test files' databases included).
    await expect
      .poll(async () => comparePositions(await store.headPosition(), result.position), { timeout: 10_000 })
      .toBe(0);
  });

  it('subscribes to $all: catch-up, then live, exclusive of the start position, until closed', async () => {
    const stream = streamName('calendar');
    const streams = new Set([stream]);
    const before = await store.appendToStream(stream, [newEvent('E0', {})], { expectedRevision: 'no_stream' });
    await store.appendToStream(stream, [newEvent('E1', {}), newEvent('E2', {})], { expectedRevision: 0 });

    const subscription = store.subscribeToAll({ fromPosition: before.position });
    const { events, done } = collect(subscription, (seen) => ofStreams(seen, streams).length >= 4);
    // Caught up: both earlier events arrive before anything new is appended.
    await expect.poll(() => ofStreams(events, streams).length, { timeout: 10_000 }).toBe(2);
    await store.appendToStream(stream, [newEvent('E3', {})], { expectedRevision: 2 });
    await expect.poll(() => ofStreams(events, streams).length, { timeout: 10_000 }).toBe(3);
    await store.appendToStream(stream, [newEvent('E4', {})], { expectedRevision: 3 });
    await done;
    expect(ofStreams(events, streams).map((e) => e.type)).toEqual(['E1', 'E2', 'E3', 'E4']);
  });

  it('ends a subscription when it is closed', async () => {
    const subscription = store.subscribeToAll({ fromPosition: await store.headPosition() });
    const iterating = (async () => {
      for await (const _ of subscription) {
        // events from earlier tests may still arrive; only the ending matters here
      }
      return 'ended';
    })();
    await sleep(100);
    await subscription.close();
    await expect(iterating).resolves.toBe('ended');
  });

  it('applies the upcaster on every read path', async () => {
    const upcast = (e: RecordedEvent): RecordedEvent =>
      e.type === 'OldNamed' ? { ...e, type: 'NewNamed', data: { ...(e.data as object), upcast: true } } : e;
    const upcasting = await setup({ upcast });
    extra.push(upcasting);
    const stream = streamName('user');
    const appended = await store.appendToStream(stream, [newEvent('OldNamed', { v: 1 }), newEvent('Other', { v: 2 })], {
      expectedRevision: 'no_stream',
    });
    const viaStream = await upcasting.store.readStream(stream);
    expect(viaStream.map((e) => [e.type, e.data])).toEqual([
      ['NewNamed', { v: 1, upcast: true }],
      ['Other', { v: 2 }],
    ]);
    const viaAll = (
      await readAllOnce((events) => events.filter((e) => e.stream === stream).length >= 2, upcasting.store)
    ).filter((e) => e.stream === stream);
    expect(viaAll.map((e) => e.type)).toEqual(['NewNamed', 'Other']);
    const subscription = upcasting.store.subscribeToAll({ fromPosition: START });
    const { events, done } = collect(subscription, (seen) => seen.some((e) => e.stream === stream && e.revision === 1));
    await done;
    expect(events.filter((e) => e.stream === stream).map((e) => e.type)).toEqual(['NewNamed', 'Other']);
    // Stored events are untouched.
    expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['OldNamed', 'Other']);
    expect(appended.nextExpectedRevision).toBe(1);
  });

  it('delivers every event exactly once, in stream order, to a live subscriber while appenders race', async () => {
    const writers = 8;
    const appendsPerWriter = 25;
    const streamsPerWriter = 4;
    const prefix = `race-${randomUUID()}`;
    const expected = new Map<string, number>(); // stream → event count

    const subscription = store.subscribeToAll({ fromPosition: START });
    const total = () => [...expected.values()].reduce((a, b) => a + b, 0);
    let appendsDone = false;
    const { events, done } = collect(
      subscription,
      (seen) => appendsDone && seen.filter((e) => e.stream.startsWith(prefix)).length >= total(),
      30_000,
    );

    const writer = async (w: number) => {
      const revisions = new Map<string, number>();
      for (let i = 0; i < appendsPerWriter; i++) {
        const stream = `${prefix}-w${w}-s${i % streamsPerWriter}`;
        const current = revisions.get(stream);
        const batch = Array.from({ length: 1 + (i % 3) }, (_, k) => newEvent('Raced', { w, i, k }));
        const expectedRevision: ExpectedRevision = current === undefined ? 'no_stream' : current;
        // Some appends sit in a transaction held open on purpose while the others commit.
        if (harness.appendHeldOpen && i % 12 === 3) {
          await harness.appendHeldOpen(stream, batch, expectedRevision, 150);
        } else {
          await store.appendToStream(stream, batch, { expectedRevision });
        }
        revisions.set(stream, (current ?? -1) + batch.length);
        expected.set(stream, (expected.get(stream) ?? 0) + batch.length);
      }
    };
    // A burst on one shared stream too: conflicts are retried as a command handler would.
    const shared = `${prefix}-shared`;
    const sharedWriter = async () => {
      for (let i = 0; i < 10; i++) {
        for (;;) {
          const current = (await store.readStream(shared)).at(-1)?.revision;
          try {
            await store.appendToStream(shared, [newEvent('Shared', { i })], {
              expectedRevision: current === undefined ? 'no_stream' : current,
            });
            break;
          } catch (error) {
            if (!(error instanceof WrongExpectedRevisionError)) throw error;
          }
        }
      }
    };
    await Promise.all([...Array.from({ length: writers }, (_, w) => writer(w)), sharedWriter(), sharedWriter()]);
    expected.set(shared, 20);
    // One more event, so the subscriber re-checks its stop condition after `appendsDone` is set.
    expected.set(`${prefix}-z-nudge`, 1);
    appendsDone = true;
    await store.appendToStream(`${prefix}-z-nudge`, [newEvent('Nudge', {})], { expectedRevision: 'no_stream' });
    await done;

    const mine = events.filter((e) => e.stream.startsWith(prefix));
    const ids = new Set(mine.map((e) => e.id));
    expect(ids.size).toBe(mine.length); // no duplicates
    expect(mine.length).toBe(total()); // nothing lost
    for (let i = 1; i < events.length; i++) {
      expect(comparePositions(events[i - 1]!.position, events[i]!.position)).toBeLessThan(0);
    }
    const next = new Map<string, number>();
    for (const event of mine) {
      expect(event.revision).toBe(next.get(event.stream) ?? 0);
      next.set(event.stream, event.revision + 1);
    }
    expect(Object.fromEntries(next)).toEqual(Object.fromEntries(expected));
    // $all read afterwards agrees with what the live subscriber saw.
    const replay = (await store.readAll({ fromPosition: START, limit: 1_000_000 })).filter((e) =>
      e.stream.startsWith(prefix),
    );
    expect(replay.map((e) => e.id)).toEqual(mine.map((e) => e.id));
  }, 90_000);
}
