import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createInProcessBus, type Database } from '@sideline/infra';
import { createTestDatabase, postgresAvailable } from '@sideline/infra/testing';
import { allMigrations } from '../command-api/src/migrations.ts';
import { readJson, signUp } from '../command-api/test/http-client.ts';
import { startBenchServer } from './bench-server.ts';

/** The child: 5,000 rows of their own (answers and stats). */
const ANSWERS = Number(process.env.EXPORT_BENCH_ANSWERS ?? 4_000);
const STATS = Number(process.env.EXPORT_BENCH_STATS ?? 1_000);
const RUNS = Number(process.env.EXPORT_BENCH_RUNS ?? 5);
const GOAL_SECONDS = 5;

/** The export really holds the child's rows (read back with Info-ZIP's unzip, where installed). */
function checkRows(zip: Buffer, dir: string) {
  if (!existsSync('/usr/bin/unzip')) return;
  const file = path.join(dir, 'export.zip');
  writeFileSync(file, zip);
  const count = (name: string) =>
    (
      JSON.parse(
        execFileSync('/usr/bin/unzip', ['-p', file, name], { maxBuffer: 64 * 2 ** 20 }).toString('utf8'),
      ) as unknown[]
    ).length;
  const [answers, stats] = [count('attendance.json'), count('match-stats.json')];
  if (answers !== ANSWERS || stats !== STATS) throw new Error(`export held ${answers} answers and ${stats} stats`);
}

async function run(label: string, database: Database): Promise<string[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sideline-export-bench-'));
  const bus = createInProcessBus();
  const { url, close: closeServer } = await startBenchServer(database, bus, { DATA_DIR: dataDir });
  try {
    // A team, its coach, a parent and the child, linked, through the real API.
    const coach = await signUp(url, 'coach', 'Bench Coach');
    const parent = await signUp(url, 'parent', 'Bench Parent');
    const team = await readJson(await coach.post('/api/teams', { name: 'Bench Hawks', sport: 'Soccer' }));
    const joined = await parent.post('/api/teams/join', { code: team.code });
    if (joined.status !== 200) throw new Error(`join: ${joined.status} ${await joined.text()}`);
    const { player } = await readJson(await coach.post(`/api/teams/${team.id}/players`, { name: 'Mia Bench' }));
    const linked = await coach.post(`/api/teams/${team.id}/players/${player.id}/guardians`, { userId: parent.userId });
    if (linked.status !== 200) throw new Error(`guardian: ${linked.status} ${await linked.text()}`);

    // The child's history, bulk-loaded into the read models as their projectors write them: one
    // answer per daily occurrence of ten series, and stats over 100 matches. Seeding thousands of
    // answers through the API takes minutes; the export reads only these tables.
    const loadStarted = performance.now();
    await sql`
      INSERT INTO calendar_player_rsvps (event_id, occurrence_date, player_id, team_id, id, status, answered_by,
        updated_at, late_change)
      SELECT 'bench-event-' || (g % 10), timestamptz '2020-01-01 17:00Z' + (g / 10) * interval '1 day', ${player.id},
        ${team.id}, 'bench-rsvp-' || g, (ARRAY['yes', 'no', 'maybe'])[1 + g % 3], ${parent.userId},
        timestamptz '2020-01-01 12:00Z' + (g / 10) * interval '1 day', g % 17 = 0
      FROM generate_series(0, ${ANSWERS - 1}) g`.execute(database.db);
    await sql`
      INSERT INTO match_stats (id, match_id, season_id, participant_id, user_id, player_id, team_id, side, stat_type,
        value_h, context, recorded_at, amended, seq)
      SELECT 'bench-stat-' || lpad(g::text, 6, '0'), 'bench-match-' || (g % 100), 'bench-season', 'bench-participant',
        NULL, ${player.id}, ${team.id}, 'a', (ARRAY['goal', 'assist', 'shot', 'save'])[1 + g % 4], 2, NULL,
        timestamptz '2020-01-01 17:00Z' + g * interval '1 hour', false, g
      FROM generate_series(0, ${STATS - 1}) g`.execute(database.db);
    await sql`ANALYZE calendar_player_rsvps, match_stats`.execute(database.db);
    const loadSeconds = (performance.now() - loadStarted) / 1000;

    const exportUrl = `/api/teams/${team.id}/players/${player.id}/export`;
    const timings: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS + 1; i++) {
      const started = performance.now();
      const response = await parent.get(exportUrl);
      if (response.status !== 200) throw new Error(`export: ${response.status} ${await response.text()}`);
      const zip = Buffer.from(await response.arrayBuffer());
      bytes = zip.byteLength;
      if (i === 0) checkRows(zip, dataDir);
      // The first run warms the server's code and the database's caches.
      if (i > 0) timings.push((performance.now() - started) / 1000);
    }
    timings.sort((a, b) => a - b);
    const worst = timings[timings.length - 1]!;
    return [
      `| ${label} | ${(ANSWERS + STATS).toLocaleString('en-US')} (${ANSWERS.toLocaleString('en-US')} answers, ${STATS.toLocaleString('en-US')} stats) | ${timings[0]!.toFixed(2)} | ${timings[Math.floor(timings.length / 2)]!.toFixed(2)} | ${worst.toFixed(2)} | ${(bytes / 1024).toFixed(0)} KB | ${worst <= GOAL_SECONDS ? 'met' : 'not met'} (load ${loadSeconds.toFixed(1)} s) |`,
    ];
  } finally {
    await closeServer();
    await bus.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** GET /api/teams/{teamId}/players/{playerId}/export for a child with 5,000 rows: the goal is under 5 s. */
export async function benchExport(): Promise<void> {
  const rows: string[] = [];
  for (const kind of (await postgresAvailable()) ? (['postgres', 'pglite'] as const) : (['pglite'] as const)) {
    const database = await createTestDatabase(allMigrations, kind);
    try {
      rows.push(...(await run(kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)', database)));
    } finally {
      await database.close();
    }
  }
  console.log(`A guardian's export (ZIP, streamed), ${RUNS} runs after one warm-up; goal: under ${GOAL_SECONDS} s`);
  console.log('| database | rows | fastest s | median s | slowest s | ZIP size | goal |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}
