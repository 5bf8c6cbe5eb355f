import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { mediaDecider, mediaStream, userDecider, userStream, type MediaKind } from '@sideline/domain';
import { createInProcessBus, createNatsBus, natsAvailable, type Bus, type Database } from '@sideline/infra';
import { createTestDatabase, postgresAvailable } from '@sideline/infra/testing';
import { allMigrations } from '../command-api/src/migrations.ts';
import { type SidelineServer } from '../command-api/src/server.ts';
import { profileWhile } from './cpu-profile.ts';
import type { LoadJob, LoadResult, LoadTarget } from './reads-load.ts';
import { startBenchServer } from './bench-server.ts';

/**
 * `npm run bench -- reads`: every GET of the home, chat, events and media screens under 16
 * concurrent signed-in clients, each route beside a bare Fastify route serving the very same JSON
 * in the same run. The clients run in a separate process (closed loop over undici), so they
 * never share the server's event loop; the route and its bare twin take turns in 1 s slices, so
 * both meet the same load from whatever else runs on the machine.
 *
 * READS_BENCH_SECONDS (5), READS_BENCH_MODES (embedded,services), READS_BENCH_ROUTES (substrings
 * of route names), READS_BENCH_ACCEPT_ENCODING (the clients' Accept-Encoding), READS_BENCH_PROFILE
 * (a substring of one route name: a CPU profile of the server process while that route is under
 * load, summarised and written next to the OS temp dir).
 */
const CONNECTIONS = 16;
const TEAMS = 16;
const PARENTS_PER_TEAM = 3;
const MESSAGES_PER_TEAM = 50;
const PINNED_PER_TEAM = 3;
const SINGLE_EVENTS_PER_TEAM = 16;
const SERIES_PER_TEAM = 3;
const MEDIA_PER_TEAM = 30;
/** The teams a family parent has a child on (GET /api/me/upcoming). */
const FAMILY_TEAMS = 5;
const SECONDS = Number(process.env.READS_BENCH_SECONDS ?? 5);
const SLICE_SECONDS = 1;
const DAY = 86_400_000;
const GOAL_RATIO = 0.5;
/** A browser's `Accept-Encoding` (e.g. `gzip, deflate, br`); none by default: the bare route does not compress. */
const ACCEPT_ENCODING = process.env.READS_BENCH_ACCEPT_ENCODING;
const GOAL_P99_MS = 50;

interface Member {
  userId: string;
  cookie: string;
}

interface SeededTeam {
  id: string;
  code: string;
  coach: Member;
  parents: Member[];
}

interface Seeded {
  teams: SeededTeam[];
  /** Per client: a parent with a child on each of FAMILY_TEAMS teams. */
  families: Member[];
}

interface ReadRoute {
  name: string;
  screens: string;
  path: (teamId: string) => string;
  /** Read as a parent with a child on each of FAMILY_TEAMS teams, not as the team's coach or a parent. */
  asFamily?: boolean;
  /** Chat messages sent per second across the teams while the route is read (each one invalidates a team). */
  writesPerSecond?: number;
}

const routes: ReadRoute[] = [
  { name: 'GET /api/user', screens: 'home', path: () => '/api/user' },
  {
    name: `GET /api/me/upcoming (children on ${FAMILY_TEAMS} teams)`,
    screens: 'home',
    path: () => '/api/me/upcoming',
    asFamily: true,
  },
  { name: 'GET /api/teams', screens: 'home', path: () => '/api/teams' },
  { name: 'GET /api/teams/{id}/messages', screens: 'home, chat', path: (t) => `/api/teams/${t}/messages` },
  {
    name: 'GET /api/teams/{id}/events/upcoming',
    screens: 'home, events',
    path: (t) => `/api/teams/${t}/events/upcoming`,
  },
  { name: 'GET /api/teams/{id}/messages/pinned', screens: 'chat', path: (t) => `/api/teams/${t}/messages/pinned` },
  { name: 'GET /api/teams/{id}/events', screens: 'events', path: (t) => `/api/teams/${t}/events` },
  { name: 'GET /api/teams/{id}/media', screens: 'media', path: (t) => `/api/teams/${t}/media?limit=30` },
  {
    name: 'GET /api/teams/{id}/messages, 16 messages/s sent',
    screens: 'chat',
    path: (t) => `/api/teams/${t}/messages`,
    writesPerSecond: 16,
  },
];

const selected = (list: string | undefined, name: string) =>
  !list ||
  list
    .split(',')
    .map((s) => s.trim())
    .some((s) => s && name.includes(s));

/** The forked autocannon process, one job at a time. */
class LoadClient {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (r: LoadResult[]) => void; reject: (e: Error) => void }>();
  private constructor(private readonly child: ChildProcess) {
    child.on('message', (message: { id: number; results?: LoadResult[]; error?: string }) => {
      const waiter = this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id);
      if (message.error) waiter.reject(new Error(message.error));
      else waiter.resolve(message.results!);
    });
  }

  static async start(): Promise<LoadClient> {
    const child = fork(path.join(import.meta.dirname, 'reads-load.ts'), { execArgv: process.execArgv });
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`load client exited (${code})`)));
    });
    child.removeAllListeners('exit');
    return new LoadClient(child);
  }

  run(job: LoadJob): Promise<LoadResult[]> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ id, job });
    });
  }

  stop(): void {
    this.child.send('exit');
  }
}

async function seed(server: SidelineServer, url: string): Promise<Seeded> {
  const newMember = async (role: 'coach' | 'parent'): Promise<Member> => {
    const userId = randomUUID();
    await server.handle(
      userDecider,
      userStream(userId),
      {
        type: 'RegisterUser',
        data: { userId, name: `Reader ${role} ${userId.slice(0, 4)}`, email: `${userId}@bench.test`, role },
      },
      { actorId: userId },
    );
    return { userId, cookie: `sideline_session=${await server.sessions.create(userId, {})}` };
  };
  const call = async (member: Member, method: string, route: string, body: unknown = {}) => {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: { cookie: member.cookie, origin: url, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return (await response.json()) as any;
  };

  const now = Date.now();
  const teams = await Promise.all(
    Array.from({ length: TEAMS }, async (_, t): Promise<SeededTeam> => {
      const coach = await newMember('coach');
      const team = (await call(coach, 'POST', '/api/teams', { name: `Reads ${t}`, sport: 'Soccer' })) as {
        id: string;
        code: string;
      };
      const parents: Member[] = [];
      for (let p = 0; p < PARENTS_PER_TEAM; p++) {
        const parent = await newMember('parent');
        await call(parent, 'POST', '/api/teams/join', { code: team.code });
        parents.push(parent);
      }
      const everyone = [coach, ...parents];
      const messageIds: string[] = [];
      for (let m = 0; m < MESSAGES_PER_TEAM; m++) {
        const author = everyone[m % everyone.length]!;
        const sent = await call(author, 'POST', `/api/teams/${team.id}/messages`, {
          text: `Message ${m}: see you at the field on Saturday, bring water and shin guards`,
          clientId: randomUUID(),
        });
        messageIds.push(sent.id);
      }
      for (const messageId of messageIds.slice(0, PINNED_PER_TEAM)) {
        await call(coach, 'POST', `/api/teams/${team.id}/messages/${messageId}/pin`);
      }
      for (let e = 0; e < SINGLE_EVENTS_PER_TEAM; e++) {
        const date = new Date(now + (e - 6) * 2 * DAY + t * 3_600_000).toISOString();
        const event = await call(coach, 'POST', `/api/teams/${team.id}/events`, {
          title: `Game ${e}`,
          description: 'League game',
          location: 'Field 2',
          date,
        });
        if (Date.parse(date) > now) {
          for (const [k, parent] of parents.entries()) {
            await call(parent, 'POST', `/api/events/${event.id}/rsvp`, {
              status: (['yes', 'maybe', 'no'] as const)[k % 3],
            });
          }
        }
      }
      for (let s = 0; s < SERIES_PER_TEAM; s++) {
        await call(coach, 'POST', `/api/teams/${team.id}/events`, {
          title: `Practice ${s}`,
          description: 'Weekly practice',
          location: 'Field 1',
          date: new Date(now - 14 * DAY + s * DAY).toISOString(),
          isRecurring: true,
          recurringType: 'weekly',
          recurringInterval: 1,
          recurringDays: [['tuesday', 'thursday', 'saturday'][s]],
          recurringEndCount: 30,
          timeZone: 'Europe/Berlin',
        });
      }
      for (let i = 0; i < MEDIA_PER_TEAM; i++) {
        const mediaId = randomUUID();
        const kind: MediaKind = i % 4 === 0 ? 'video' : 'photo';
        const uploader = everyone[i % everyone.length]!;
        await server.handle(
          mediaDecider,
          mediaStream(mediaId),
          {
            type: 'RecordUpload',
            data: {
              mediaId,
              teamId: team.id,
              uploaderId: uploader.userId,
              kind,
              title: `Saturday ${i}`,
              description: '',
              contentType: kind === 'photo' ? 'image/jpeg' : 'video/mp4',
              bytes: 250_000,
              width: 1280,
              height: 720,
              url: `/api/media/${mediaId}.${kind === 'photo' ? 'jpg' : 'mp4'}`,
              thumbnailUrl: `/api/media/${mediaId}-thumb.webp`,
              durationSeconds: kind === 'photo' ? null : 42,
            },
          },
          { actorId: uploader.userId },
        );
        for (const liker of everyone.slice(0, i % 3)) {
          await server.handle(
            mediaDecider,
            mediaStream(mediaId),
            { type: 'LikeMedia', data: { mediaId, userId: liker.userId } },
            { actorId: liker.userId },
          );
        }
      }
      return { id: team.id, code: team.code, coach, parents };
    }),
  );
  // Client i's family: a child on each of teams i … i+4, linked to the parent by the team's coach.
  const families = await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, i) => {
      const parent = await newMember('parent');
      for (let k = 0; k < FAMILY_TEAMS; k++) {
        const team = teams[(i + k) % TEAMS]!;
        await call(parent, 'POST', '/api/teams/join', { code: team.code });
        const added = (await call(team.coach, 'POST', `/api/teams/${team.id}/players`, {
          name: `Child ${i}-${k}`,
        })) as { player: { id: string } };
        await call(team.coach, 'POST', `/api/teams/${team.id}/players/${added.player.id}/guardians`, {
          userId: parent.userId,
        });
      }
      return parent;
    }),
  );
  return { teams, families };
}

type SqlStats = Map<string, { n: number; ms: number }>;

/** READS_BENCH_SQL=1 (PGlite): the statements each route ran while measured, to find reads that miss the cache. */
function countSql(database: Database): SqlStats | null {
  if (!process.env.READS_BENCH_SQL || database.kind !== 'pglite') return null;
  const stats: SqlStats = new Map();
  const pg = (database as unknown as { pglite: Record<string, (...args: unknown[]) => Promise<unknown>> }).pglite;
  for (const method of ['query', 'exec']) {
    const original = pg[method]!.bind(pg);
    pg[method] = async (text: unknown, ...rest: unknown[]) => {
      const started = performance.now();
      try {
        return await original(text, ...rest);
      } finally {
        const key = String(text).replace(/\s+/g, ' ').slice(0, 140);
        const stat = stats.get(key) ?? { n: 0, ms: 0 };
        stat.n++;
        stat.ms += performance.now() - started;
        stats.set(key, stat);
      }
    };
  }
  return stats;
}

function printSql(route: string, stats: SqlStats, requests: number): void {
  const top = [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12);
  console.log(`  SQL during ${route} (${requests} requests):`);
  for (const [text, { n, ms }] of top) console.log(`    ${n}× ${ms.toFixed(0)} ms  ${text}`);
}

async function run(mode: string, database: Database, bus: Bus, load: LoadClient): Promise<string[]> {
  const { server, url, close: closeServer } = await startBenchServer(database, bus);
  const sqlStats = countSql(database);
  // The bare route: Fastify 5 without hooks, plugins or schemas, answering each client's own body.
  const bare = Fastify();
  const bodies = new Map<string, unknown>();
  bare.get('/bare/:route/:client', async (request) => {
    const { route, client } = request.params as { route: string; client: string };
    return bodies.get(`${route}/${client}`);
  });
  const bareUrl = (await bare.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  const rows: string[] = [];
  try {
    const setupStarted = performance.now();
    const { teams, families } = await seed(server, url);
    // PostgreSQL's autovacuum would analyze the fresh tables soon; PGlite has none.
    await sql`ANALYZE`.execute(database.db);
    const setupSeconds = (performance.now() - setupStarted) / 1000;
    console.log(`  ${mode}: seeded ${TEAMS} teams in ${setupSeconds.toFixed(0)} s`);

    // Connection i reads as the coach (even i) or a parent (odd i) of team i.
    const clients = Array.from({ length: CONNECTIONS }, (_, i) => {
      const team = teams[i % TEAMS]!;
      return { team, member: i % 2 === 0 ? team.coach : team.parents[i % PARENTS_PER_TEAM]!, family: families[i]! };
    });
    for (const [r, route] of routes.entries()) {
      if (!selected(process.env.READS_BENCH_ROUTES, route.name)) continue;
      const requests = clients.map(({ team, member, family }) => ({
        path: route.path(team.id),
        headers: {
          cookie: (route.asFamily ? family : member).cookie,
          ...(ACCEPT_ENCODING && { 'accept-encoding': ACCEPT_ENCODING }),
        },
      }));
      let bytes = 0;
      for (const [i, request] of requests.entries()) {
        const response = await fetch(`${url}${request.path}`, { headers: request.headers });
        const text = await response.text();
        if (response.status !== 200) throw new Error(`${route.name}: ${response.status} ${text}`);
        bytes += Buffer.byteLength(text);
        bodies.set(`${r}/${i}`, JSON.parse(text));
      }
      const real: LoadTarget = {
        url,
        requests,
        ...(route.writesPerSecond && {
          writes: {
            perSecond: route.writesPerSecond,
            requests: teams.map((team) => ({
              path: `/api/teams/${team.id}/messages`,
              headers: { cookie: team.coach.cookie, origin: url },
              body: JSON.stringify({ text: 'Live: warm-up moved to the north field', clientId: '{uuid}' }),
            })),
          },
        }),
      };
      const bareTarget: LoadTarget = {
        url: bareUrl,
        requests: requests.map((request, i) => ({ ...request, path: `/bare/${r}/${i}` })),
      };
      const job = (targets: LoadTarget[]): LoadJob => ({
        targets,
        connections: CONNECTIONS,
        seconds: SECONDS,
        sliceSeconds: SLICE_SECONDS,
      });
      if (process.env.READS_BENCH_PROFILE && route.name.includes(process.env.READS_BENCH_PROFILE)) {
        // The route alone (its bare twin runs in this process too and would be in the profile).
        const file = path.join(os.tmpdir(), `sideline-reads-${mode}-${r}.cpuprofile`);
        const profiled = await profileWhile(file, () => load.run(job([real])));
        console.log(`\n### CPU profile: ${route.name}, ${mode} (${file})\n\n${profiled.summary}\n`);
      }
      sqlStats?.clear();
      const [measured, baseline] = (await load.run(job([real, bareTarget]))) as [LoadResult, LoadResult];
      if (sqlStats) printSql(route.name, sqlStats, measured.requests);
      const ratio = measured.rps / baseline.rps;
      const met = ratio >= GOAL_RATIO && measured.p99 < GOAL_P99_MS && measured.failed === 0;
      if (route.writesPerSecond) console.log(`  (${measured.writes} messages sent during the measured slices)`);
      const ms = (value: number) => value.toFixed(1);
      rows.push(
        `| ${mode} | ${route.name} | ${route.screens} | ${Math.round(bytes / requests.length)} | ${measured.rps.toFixed(0)} | ${ms(measured.p50)} | ${ms(measured.p99)} | ${baseline.rps.toFixed(0)} | ${ms(baseline.p99)} | ${ratio.toFixed(2)} | ${met ? 'yes' : 'no'}${measured.failed ? ` (${measured.failed} failed)` : ''} |`,
      );
      console.log(rows[rows.length - 1]);
    }
  } finally {
    await bare.close();
    await closeServer();
  }
  return rows;
}

/** Reads of the home, chat, events and media screens beside a bare Fastify route (embedded, then services). */
export async function benchReads(): Promise<void> {
  const load = await LoadClient.start();
  const rows: string[] = [];
  try {
    if (selected(process.env.READS_BENCH_MODES, 'embedded')) {
      const database = await createTestDatabase(allMigrations, 'pglite');
      const bus = createInProcessBus();
      try {
        rows.push(...(await run('embedded', database, bus, load)));
      } finally {
        await bus.close();
        await database.close();
      }
    }
    if (selected(process.env.READS_BENCH_MODES, 'services')) {
      if ((await postgresAvailable()) && (await natsAvailable())) {
        const database = await createTestDatabase(allMigrations, 'postgres');
        const bus = await createNatsBus({
          servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
          name: 'sideline-bench-reads',
        });
        try {
          rows.push(...(await run('services', database, bus, load)));
        } finally {
          await bus.close();
          await database.close();
        }
      } else {
        rows.push('| services | skipped: PostgreSQL or NATS unreachable | | | | | | | | | |');
      }
    }
  } finally {
    load.stop();
  }
  console.log(
    `\n${CONNECTIONS} concurrent signed-in clients (closed loop, their own process), ${SECONDS} s per route and ` +
      `${SECONDS} s of its bare twin, taking turns in ${SLICE_SECONDS} s slices after a slice of warm-up each; each ` +
      `client reads its own team as its coach or a parent (Home's upcoming: as a parent with a child on ` +
      `${FAMILY_TEAMS} teams). "bare" is a Fastify 5 route in the server's process ` +
      `answering the same JSON. Goal: ratio ≥ ${GOAL_RATIO} and p99 < ${GOAL_P99_MS} ms.\n`,
  );
  console.log('| mode | route | screens | bytes | req/s | p50 ms | p99 ms | bare req/s | bare p99 ms | ratio | goal |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}
