import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  orgDecider,
  orgStream,
  seasonDecider,
  seasonStream,
  teamDecider,
  teamStream,
  userDecider,
  userStream,
} from '@sideline/domain';
import { createInProcessBus, type Database } from '@sideline/infra';
import { createTestDatabase, postgresAvailable } from '@sideline/infra/testing';
import { allMigrations } from '../command-api/src/migrations.ts';
import { startBenchServer } from './bench-server.ts';

const EVENTS = Number(process.env.ACTIVITY_BENCH_EVENTS ?? 1_000_000);
const PEOPLE = 200;
const TEAMS = 20;
const CONCURRENCY = 16;
const SECONDS = Number(process.env.ACTIVITY_BENCH_SECONDS ?? 10);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function run(label: string, database: Database): Promise<string[]> {
  const bus = createInProcessBus();
  const { server, url, close: closeServer } = await startBenchServer(database, bus);
  const db = database.db;

  // The organization, its people and teams through the real commands.
  const setupStarted = performance.now();
  const person = async (i: number) => {
    const userId = randomUUID();
    await server.handle(
      userDecider,
      userStream(userId),
      { type: 'RegisterUser', data: { userId, name: `Person ${i}`, email: `${userId}@bench.test`, role: 'parent' } },
      { actorId: userId },
    );
    return userId;
  };
  const adminId = await person(0);
  const people = [adminId];
  for (let i = 1; i < PEOPLE; i++) people.push(await person(i));
  const cookie = `sideline_session=${await server.sessions.create(adminId, {})}`;
  const orgId = randomUUID();
  await server.handle(
    orgDecider,
    orgStream(orgId),
    {
      type: 'CreateOrganization',
      data: { orgId, name: 'Bench FC', description: null, timezone: 'UTC', defaultSport: 'Soccer', creatorId: adminId },
    },
    { actorId: adminId },
  );
  const seasonId = randomUUID();
  await server.handle(
    seasonDecider,
    seasonStream(seasonId),
    {
      type: 'CreateSeason',
      data: {
        seasonId,
        orgId,
        name: 'Spring',
        sportId: 'soccer',
        startDate: '2026-03-01',
        endDate: '2026-06-30',
        isActive: true,
        by: adminId,
        byIsOrgAdmin: true,
      },
    },
    { actorId: adminId },
  );
  const teams: string[] = [];
  for (let t = 0; t < TEAMS; t++) {
    const teamId = randomUUID();
    await server.handle(
      teamDecider,
      teamStream(teamId),
      {
        type: 'CreateOrgTeam',
        data: {
          teamId,
          orgId,
          seasonId,
          name: `Team ${t}`,
          sport: 'Soccer',
          ageGroup: null,
          code: `BEN${String(t).padStart(3, '0')}`,
          creatorId: adminId,
          coachId: null,
          byIsOrgAdmin: true,
        },
      },
      { actorId: adminId },
    );
    teams.push(teamId);
  }

  // 1,000,000 audit rows of the organization, bulk-loaded into the read model in one statement
  // per 250,000 (generate_series), as the projector would have written them: ten event types,
  // 200 people, 20 teams, one event a few seconds apart over ~2 months.
  const loadStarted = performance.now();
  const types = [
    'MessageSent',
    'RsvpRecorded',
    'MessageSent',
    'MediaLiked',
    'MessageSent',
    'EventScheduled',
    'MessageEdited',
    'MemberJoined',
    'MessageDeleted',
    'StatRecorded',
  ];
  const start = Date.parse('2026-03-01T00:00:00Z');
  for (let from = 1; from <= EVENTS; from += 250_000) {
    const to = Math.min(EVENTS, from + 249_999);
    await sql`
      INSERT INTO org_activity (id, org_id, team_id, actor_id, subject_id, description, occurred_at, type, position,
        pos_commit, pos_prepare)
      SELECT 'bench-' || g, ${orgId}, (${sql.val(teams)}::text[])[1 + g % ${TEAMS}],
        (${sql.val(people)}::text[])[1 + (g * 7) % ${PEOPLE}], (${sql.val(people)}::text[])[1 + (g * 13) % ${PEOPLE}],
        '{subject} wrote in Team ' || (g % ${TEAMS}) || ': “bench message number ' || g || '”',
        to_timestamp(${start / 1000} + g * 5), (${sql.val(types)}::text[])[1 + g % 10], g || '/' || g, g, g
      FROM generate_series(${from}::bigint, ${to}::bigint) g`.execute(db);
  }
  // Statistics and the visibility map, as autovacuum would soon give a bulk-loaded table (without
  // it, autovacuum starts on the million new rows during the first measurement).
  await sql`VACUUM ANALYZE org_activity`.execute(db);
  await sql`ANALYZE org_activity_names, users, teams, team_members, sessions`.execute(db);
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  const load = async (path: () => string) => {
    const get = async () => {
      const response = await fetch(`${url}${path()}`, { headers: { cookie } });
      if (response.status !== 200) throw new Error(`${path()}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    };
    for (let i = 0; i < 30; i++) await get();
    const latencies: number[] = [];
    const started = performance.now();
    const end = started + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < end) {
          const at = performance.now();
          await get();
          latencies.push(performance.now() - at);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return `${fmt(latencies.length / elapsed)} | ${percentile(latencies, 50).toFixed(1)} | ${percentile(latencies, 99).toFixed(1)}`;
  };

  // A cursor half-way down the log (a deep page).
  const middle = String(Math.floor(EVENTS / 2));
  const midCursor = (
    await sql<{ position: string }>`SELECT position FROM org_activity WHERE id = ${`bench-${middle}`}`.execute(db)
  ).rows[0]!.position;
  let k = 0;
  const rows: string[] = [];
  // The baseline first and last: on a shared machine the load drifts during the run.
  rows.push(`| ${label} | baseline GET /api/teams (before) | ${await load(() => '/api/teams')} |`);
  rows.push(`| ${label} | first page (50) | ${await load(() => '/api/admin/activity?limit=50')} |`);
  rows.push(
    `| ${label} | deep page (cursor at 500k) | ${await load(() => `/api/admin/activity?limit=50&cursor=${midCursor}`)} |`,
  );
  rows.push(
    `| ${label} | by person (actor or subject) | ${await load(() => `/api/admin/activity?limit=50&userId=${people[k++ % PEOPLE]}`)} |`,
  );
  rows.push(
    `| ${label} | by team + type | ${await load(() => `/api/admin/activity?limit=50&teamId=${teams[k++ % TEAMS]}&type=MessageDeleted`)} |`,
  );
  rows.push(
    `| ${label} | by date range (one day) | ${await load(() => `/api/admin/activity?limit=50&from=2026-04-0${1 + (k++ % 9)}T00:00:00Z&to=2026-04-1${k % 9}T00:00:00Z`)} |`,
  );
  rows.push(`| ${label} | baseline GET /api/teams (after) | ${await load(() => '/api/teams')} |`);

  // The CSV export of the whole million, streamed; memory is sampled while it runs.
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 100);
  const exportStarted = performance.now();
  const response = await fetch(`${url}/api/admin/activity?format=csv`, { headers: { cookie } });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
  }
  const exportSeconds = (performance.now() - exportStarted) / 1000;
  clearInterval(sampler);
  if (lines - 1 < EVENTS) throw new Error(`export had ${lines - 1} rows`);
  rows.push(
    `| ${label} | CSV export of all ${fmt(lines - 1)} rows | ${exportSeconds.toFixed(1)} s, ${fmt(
      (lines - 1) / exportSeconds,
    )} rows/s, ${(bytes / 2 ** 20).toFixed(0)} MiB, RSS +${((rssPeak - rssBefore) / 2 ** 20).toFixed(0)} MiB (server and client in one process) | |`,
  );
  rows.push(
    `| ${label} | setup | ${setupSeconds.toFixed(0)} s (bulk load of ${fmt(EVENTS)} rows + VACUUM ANALYZE: ${loadSeconds.toFixed(0)} s) | |`,
  );
  await closeServer();
  await bus.close();
  return rows;
}

/** GET /api/admin/activity (pages, filters, CSV export) over 1,000,000 events of one organization, beside GET /api/teams. */
export async function benchActivity(): Promise<void> {
  const rows: string[] = [];
  const kind = (await postgresAvailable()) ? 'postgres' : 'pglite';
  const database = await createTestDatabase(allMigrations, kind);
  try {
    rows.push(...(await run(kind === 'postgres' ? 'PostgreSQL' : 'PGlite', database)));
  } finally {
    await database.close();
  }
  console.log(`| database | read | req/s | p50 ms | p99 ms |`);
  console.log('|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}
