import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { chatDecider, emptyChatState, userDecider, type ChatEvent, type IdentityEvent } from '@sideline/domain';
import {
  comparePositions,
  createInProcessBus,
  createLogger,
  createPostgresDatabase,
  createPostgresEventStore,
  enableMetrics,
  eventStoreMigrations,
  type Bus,
  type BusMessage,
  type Database,
  type Position,
  START,
} from '@sideline/infra';
import { createTestDatabase, postgresAvailable, requireServices, type TestDatabase } from '@sideline/infra/testing';
import { chatProjector } from '../src/chat/chat-projector.ts';
import { usersProjector } from '../src/identity/users-projector.ts';
import { projectionMigrations } from '../src/registry.ts';
import { readCheckpoint } from '../src/runner/checkpoints.ts';
import { advisoryLockLeadership, findLeader } from '../src/runner/leadership.ts';
import { ProjectionProgress } from '../src/runner/progress.ts';
import { ProjectionRunner } from '../src/runner/projection-runner.ts';
import type { Projector } from '../src/runner/projector.ts';

const registry = await enableMetrics();
const redeliveriesCounted = async () =>
  (await registry.getSingleMetric('sideline_bus_redeliveries_total')!.get()).values[0]?.value ?? 0;

// Leadership is between processes sharing one PostgreSQL database; each "process" here is a
// runner with its own pool, bus connection and progress, as in split mode.
const reachable = await postgresAvailable();
if (!reachable && requireServices()) throw new Error('PostgreSQL is required (SIDELINE_REQUIRE_SERVICES=1)');
if (!reachable) console.warn('[skip] projection leadership: PostgreSQL is unreachable');

const tallyMigrations: Record<string, Migration> = {
  '1900_test_tally': {
    async up(db: Kysely<any>) {
      await sql`CREATE TABLE test_tally (key text PRIMARY KEY, applied integer NOT NULL)`.execute(db);
    },
  },
};

/** Counts applications per key, so an event applied twice shows. */
const tallyProjector: Projector = {
  name: 'tally',
  handles: ['Tallied'],
  tables: ['test_tally'],
  async apply(trx, events) {
    for (const event of events) {
      const { key } = event.data as { key: string };
      await sql`INSERT INTO test_tally (key, applied) VALUES (${key}, 1)
                ON CONFLICT (key) DO UPDATE SET applied = test_tally.applied + 1`.execute(trx);
    }
  },
};

const logger = createLogger({ level: 'silent' });
const meta = () => ({ actorId: null, correlationId: 'c', causationId: null, occurredAt: new Date().toISOString() });

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of open.splice(0).reverse()) await close().catch(() => undefined);
});

async function database(): Promise<TestDatabase> {
  const db = await createTestDatabase(
    { ...eventStoreMigrations, ...projectionMigrations, ...tallyMigrations },
    'postgres',
  );
  open.push(() => db.close());
  return db;
}

/** A process of the projector role: its own pool, event store reader and progress. */
function projectorProcess(url: string, bus: Bus, processId: string, projectors: Projector[]) {
  const database: Database = createPostgresDatabase({ databaseUrl: url, maxConnections: 4 });
  const eventStore = createPostgresEventStore(database);
  const progress = new ProjectionProgress(
    bus,
    projectors.map((p) => p.name),
  );
  const runner = new ProjectionRunner({
    database,
    eventStore,
    bus,
    projectors,
    logger,
    progress,
    retryDelaysMs: [5],
    announceMs: 100,
    leadership: advisoryLockLeadership({ database, logger, processId, pollMs: 100, heartbeatMs: 100 }),
  });
  open.push(async () => {
    await runner.stop();
    progress.close();
    await eventStore.close();
    await database.close();
  });
  return { runner, progress, database };
}

/** Ends the leader's lock session from the server side, as a crash or a network cut would. */
async function killLeaderSession(db: Kysely<any>, processId: string): Promise<void> {
  const { rows } = await sql<{ killed: boolean }>`
    SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity
     WHERE datname = current_database() AND application_name = ${'sideline-leader:' + processId}`.execute(db);
  expect(rows).toEqual([{ killed: true }]);
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function tally(db: Kysely<any>) {
  return (await sql<{ key: string; applied: number }>`SELECT key, applied FROM test_tally ORDER BY key`.execute(db))
    .rows;
}

const states = (runner: ProjectionRunner) => [...new Set(runner.status().map((s) => s.state))];

describe.skipIf(!reachable)('projection leadership on PostgreSQL (one leader, standbys take over)', () => {
  it('a second runner without leadership cannot apply events twice: the checkpoint compare-and-set refuses it', async () => {
    const db = await database();
    const eventStore = createPostgresEventStore(db);
    open.push(() => eventStore.close());
    const bus = createInProcessBus();
    let last = null as Position | null;
    for (let i = 0; i < 40; i++) {
      last = (
        await eventStore.appendToStream(`t-${i % 4}`, [{ type: 'Tallied', data: { key: `k${i}` }, metadata: meta() }], {
          expectedRevision: 'any',
        })
      ).position;
    }
    const runners = [0, 1].map(
      () => new ProjectionRunner({ database: db, eventStore, bus, projectors: [tallyProjector], logger, batchSize: 5 }),
    );
    for (const runner of runners) open.push(() => runner.stop());
    await Promise.all(runners.map((r) => r.start()));
    await Promise.all(runners.map((r) => r.waitUntil(last!)));

    const rows = await tally(db.db);
    expect(rows).toHaveLength(40);
    expect(rows.filter((r) => r.applied !== 1)).toEqual([]);
    const failed = runners.flatMap((r) => r.status()).filter((s) => s.state === 'failed');
    expect(failed.map((s) => s.error)).toEqual(['The checkpoint of tally was moved by another writer']);
  });

  it('one runner leads, the other stands by; killing the leader session under load hands over with every event applied once', async () => {
    const db = await database();
    const bus = createInProcessBus();
    open.push(() => bus.close());
    const a = projectorProcess(db.url!, bus, 'runner-a', [tallyProjector]);
    const b = projectorProcess(db.url!, bus, 'runner-b', [tallyProjector]);
    await a.runner.start();
    await b.runner.start();
    expect(states(a.runner)).toEqual(['running']);
    expect(states(b.runner)).toEqual(['standby']);
    expect(await findLeader(db.db)).toBe('runner-a');

    const eventStore = createPostgresEventStore(db);
    open.push(() => eventStore.close());
    let appended = 0;
    let last = null as Position | null;
    const append = async (count: number) => {
      for (let i = 0; i < count; i++, appended++) {
        last = (
          await eventStore.appendToStream(
            `t-${appended % 7}`,
            [{ type: 'Tallied', data: { key: `k${String(appended).padStart(4, '0')}` }, metadata: meta() }],
            { expectedRevision: 'any' },
          )
        ).position;
      }
    };
    await append(100);
    // Kill the leader's session while appends keep coming.
    const load = append(300);
    await until(async () => (await tally(db.db)).length >= 150, 'the leader applied some of the load');
    await killLeaderSession(db.db, 'runner-a');
    await load;

    await until(() => states(b.runner).join() === 'running', 'runner-b took over');
    await b.runner.waitUntil(last!);
    await until(() => states(a.runner).join() === 'standby', 'runner-a stood by');
    expect(await findLeader(db.db)).toBe('runner-b');
    const rows = await tally(db.db);
    expect(rows).toHaveLength(400);
    expect(rows.filter((r) => r.applied !== 1)).toEqual([]);
    expect(await readCheckpoint(db.db, 'tally')).toEqual(last);
    // Read-your-writes keeps working through the new leader.
    expect(await a.progress.waitFor(last!, 5_000)).toBe(true);
  });

  it('a new leader re-announces chat the old one committed but died before announcing', async () => {
    const db = await database();
    const bus = createInProcessBus();
    open.push(() => bus.close());
    const frames: BusMessage[] = [];
    bus.subscribe('sideline.team.*.message', (message) => void frames.push(message));
    // The old leader's bus connection: what it publishes after `dead` is set never leaves the
    // process, as when it is killed between a commit and the flush of its notices.
    let dead = false;
    const leaderBus: Bus = Object.assign(Object.create(bus) as Bus, {
      publish: (subject: string, data: unknown) => (dead ? Promise.resolve() : bus.publish(subject, data)),
    });
    const a = projectorProcess(db.url!, leaderBus, 'runner-a', [usersProjector, chatProjector]);
    const b = projectorProcess(db.url!, bus, 'runner-b', [usersProjector, chatProjector]);
    await a.runner.start();
    await b.runner.start();

    const eventStore = createPostgresEventStore(db);
    open.push(() => eventStore.close());
    const teamId = randomUUID();
    const userId = randomUUID();
    const registered = userDecider.decide(
      { type: 'RegisterUser', data: { userId, name: 'Pat Parent', email: 'pat@example.com', role: 'parent' } },
      userDecider.initialState,
    ) as IdentityEvent[];
    await eventStore.appendToStream(
      `user-${userId}`,
      registered.map((e) => ({ ...e, metadata: meta() })),
      { expectedRevision: 'no_stream' },
    );
    const send = async (text: string) => {
      const messageId = randomUUID();
      const events = chatDecider.decide(
        { type: 'SendMessage', data: { teamId, messageId, userId, text, mediaUrl: null, clientId: null } },
        emptyChatState,
      ) as ChatEvent[];
      const { position } = await eventStore.appendToStream(
        `chat-${teamId}`,
        events.map((e) => ({ ...e, metadata: meta() })),
        { expectedRevision: 'any' },
      );
      return { messageId, position };
    };
    const texts = () => frames.map((f) => (f.data as { payload: { message: { text: string } } }).payload.message.text);

    const first = await send('Bus leaves at 8');
    await until(() => texts().includes('Bus leaves at 8'), 'the first message was announced');
    // b has heard a announce the first message's position (a repeats its positions every 100 ms).
    await until(
      () => comparePositions(b.progress.announced('chat') ?? START, first.position) >= 0,
      "b heard a's position",
    );
    dead = true;
    const second = await send('Bring water');
    await until(
      async () => comparePositions(await readCheckpoint(db.db, 'chat'), second.position) >= 0,
      'the old leader committed the second message',
    );
    expect(texts()).toEqual(['Bus leaves at 8']);

    const redeliveries = await redeliveriesCounted();
    await killLeaderSession(db.db, 'runner-a');
    await until(() => texts().includes('Bring water'), 'the new leader announced the second message');
    expect(texts()).toEqual(['Bus leaves at 8', 'Bring water']);
    // Counted on /metrics as redeliveries: the chat notice (and any other the new leader had not heard announced).
    expect((await redeliveriesCounted()) - redeliveries).toBeGreaterThanOrEqual(1);
    expect(frames[1]!.data).toMatchObject({
      type: 'new_message',
      payload: { message: { id: second.messageId, teamId, senderName: 'Pat Parent', content: 'Bring water' } },
    });
    expect(states(b.runner)).toEqual(['running']);
  });
});
