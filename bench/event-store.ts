import { sql } from 'kysely';
import {
  START,
  createPostgresEventStore,
  eventStoreMigrations,
  type NewEvent,
  type PostgresEventStore,
} from '@sideline/infra';
import { createTestDatabase, postgresAvailable, testServerUrl, type TestDatabase } from '@sideline/infra/testing';

/**
 * Event store throughput beside the server's own ceiling, measured in the same run:
 * - appends/s: single-event appends, each its own transaction, by 1 and 8 concurrent writers on
 *   separate streams, against raw single-row INSERT commits/s (one per transaction, same payload,
 *   same pool) on the same database;
 * - catch-up: events/s through subscribeToAll from START into a no-op consumer.
 * Goals: appends ≥ 0.6 × raw inserts; catch-up ≥ 50,000 events/s.
 */

const PHASE_MS = Number(process.env.BENCH_PHASE_MS ?? 1_500);
const ROUNDS = 3; // raw and append phases alternate, so drift on a shared machine hits both
const CATCH_UP_EVENTS = Number(process.env.BENCH_CATCH_UP_EVENTS ?? 50_000);

interface Row {
  target: string;
  metric: string;
  value: string;
  baseline: string;
  ratio: string;
  goal: string;
}

const data = { teamId: 'team-0001', body: 'See you at practice on Saturday, bring water and shin guards.', sentAt: '2025-05-01T10:00:00Z' };
const metadata = { actorId: 'user-0001', correlationId: 'bench', causationId: null, occurredAt: '2025-05-01T10:00:00.000Z' };
const event = (): NewEvent => ({ type: 'MessageSent', data, metadata });
const rawPayload = JSON.stringify({ type: 'MessageSent', data, metadata });

async function forDuration(writers: number, ms: number, op: (writer: number) => Promise<unknown>): Promise<number> {
  let count = 0;
  const deadline = performance.now() + ms;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      while (performance.now() < deadline) {
        await op(w);
        count += 1;
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

async function appendsVersusRaw(database: TestDatabase, store: PostgresEventStore, writers: number) {
  const revisions = new Map<string, number>();
  const append = async (w: number) => {
    const stream = `bench-${writers}-${w}`;
    const current = revisions.get(stream);
    const result = await store.appendToStream(stream, [event()], {
      expectedRevision: current === undefined ? 'no_stream' : current,
    });
    revisions.set(stream, result.nextExpectedRevision);
  };
  const raw = () => sql`INSERT INTO bench_raw (payload) VALUES (${rawPayload}::jsonb)`.execute(database.db);

  // Warm up connections, plans and the plpgsql function cache.
  await forDuration(writers, 300, raw);
  await forDuration(writers, 300, append);
  const raws: number[] = [];
  const appends: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    raws.push(await forDuration(writers, PHASE_MS, raw));
    appends.push(await forDuration(writers, PHASE_MS, append));
  }
  const rawRate = median(raws);
  const appendRate = median(appends);
  // Per-round ratios: the load of a shared machine drifts, and a round's two phases are adjacent.
  const ratio = median(appends.map((a, i) => a / raws[i]!));
  return { rawRate, appendRate, ratio };
}

async function seed(store: PostgresEventStore, total: number): Promise<void> {
  const perAppend = 100;
  const streams = 50;
  const revisions = new Array<number | undefined>(streams).fill(undefined);
  for (let i = 0; i < total / perAppend; i++) {
    const s = i % streams;
    const current = revisions[s];
    const result = await store.appendToStream(`seed-${s}`, Array.from({ length: perAppend }, event), {
      expectedRevision: current === undefined ? 'no_stream' : current,
    });
    revisions[s] = result.nextExpectedRevision;
  }
}

async function catchUp(store: PostgresEventStore, total: number): Promise<number> {
  const started = performance.now();
  const subscription = store.subscribeToAll({ fromPosition: START });
  let seen = 0;
  for await (const _ of subscription) {
    if (++seen >= total) break;
  }
  return seen / ((performance.now() - started) / 1000);
}

async function benchTarget(kind: 'pglite' | 'postgres', rows: Row[]): Promise<void> {
  const label = kind === 'pglite' ? 'PGlite (in memory)' : `PostgreSQL ${new URL(testServerUrl()).host}`;
  const database = await createTestDatabase(eventStoreMigrations, kind);
  const store = createPostgresEventStore(database);
  try {
    await sql`CREATE TABLE bench_raw (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, payload jsonb NOT NULL)`.execute(
      database.db,
    );
    for (const writers of [1, 8]) {
      const { rawRate, appendRate, ratio } = await appendsVersusRaw(database, store, writers);
      rows.push({
        target: label,
        metric: `appends/s, ${writers} writer${writers > 1 ? 's' : ''}`,
        value: fmt(appendRate),
        baseline: `${fmt(rawRate)} raw inserts/s`,
        ratio: `${ratio.toFixed(2)} (median of ${ROUNDS} rounds)`,
        goal: ratio >= 0.6 ? 'ok (≥ 0.6)' : 'MISSED (< 0.6)',
      });
      console.error(`  ${label}: ${writers} writer(s) done`);
    }
    await seed(store, CATCH_UP_EVENTS);
    const rates: number[] = [];
    for (let i = 0; i < 3; i++) rates.push(await catchUp(store, CATCH_UP_EVENTS));
    const best = Math.max(...rates);
    rows.push({
      target: label,
      metric: `catch-up events/s (${fmt(CATCH_UP_EVENTS)} events, best of 3)`,
      value: fmt(best),
      baseline: `runs: ${rates.map(fmt).join(', ')}`,
      ratio: '',
      goal: best >= 50_000 ? 'ok (≥ 50,000)' : 'MISSED (< 50,000)',
    });
  } finally {
    await store.close();
    await database.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function fmt(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

function printTable(rows: Row[]): void {
  const headers: (keyof Row)[] = ['target', 'metric', 'value', 'baseline', 'ratio', 'goal'];
  const widths = headers.map((h) => Math.max(h.length, ...rows.map((r) => r[h].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' │ ');
  console.log(line(headers));
  console.log(widths.map((w) => '─'.repeat(w)).join('─┼─'));
  for (const row of rows) console.log(line(headers.map((h) => row[h])));
}

export async function benchEventStore(): Promise<void> {
  const rows: Row[] = [];
  const kinds: ('pglite' | 'postgres')[] = ['pglite'];
  if (await postgresAvailable()) kinds.push('postgres');
  else console.error(`PostgreSQL unreachable at ${testServerUrl()}: benchmarking PGlite only`);
  for (const kind of kinds) {
    console.error(`benchmarking ${kind}…`);
    await benchTarget(kind, rows);
  }
  printTable(rows);
}
