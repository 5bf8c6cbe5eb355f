import { sql } from 'kysely';
import pg from 'pg';
import {
  START,
  createPostgresEventStore,
  eventStoreMigrations,
  type NewEvent,
  type PgliteDatabase,
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

const data = {
  teamId: 'team-0001',
  body: 'See you at practice on Saturday, bring water and shin guards.',
  sentAt: '2025-05-01T10:00:00Z',
};
const metadata = {
  actorId: 'user-0001',
  correlationId: 'bench',
  causationId: null,
  occurredAt: '2025-05-01T10:00:00.000Z',
};
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

interface Baseline {
  label: string;
  insert: () => Promise<unknown>;
}

/** Raw single-row INSERT commits, the way the app's own queries run (kysely, parameterised). */
function baselines(database: TestDatabase): Baseline[] {
  const list: Baseline[] = [
    {
      label: 'raw inserts/s',
      insert: () => sql`INSERT INTO bench_raw (payload) VALUES (${rawPayload}::jsonb)`.execute(database.db),
    },
  ];
  const pglite = (database as Partial<PgliteDatabase>).pglite;
  if (pglite) {
    // Appends on PGlite go through its simple-query protocol (one call into the wasm server
    // instead of five): compare with raw inserts sent the same way too, so that part of the
    // speed-up is not mistaken for a cheaper append.
    const text = `INSERT INTO bench_raw (payload) VALUES (${pg.escapeLiteral(rawPayload)}::jsonb)`;
    list.push({
      label: 'raw inserts/s, simple query',
      insert: () => database.db.connection().execute(() => pglite.exec(text)),
    });
  }
  return list;
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
  const raws = baselines(database);

  // Warm up connections, plans and the plpgsql function cache.
  for (const { insert } of raws) await forDuration(writers, 300, insert);
  await forDuration(writers, 300, append);
  const rawRates = raws.map(() => [] as number[]);
  const appendRates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, { insert }] of raws.entries()) rawRates[i]!.push(await forDuration(writers, PHASE_MS, insert));
    appendRates.push(await forDuration(writers, PHASE_MS, append));
  }
  return {
    appendRate: median(appendRates),
    baselines: raws.map(({ label }, i) => ({
      label,
      rate: median(rawRates[i]!),
      // Per-round ratios: a shared machine's load drifts, and a round's phases are adjacent.
      ratio: median(appendRates.map((a, round) => a / rawRates[i]![round]!)),
    })),
  };
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
      const { appendRate, baselines: measured } = await appendsVersusRaw(database, store, writers);
      for (const [i, baseline] of measured.entries()) {
        rows.push({
          target: label,
          metric: i === 0 ? `appends/s, ${writers} writer${writers > 1 ? 's' : ''}` : '',
          value: i === 0 ? fmt(appendRate) : '',
          baseline: `${fmt(baseline.rate)} ${baseline.label}`,
          ratio: `${baseline.ratio.toFixed(2)} (median of ${ROUNDS} rounds)`,
          goal: baseline.ratio >= 0.6 ? 'ok (≥ 0.6)' : 'MISSED (< 0.6)',
        });
      }
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
