import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { userDecider, userStream, type MediaKind, type MediaUploaded } from '@sideline/domain';
import { createInProcessBus, type Database, type NewEvent, type Position } from '@sideline/infra';
import { createTestDatabase, postgresAvailable } from '@sideline/infra/testing';
import { allMigrations } from '../command-api/src/migrations.ts';
import { startBenchServer } from './bench-server.ts';

const ITEMS = Number(process.env.MEDIA_BENCH_ITEMS ?? 50_000);
const LIKES = Math.floor(ITEMS / 10);
const BATCH = 1000;
const CONCURRENCY = 16;
const SECONDS = 8;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Closed loop: CONCURRENCY clients, each sending the next request when the last answered. */
async function load(url: string, cookie: string): Promise<{ rps: number; p50: number; p99: number; errors: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const response = await fetch(url, { headers: { cookie } });
        const body = (await response.json()) as unknown[];
        latencies.push(performance.now() - t0);
        if (response.status !== 200 || !Array.isArray(body) || body.length === 0) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors };
}

async function run(label: string, database: Database): Promise<string[]> {
  const bus = createInProcessBus();
  const { server, url, eventStore, close: closeServer } = await startBenchServer(database, bus);
  try {
    const userId = randomUUID();
    await server.handle(
      userDecider,
      userStream(userId),
      { type: 'RegisterUser', data: { userId, name: 'Bench Coach', email: `${userId}@bench.test`, role: 'coach' } },
      { actorId: userId },
    );
    const cookie = `sideline_session=${await server.sessions.create(userId, {})}`;
    const created = await fetch(`${url}/api/teams`, {
      method: 'POST',
      headers: { cookie, origin: url, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench Team', sport: 'Soccer' }),
    });
    const team = (await created.json()) as { id: string };

    // The store: ITEMS uploads (a third of them videos or highlights), appended straight to the log
    // in batches (one stream per batch: the read path does not care which stream an event is in).
    const setupStarted = performance.now();
    const ids: string[] = [];
    let last: Position | null = null;
    const base = Date.now() - ITEMS * 60_000;
    for (let b = 0; b < ITEMS; b += BATCH) {
      const events: NewEvent[] = [];
      for (let i = b; i < Math.min(ITEMS, b + BATCH); i++) {
        const mediaId = randomUUID();
        ids.push(mediaId);
        const kind: MediaKind = i % 3 === 0 ? 'photo' : i % 3 === 1 ? 'video' : i % 9 === 2 ? 'highlight' : 'photo';
        const data: MediaUploaded['data'] = {
          mediaId,
          teamId: team.id,
          uploaderId: userId,
          kind,
          title: `Item ${i}`,
          description: '',
          contentType: kind === 'photo' ? 'image/jpeg' : 'video/mp4',
          bytes: 1000,
          width: 640,
          height: 480,
          url: `/api/media/${mediaId}.${kind === 'photo' ? 'jpg' : 'mp4'}`,
          thumbnailUrl: `/api/media/${mediaId}-thumb.webp`,
          durationSeconds: kind === 'photo' ? null : 30 + (i % 90),
        };
        const occurredAt = new Date(base + i * 60_000).toISOString();
        events.push({
          type: 'MediaUploaded',
          data,
          metadata: { actorId: userId, correlationId: 'bench', causationId: null, occurredAt },
        });
      }
      last = (await eventStore.appendToStream(`media-bench-${b / BATCH}`, events, { expectedRevision: 'any' }))
        .position;
    }
    // Likes by the viewer on a tenth of the items (the list joins them for likedByMe).
    const likes: NewEvent[] = ids.slice(-LIKES).map((mediaId) => ({
      type: 'MediaLiked',
      data: { mediaId, teamId: team.id, userId },
      metadata: { actorId: userId, correlationId: 'bench', causationId: null, occurredAt: new Date().toISOString() },
    }));
    for (let b = 0; b < likes.length; b += BATCH) {
      last = (
        await eventStore.appendToStream(`media-bench-likes-${b}`, likes.slice(b, b + BATCH), {
          expectedRevision: 'any',
        })
      ).position;
    }
    if (!(await server.progress.waitFor(last!, 600_000))) throw new Error('the media projection did not catch up');
    // PostgreSQL's autovacuum would analyze the freshly loaded tables within a minute; PGlite has
    // no autovacuum. Without statistics the planner guesses "a few rows" and sorts a bitmap scan.
    await sql`ANALYZE media`.execute(database.db);
    await sql`ANALYZE media_likes`.execute(database.db);
    const setupSeconds = (performance.now() - setupStarted) / 1000;

    const path = `${url}/api/teams/${team.id}/media`;
    const deepCursor = ids[Math.floor(ITEMS / 2)]!;
    const scenarios: Array<[string, string]> = [
      ['first page (30), all', path],
      ['first page (30), videos', `${path}?type=video`],
      ['page from the middle (cursor)', `${path}?before=${deepCursor}`],
    ];
    const rows: string[] = [];
    for (const [name, target] of scenarios) {
      await load(target, cookie); // warm-up pass is the first measurement's cost otherwise
      const r = await load(target, cookie);
      rows.push(
        `| ${label} | ${name} | ${ITEMS.toLocaleString('en')} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${setupSeconds.toFixed(0)} s |`,
      );
    }
    return rows;
  } finally {
    await closeServer();
    await bus.close();
  }
}

/** GET /api/teams/{id}/media requests/s and latency with 50,000 items in the store (embedded, then PostgreSQL). */
export async function benchMedia(): Promise<void> {
  const rows: string[] = [];
  {
    const database = await createTestDatabase(allMigrations, 'pglite');
    try {
      rows.push(...(await run('embedded (PGlite)', database)));
    } finally {
      await database.close();
    }
  }
  if (await postgresAvailable()) {
    const database = await createTestDatabase(allMigrations, 'postgres');
    try {
      rows.push(...(await run('PostgreSQL', database)));
    } finally {
      await database.close();
    }
  } else {
    rows.push('| PostgreSQL | skipped: PostgreSQL unreachable | | | | | | |');
  }
  console.log(`${CONCURRENCY} concurrent clients, ${SECONDS} s per scenario (after an equal warm-up)\n`);
  console.log('| mode | request | items | req/s | p50 ms | p99 ms | errors | setup |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}
