import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../db/postgres-database.ts';
import type { Database } from '../db/port.ts';
import { createTestDatabase, testDatabaseKinds, testServerUrl, type TestDatabase } from '../testing/index.ts';
import { eventStoreContract, newEvent } from './contract.test-suite.ts';
import { eventStoreMigrations, START, comparePositions, type RecordedEvent } from './index.ts';
import { postgresContractSetup } from './postgres/contract-harness.ts';
import { createPostgresEventStore } from './postgres/postgres-event-store.ts';

// Throws (failing this file) when SIDELINE_REQUIRE_SERVICES=1 and the server is unreachable.
const kinds = await testDatabaseKinds();
const reason = `PostgreSQL unreachable at ${testServerUrl()}`;
if (!kinds.includes('postgres')) console.warn(`Skipping the PostgreSQL event store suite: ${reason}`);
const describeOnServer = kinds.includes('postgres') ? describe : describe.skip;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const withServer = async <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: testServerUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

describeOnServer(
  `PostgreSQL event store on PostgreSQL${kinds.includes('postgres') ? '' : ` (skipped: ${reason})`}`,
  () => {
    eventStoreContract(postgresContractSetup(() => createTestDatabase(eventStoreMigrations, 'postgres')));

    describe('transaction ordering and timeouts', () => {
      let database: TestDatabase;
      beforeAll(async () => {
        database = await createTestDatabase(eventStoreMigrations, 'postgres');
      });
      afterAll(() => database?.close());

      it('hides a later-numbered transaction that committed first until the earlier one commits', async () => {
        const store = createPostgresEventStore(database);
        const before = await store.headPosition();
        let releaseHeld!: () => void;
        const appendedHeld = new Promise<void>((resolve) => {
          void database.db.transaction().execute(async (trx) => {
            await store.appendInTransaction(trx, 'early', [newEvent('Early', {})], { expectedRevision: 'no_stream' });
            resolve();
            await new Promise<void>((release) => (releaseHeld = release));
          });
        });
        await appendedHeld;
        const late = await store.appendToStream('late', [newEvent('Late', {})], { expectedRevision: 'no_stream' });

        // The later transaction committed, but a consumer moving past it now would never see 'early'.
        const mine = async () =>
          (await store.readAll({ fromPosition: before, limit: 1_000 }))
            .map((e) => e.stream)
            .filter((s) => s === 'early' || s === 'late');
        expect(await mine()).toEqual([]);
        expect(comparePositions(await store.headPosition(), late.position)).toBeLessThan(0);
        expect((await store.readStream('late')).map((e) => e.type)).toEqual(['Late']);

        releaseHeld();
        await expect.poll(mine, { timeout: 10_000 }).toEqual(['early', 'late']);
        await store.close();
      });

      it('re-reads soon, not at the next poll, when an open transaction that is not an append hid the events', async () => {
        const store = createPostgresEventStore(database, { pollIntervalMs: 60_000 });
        const subscription = store.subscribeToAll({ fromPosition: await store.headPosition() });
        const received: string[] = [];
        const reading = (async () => {
          for await (const event of subscription) {
            if (event.stream !== 'behind-other-work') continue;
            received.push(event.stream);
            break;
          }
        })();
        let release!: () => void;
        const holding = new Promise<void>((held) => {
          void database.db.transaction().execute(async (trx) => {
            await sql`SELECT pg_current_xact_id()`.execute(trx); // takes a transaction id: the horizon stops here
            held();
            await new Promise<void>((done) => (release = done));
          });
        });
        await holding;
        // The append wakes the subscriber, whose read finds its event hidden behind the horizon.
        await store.appendToStream('behind-other-work', [newEvent('Hidden', {})], { expectedRevision: 'no_stream' });
        await sleep(200);
        expect(received).toEqual([]);
        const releasedAt = Date.now();
        release(); // a commit that notifies nobody
        await reading;
        expect(received).toEqual(['behind-other-work']);
        expect(Date.now() - releasedAt).toBeLessThan(2_000);
        await store.close();
      });

      it('aborts a write transaction left idle beyond the write timeout', async () => {
        const store = createPostgresEventStore(database, { writeTimeoutMs: 300 });
        const held = database.db.transaction().execute(async (trx) => {
          await store.appendInTransaction(trx, 'idle', [newEvent('Idle', {})], { expectedRevision: 'no_stream' });
          await sleep(1_000);
        });
        await expect(held).rejects.toThrow();
        expect(await store.readStream('idle')).toEqual([]);
        // The pool recovers from the terminated connection.
        await store.appendToStream('after-idle', [newEvent('After', {})], { expectedRevision: 'no_stream' });
        expect(await store.readStream('after-idle')).toHaveLength(1);
        await store.close();
      });

      it('refuses to append after another write in the same transaction', async () => {
        const store = createPostgresEventStore(database);
        await sql`CREATE TABLE IF NOT EXISTS scratch (id int)`.execute(database.db);
        const attempt = database.db.transaction().execute(async (trx) => {
          await sql`INSERT INTO scratch VALUES (1)`.execute(trx);
          await store.appendInTransaction(trx, 'second-write', [newEvent('X', {})], { expectedRevision: 'any' });
        });
        await expect(attempt).rejects.toThrow(/before any other write/);
        await store.close();
      });

      it('wakes a subscriber in another process through LISTEN/NOTIFY', async () => {
        // A second pool stands in for another process: no in-process wake-up reaches it.
        const other: Database = createPostgresDatabase({ databaseUrl: database.url! });
        const writer = createPostgresEventStore(database);
        const reader = createPostgresEventStore(other, { pollIntervalMs: 60_000 });
        const subscription = reader.subscribeToAll({ fromPosition: await writer.headPosition() });
        const received: RecordedEvent[] = [];
        // headPosition lags behind transactions still open anywhere on the server (the horizon is
        // cluster-wide), so earlier events may still arrive: look for this test's own.
        const reading = (async () => {
          for await (const event of subscription) {
            if (event.stream !== 'notified') continue;
            received.push(event);
            break;
          }
        })();
        await sleep(300); // let it catch up and LISTEN
        const startedAt = Date.now();
        await writer.appendToStream('notified', [newEvent('Notified', {})], { expectedRevision: 'no_stream' });
        await reading;
        expect(Date.now() - startedAt).toBeLessThan(5_000);
        expect(received.map((e) => e.stream)).toEqual(['notified']);
        await Promise.all([reader.close(), writer.close()]);
        await other.close();
      });

      it('sends no NOTIFY while a subscriber of its own process is live, and sends it again after', async () => {
        const listener = createPostgresDatabase({ databaseUrl: database.url! });
        const heard: number[] = [];
        const unlisten = await listener.listen('es_events', () => heard.push(Date.now()));
        const store = createPostgresEventStore(database, { pollIntervalMs: 60_000 });
        const subscription = store.subscribeToAll({ fromPosition: await store.headPosition() });
        const received: string[] = [];
        const reading = (async () => {
          for await (const event of subscription) {
            if (!event.stream.startsWith('own-subscriber-')) continue;
            received.push(event.stream);
            if (received.length === 2) break;
          }
        })();
        await sleep(300); // let it catch up
        heard.length = 0;
        await store.appendToStream('own-subscriber-1', [newEvent('Own', {})], { expectedRevision: 'no_stream' });
        await store.appendToStream('own-subscriber-2', [newEvent('Own', {})], { expectedRevision: 'no_stream' });
        // Its own subscriber is woken in process, long before its 60 s poll.
        await reading;
        expect(received).toEqual(['own-subscriber-1', 'own-subscriber-2']);
        await sleep(300);
        expect(heard).toEqual([]);
        // Without a live subscriber here, another process may hold the only one: NOTIFY again.
        await subscription.close();
        await store.appendToStream('own-subscriber-3', [newEvent('Own', {})], { expectedRevision: 'no_stream' });
        await expect.poll(() => heard.length, { timeout: 5_000 }).toBeGreaterThan(0);
        await store.close();
        await unlisten();
        await listener.close();
      });

      it('keeps a subscription alive across terminated connections', async () => {
        const store = createPostgresEventStore(database, { pollIntervalMs: 50 });
        const subscription = store.subscribeToAll({ fromPosition: await store.headPosition() });
        const received: RecordedEvent[] = [];
        const reading = (async () => {
          for await (const event of subscription) {
            if (!event.stream.startsWith('survives-')) continue;
            received.push(event);
            if (received.length === 2) break;
          }
        })();
        await store.appendToStream('survives-1', [newEvent('Before', {})], { expectedRevision: 'no_stream' });
        await expect.poll(() => received.length, { timeout: 5_000 }).toBe(1);
        // Kill every pooled connection (the subscription polls every 50 ms, so some reads fail).
        for (let i = 0; i < 5; i++) {
          await withServer((admin) =>
            admin.query(
              `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = 'sideline'`,
              [new URL(database.url!).pathname.slice(1)],
            ),
          );
          await sleep(30);
        }
        await store.appendToStream('survives-2', [newEvent('After', {})], { expectedRevision: 'no_stream' });
        await reading;
        expect(received.map((e) => e.type)).toEqual(['Before', 'After']);
        await store.close();
      });

      it('reads from START on an empty log and positions follow transaction order', async () => {
        const fresh = await createTestDatabase(eventStoreMigrations, 'postgres');
        try {
          const store = createPostgresEventStore(fresh);
          expect(await store.readAll({ fromPosition: START, limit: 10 })).toEqual([]);
          expect(await store.headPosition()).toEqual(START);
          const a = await store.appendToStream('a', [newEvent('A', {})], { expectedRevision: 'no_stream' });
          const b = await store.appendToStream('b', [newEvent('B', {})], { expectedRevision: 'no_stream' });
          expect(a.position.commit < b.position.commit).toBe(true);
          await store.close();
        } finally {
          await fresh.close();
        }
      });
    });
  },
);
