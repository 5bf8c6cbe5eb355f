import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createInProcessBus,
  createLogger,
  createNatsBus,
  createPostgresEventStore,
  eventStoreMigrations,
  type Bus,
  type Database,
  type EventStore,
  type NewEvent,
  type Position,
} from '@sideline/infra';
import { natsForTests } from '@sideline/infra/bus/testing';
import { createTestDatabase, testDatabaseKinds } from '@sideline/infra/testing';
import { checkpointMigrations } from '../src/runner/checkpoints.ts';
import { ProjectionProgress, projectionsSubject, scopeProjectionPositions } from '../src/runner/progress.ts';
import { ProjectionRunner } from '../src/runner/projection-runner.ts';
import type { Projector } from '../src/runner/projector.ts';
import { rebuildProjections } from '../src/runner/rebuild.ts';
import { usersMigrations } from '../src/identity/users-read-model.ts';
import { usersProjector } from '../src/identity/users-projector.ts';

/** A read model that counts applications per key, so a duplicate application shows. */
const tallyMigrations: Record<string, Migration> = {
  '1900_test_tally': {
    async up(db: Kysely<any>) {
      await sql`CREATE TABLE test_tally (key text PRIMARY KEY, applied integer NOT NULL, batches integer NOT NULL)`.execute(
        db,
      );
    },
  },
};

function tallyProjector(name = 'tally', failOn?: string): Projector & { batches: number[] } {
  const batches: number[] = [];
  return {
    name,
    handles: ['Tallied'],
    tables: ['test_tally'],
    batches,
    async apply(trx, events) {
      batches.push(events.length);
      for (const event of events) {
        const { key } = event.data as { key: string };
        if (key === failOn) throw new Error(`cannot apply ${key}`);
        await sql`INSERT INTO test_tally (key, applied, batches) VALUES (${key}, 1, 1)
                  ON CONFLICT (key) DO UPDATE SET applied = test_tally.applied + 1`.execute(trx);
      }
    },
  };
}

/** Counts into the same table as `tallyProjector` under its own keys, and may lag by a minute. */
function slowTallyProjector(): Projector & { batches: number[] } {
  const slow = Object.assign(tallyProjector('tally-slow'), { batchIntervalMs: 60_000 });
  const apply = slow.apply.bind(slow);
  slow.apply = (trx, events) =>
    apply(
      trx,
      events.map((e) => ({ ...e, data: { key: `slow:${(e.data as { key: string }).key}` } })),
    );
  return slow;
}

const migrations = { ...eventStoreMigrations, ...checkpointMigrations, ...usersMigrations, ...tallyMigrations };
const logger = createLogger({ level: 'silent' });
const meta = { actorId: null, correlationId: 'c', causationId: null, occurredAt: '2026-11-22T10:00:00.000Z' };
const tallied = (key: string): NewEvent => ({ type: 'Tallied', data: { key }, metadata: meta });

interface Fixture {
  database: Database;
  eventStore: EventStore;
  bus: Bus;
  /** The position of the last append made through this fixture. */
  last(): Position;
}
const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of open.splice(0).reverse()) await close();
});

async function fixture(kind: 'pglite' | 'postgres'): Promise<Fixture> {
  const database = await createTestDatabase(migrations, kind);
  const store = createPostgresEventStore(database);
  const bus = createInProcessBus();
  open.push(
    () => database.close(),
    () => store.close(),
    () => bus.close(),
  );
  // headPosition() trails behind while any transaction on the shared server is open (its xmin
  // is cluster-wide), so tests wait for the positions of their own appends instead.
  let last: Position | null = null;
  const eventStore: EventStore = Object.assign(Object.create(store) as EventStore, {
    appendToStream: async (...args: Parameters<EventStore['appendToStream']>) => {
      const result = await store.appendToStream(...args);
      last = result.position;
      return result;
    },
  });
  return { database, eventStore, bus, last: () => last! };
}

function runner(f: Fixture, projectors: Projector[], progress?: ProjectionProgress) {
  const r = new ProjectionRunner({ ...f, logger, projectors, retryDelaysMs: [5], ...(progress ? { progress } : {}) });
  open.push(() => r.stop());
  return r;
}

async function tally(db: Kysely<any>) {
  const { rows } = await sql<{
    key: string;
    applied: number;
  }>`SELECT key, applied FROM test_tally ORDER BY key`.execute(db);
  return rows;
}

for (const kind of await testDatabaseKinds()) {
  describe(`projection runner on ${kind}`, () => {
    it('applies every event exactly once across a stop and restart, in batches', async () => {
      const f = await fixture(kind);
      for (let i = 0; i < 50; i++)
        await f.eventStore.appendToStream(`t-${i % 5}`, [tallied(`k${i}`)], { expectedRevision: 'any' });
      const projector = tallyProjector();
      const first = runner(f, [projector]);
      await first.start();
      await first.waitUntil(f.last());
      await first.stop();
      // Catch-up arrives in batches, not one transaction per event.
      expect(projector.batches.length).toBeLessThan(50);

      for (let i = 50; i < 60; i++)
        await f.eventStore.appendToStream('t-late', [tallied(`k${i}`)], { expectedRevision: 'any' });
      const second = runner(f, [tallyProjector()]);
      await second.start();
      await second.waitUntil(f.last());
      const rows = await tally(f.database.db);
      expect(rows).toHaveLength(60);
      expect(rows.every((r) => r.applied === 1)).toBe(true);
    });

    it('keeps projecting live appends and reports progress for read-your-writes', async () => {
      const f = await fixture(kind);
      const progress = new ProjectionProgress(f.bus, ['tally']);
      open.push(async () => progress.close());
      const r = runner(f, [tallyProjector()], progress);
      await r.start();
      const appended = await f.eventStore.appendToStream('live', [tallied('a'), tallied('b')], {
        expectedRevision: 'no_stream',
      });
      expect(await progress.waitFor(appended.position, 5000)).toBe(true);
      expect((await tally(f.database.db)).map((row) => row.key)).toEqual(['a', 'b']);
    });

    it("measures each projector's lag: events read and not applied yet, and how long the oldest has waited", async () => {
      const f = await fixture(kind);
      // Held back before its transaction, so the database stays free for the appends.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const held = Object.assign(tallyProjector('held'), { prepare: () => released });
      const r = runner(f, [held]);
      await r.start();
      expect(r.lag()).toEqual([{ projector: 'held', events: 0, seconds: 0 }]);

      await f.eventStore.appendToStream('lagging', [tallied('a'), tallied('b'), tallied('c')], {
        expectedRevision: 'no_stream',
      });
      await vi.waitFor(() => expect(r.lag()[0]!.events).toBe(3), { timeout: 5_000 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const [lag] = r.lag();
      expect(lag!.events).toBe(3);
      expect(lag!.seconds).toBeGreaterThanOrEqual(0.25);
      expect(lag!.seconds).toBeLessThan(5);

      release();
      await r.waitUntil(f.last());
      expect(r.lag()).toEqual([{ projector: 'held', events: 0, seconds: 0 }]);
      // Standing by (or stopped), a runner measures nothing: the leader does.
      await r.stop();
      expect(r.lag()).toEqual([]);
    });

    it('stops a failing projector without holding back the others, and says so in its status', async () => {
      const f = await fixture(kind);
      await f.eventStore.appendToStream('x', [tallied('ok'), tallied('poison')], { expectedRevision: 'no_stream' });
      await f.eventStore.appendToStream(
        `user-${randomUUID()}`,
        [
          {
            type: 'UserRegistered',
            data: { userId: 'u1', name: 'Ann', email: 'ann@example.com', role: 'coach' },
            metadata: meta,
          },
        ],
        { expectedRevision: 'no_stream' },
      );
      const r = runner(f, [tallyProjector('tally', 'poison'), usersProjector]);
      await r.start();
      await r.waitUntil(f.last());
      const status = Object.fromEntries(r.status().map((s) => [s.name, s]));
      expect(status.tally).toMatchObject({ state: 'failed', error: 'cannot apply poison' });
      expect(status.users!.state).toBe('running');
      expect((await tally(f.database.db)).map((row) => row.key)).not.toContain('poison');
      const { rows } = await sql<{ name: string }>`SELECT name FROM users`.execute(f.database.db);
      expect(rows).toEqual([{ name: 'Ann' }]);

      // Once fixed and restarted it resumes at the failed event: nothing skipped, nothing twice.
      await r.stop();
      const fixed = runner(f, [tallyProjector('tally')]);
      await fixed.start();
      await fixed.waitUntil(f.last());
      expect(await tally(f.database.db)).toEqual([
        { key: 'ok', applied: 1 },
        { key: 'poison', applied: 1 },
      ]);
    });

    it('applies a batch for several projectors in one transaction; one that fails there stops alone', async () => {
      const f = await fixture(kind);
      const progress = new ProjectionProgress(f.bus, ['tally', 'tally-b']);
      open.push(async () => progress.close());
      const notices: unknown[] = [];
      f.bus.subscribe(projectionsSubject, (message) => void notices.push(message.data));
      // 'tally-b' counts into the same table under its own keys.
      const b = tallyProjector('tally-b', 'b:poison');
      const bApply = b.apply.bind(b);
      b.apply = (trx, events) =>
        bApply(
          trx,
          events.map((e) => ({ ...e, data: { key: `b:${(e.data as { key: string }).key}` } })),
        );
      const a = tallyProjector('tally');
      const r = runner(f, [a, b], progress);
      await r.start();
      // Both have a checkpoint after their first batch; from then on they share transactions.
      const first = await f.eventStore.appendToStream('s', [tallied('one')], { expectedRevision: 'no_stream' });
      expect(await progress.waitFor(first.position, 5000)).toBe(true);
      const second = await f.eventStore.appendToStream('s', [tallied('two'), tallied('three')], {
        expectedRevision: 0,
      });
      expect(await progress.waitFor(second.position, 5000)).toBe(true);
      // Other processes hear every projector's position in one notice per batch.
      await vi.waitFor(() =>
        expect(notices).toContainEqual({
          reports: expect.arrayContaining([
            expect.objectContaining({ name: 'tally' }),
            expect.objectContaining({ name: 'tally-b' }),
          ]),
        }),
      );

      // The shared transaction fails on 'poison' in tally-b: it rolls back whole, then each
      // projector applies the batch alone, so tally keeps going and tally-b stops.
      const poisoned = await f.eventStore.appendToStream('s', [tallied('poison'), tallied('four')], {
        expectedRevision: 2,
      });
      await vi.waitFor(() => expect(r.status().find((s) => s.name === 'tally-b')?.state).toBe('failed'));
      await r.waitUntil(poisoned.position);
      const keys = (await tally(f.database.db)).map((row) => row.key);
      expect(keys).toEqual(
        expect.arrayContaining(['one', 'two', 'three', 'poison', 'four', 'b:one', 'b:two', 'b:three']),
      );
      expect(keys).not.toContain('b:four');
      expect((await tally(f.database.db)).every((row) => row.applied === 1)).toBe(true);
    });

    it('prepares a batch before its transaction from what the last one committed, and again when the batch is retried', async () => {
      const f = await fixture(kind);
      // A running total decided in prepare from the committed rows, written in apply: a total
      // read inside the transaction, or a stale one, or a retry without a fresh prepare shows.
      await sql`INSERT INTO test_tally (key, applied, batches) VALUES ('total', 0, 0)`.execute(f.database.db);
      let failOnce = true;
      let flakyPrepares = 0;
      let openTransactionsSeen = 0;
      const total: Projector<any, number> = {
        name: 'total',
        handles: ['Tallied'],
        tables: ['test_tally'],
        async prepare(db, events) {
          if (events.some((e) => (e.data as { key: string }).key === 'flaky')) flakyPrepares++;
          const { rows } = await sql<{ applied: number; open: boolean }>`
            SELECT applied, txid_current_if_assigned() IS NOT NULL AS open FROM test_tally WHERE key = 'total'`.execute(
            db,
          );
          if (rows[0]!.open) openTransactionsSeen++;
          return rows[0]!.applied + events.length;
        },
        async apply(trx, events, prepared) {
          await sql`UPDATE test_tally SET applied = ${prepared!}, batches = batches + 1 WHERE key = 'total'`.execute(
            trx,
          );
          if (events.some((e) => (e.data as { key: string }).key === 'flaky') && failOnce) {
            failOnce = false;
            throw new Error('flaky once');
          }
        },
      };
      const r = runner(f, [total]);
      await r.start();
      for (let i = 0; i < 5; i++) {
        await f.eventStore.appendToStream(`p-${i}`, [tallied(`k${i}`), tallied(`j${i}`)], { expectedRevision: 'any' });
        await r.waitUntil(f.last());
      }
      await f.eventStore.appendToStream('p-flaky', [tallied('flaky')], { expectedRevision: 'any' });
      await r.waitUntil(f.last());
      const { rows } = await sql<{ applied: number }>`SELECT applied FROM test_tally WHERE key = 'total'`.execute(
        f.database.db,
      );
      expect(rows[0]!.applied).toBe(11);
      // The failed batch was prepared again for its retry; no batch was prepared inside a transaction.
      expect(flakyPrepares).toBe(2);
      expect(openTransactionsSeen).toBe(0);
      expect(r.status()[0]!.state).toBe('running');
    });

    it('applies a batch as one statement with its checkpoint; after another writer moved the checkpoint it writes nothing', async () => {
      const f = await fixture(kind);
      const statements: number[] = [];
      const keyOf = (e: { data: unknown }) => (e.data as { key: string }).key;
      const one: Projector = {
        name: 'one',
        handles: ['Tallied'],
        tables: ['test_tally'],
        async apply(trx, events) {
          for (const e of events)
            await sql`INSERT INTO test_tally (key, applied, batches) VALUES (${keyOf(e)}, 1, 1)`.execute(trx);
        },
        applyAsOneStatement(events) {
          const keys = JSON.stringify(events.map(keyOf));
          return {
            statement: (checkpoint) => sql`WITH ${checkpoint},
              ins AS (INSERT INTO test_tally (key, applied, batches)
                      SELECT k, 1, 1 FROM json_array_elements_text(${keys}::json) AS k CROSS JOIN checkpoint
                      RETURNING key)
              SELECT ins.key FROM checkpoint LEFT JOIN ins ON true`,
            applied: (rows) => statements.push(rows.length),
          };
        },
      };
      const r = runner(f, [one]);
      await r.start();
      // The first batch writes the checkpoint row, in a transaction; later ones are one statement.
      await f.eventStore.appendToStream('o', [tallied('a')], { expectedRevision: 'no_stream' });
      await r.waitUntil(f.last());
      await f.eventStore.appendToStream('o', [tallied('b'), tallied('c')], { expectedRevision: 0 });
      await r.waitUntil(f.last());
      expect(statements.reduce((a, b) => a + b, 0)).toBe(2);
      expect((await tally(f.database.db)).map((row) => row.key)).toEqual(['a', 'b', 'c']);
      const { rows } = await sql<{ commit_position: string }>`
        SELECT commit_position::text FROM projection_checkpoints WHERE name = 'one'`.execute(f.database.db);
      expect(BigInt(rows[0]!.commit_position)).toBe(f.last().commit);

      // Another writer moves the checkpoint: the next batch writes nothing and stops the projector.
      await sql`UPDATE projection_checkpoints SET prepare_position = prepare_position + 1000 WHERE name = 'one'`.execute(
        f.database.db,
      );
      await f.eventStore.appendToStream('o', [tallied('d')], { expectedRevision: 2 });
      await vi.waitFor(() => expect(r.status()[0]!.state).toBe('failed'));
      expect(r.status()[0]!.error).toMatch(/moved by another writer/);
      expect((await tally(f.database.db)).map((row) => row.key)).toEqual(['a', 'b', 'c']);
    });

    it('takes events that keep coming in a few batches (group commit); a lone event is a batch of its own', async () => {
      const f = await fixture(kind);
      const projector = tallyProjector();
      // A long interval, so that the test does not depend on how fast this machine appends.
      const r = new ProjectionRunner({ ...f, logger, projectors: [projector], batchIntervalMs: 200 });
      open.push(() => r.stop());
      await r.start();
      for (let i = 0; i < 40; i++) {
        await f.eventStore.appendToStream(`burst-${i}`, [tallied(`b${i}`)], { expectedRevision: 'no_stream' });
      }
      await r.waitUntil(f.last());
      expect(projector.batches.reduce((sum, n) => sum + n, 0)).toBe(40);
      expect(projector.batches.length).toBeLessThan(20);

      // After a quiet spell (longer than the interval) a single event is applied on its own.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const before = projector.batches.length;
      await f.eventStore.appendToStream('lone', [tallied('lone')], { expectedRevision: 'no_stream' });
      await r.waitUntil(f.last());
      expect(projector.batches.slice(before)).toEqual([1]);
    });

    it('applies a projector with a longer batch interval in batches of its own, and at once for someone waiting on their write', async () => {
      const f = await fixture(kind);
      const progress = new ProjectionProgress(f.bus, ['tally', 'tally-slow']);
      open.push(async () => progress.close());
      const fast = tallyProjector('tally');
      const slow = slowTallyProjector();
      const r = runner(f, [fast, slow], progress);
      await r.start();
      const keys = async () => (await tally(f.database.db)).map((row) => row.key);

      // After a quiet spell both apply at once.
      const first = await f.eventStore.appendToStream('s', [tallied('one')], { expectedRevision: 'no_stream' });
      await r.waitUntil(first.position, 5000);
      expect(await keys()).toEqual(['one', 'slow:one']);

      // While events keep coming, the slow one waits for its interval; the fast one does not.
      for (let i = 0; i < 5; i++) {
        await f.eventStore.appendToStream('s', [tallied(`burst-${i}`)], { expectedRevision: i });
      }
      await vi.waitFor(async () => expect(await keys()).toContain('burst-4'), { timeout: 5000 });
      expect((await keys()).filter((key) => key.startsWith('slow:'))).toEqual(['slow:one']);
      expect(slow.batches).toEqual([1]);

      // Someone waiting to read their write has the slow one apply everything it holds (in one
      // batch, or two when the wait began before the subscription read the write).
      const last = await f.eventStore.appendToStream('s', [tallied('mine')], { expectedRevision: 5 });
      expect(await progress.waitFor(last.position, 5000)).toBe(true);
      expect(await keys()).toEqual(expect.arrayContaining(['slow:burst-0', 'slow:burst-4', 'slow:mine']));
      expect(slow.batches.slice(1).reduce((sum, n) => sum + n, 0)).toBe(6);
      expect(slow.batches.length).toBeLessThanOrEqual(3);
      expect((await tally(f.database.db)).every((row) => row.applied === 1)).toBe(true);
    });

    it('rebuilds a read model from the log into the same rows as the live run', async () => {
      const f = await fixture(kind);
      for (let i = 0; i < 30; i++) {
        const userId = `u${i}`;
        await f.eventStore.appendToStream(
          `user-${userId}`,
          [
            {
              type: 'UserRegistered',
              data: { userId, name: `N${i}`, email: `n${i}@example.com`, role: 'parent' },
              metadata: meta,
            },
          ],
          { expectedRevision: 'no_stream' },
        );
        await f.eventStore.appendToStream('tally', [tallied(`k${i}`)], { expectedRevision: 'any' });
      }
      const live = runner(f, [usersProjector, tallyProjector()]);
      await live.start();
      await live.waitUntil(f.last());
      await live.stop();
      const snapshot = async () => ({
        users: (await sql`SELECT * FROM users ORDER BY id`.execute(f.database.db)).rows,
        tally: await tally(f.database.db),
      });
      const before = await snapshot();
      expect(before.users).toHaveLength(30);

      await rebuildProjections({ ...f, logger, projectors: [usersProjector, tallyProjector()], until: f.last() });
      expect(await snapshot()).toEqual(before);
    });
  });
}

const natsUrl = await natsForTests('projection runner hurried over NATS');

describe.skipIf(natsUrl === null)('a request waiting in another process (split mode, over NATS)', () => {
  it("has the leading runner apply its slow lanes at once, as for a wait in the runner's own process", async () => {
    const f = await fixture('pglite');
    // Two processes' connections to one NATS, in a scope of their own (other suites share it).
    const scope = randomUUID();
    const connect = async (name: string) => {
      const bus = await createNatsBus({ servers: natsUrl!, name });
      open.push(() => bus.close());
      return scopeProjectionPositions(bus, scope);
    };
    const names = ['tally', 'tally-slow'];
    const projectorProcess = new ProjectionProgress(await connect('projector'), names);
    const apiProcess = new ProjectionProgress(await connect('api'), names);
    open.push(async () => projectorProcess.close());
    open.push(async () => apiProcess.close());
    const slow = slowTallyProjector();
    const r = new ProjectionRunner({
      ...f,
      bus: await connect('runner'),
      logger,
      projectors: [tallyProjector('tally'), slow],
      progress: projectorProcess,
    });
    open.push(() => r.stop());
    await r.start();
    const first = await f.eventStore.appendToStream('s', [tallied('one')], { expectedRevision: 'no_stream' });
    expect(await apiProcess.waitFor(first.position, 5000)).toBe(true);
    // Heard (over NATS, perhaps after the answer) as a wait in the projector's process for a
    // moment, then no longer.
    await vi.waitFor(() => expect(projectorProcess.waiting).toBe(true), { timeout: 2000, interval: 5 });
    await vi.waitFor(() => expect(projectorProcess.waiting).toBe(false), { timeout: 2000 });

    // A burst: the slow lane holds its events for its minute.
    for (let i = 0; i < 5; i++) {
      await f.eventStore.appendToStream('s', [tallied(`burst-${i}`)], { expectedRevision: i });
    }
    await vi.waitFor(async () => expect((await tally(f.database.db)).map((row) => row.key)).toContain('burst-4'), {
      timeout: 5000,
    });
    expect(slow.batches).toEqual([1]);

    // The API process's request waits: heard over NATS, the runner applies the slow lane now.
    const last = await f.eventStore.appendToStream('s', [tallied('mine')], { expectedRevision: 5 });
    expect(projectorProcess.waiting).toBe(false);
    expect(await apiProcess.waitFor(last.position, 5000)).toBe(true);
    expect((await tally(f.database.db)).map((row) => row.key)).toEqual(
      expect.arrayContaining(['slow:burst-0', 'slow:burst-4', 'slow:mine']),
    );
  });
});
