import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { userDecider, userStream } from '@sideline/domain';
import {
  createInProcessBus,
  createLogger,
  createNatsBus,
  createPostgresEventStore,
  loadConfig,
  type Bus,
  type Database,
  type Position,
} from '@sideline/infra';
import { createTestDatabase } from '@sideline/infra/testing';
import { createPasswordHasher } from '../command-api/src/identity/passwords.ts';
import { allMigrations } from '../command-api/src/migrations.ts';
import { createSidelineServer } from '../command-api/src/server.ts';
import type {} from '@sideline/realtime';
import { serveRequests } from './chat-child.ts';
import { profileWhile } from './cpu-profile.ts';

/**
 * The Sideline server of `npm run bench -- chat`, in a process of its own (so that its RSS and
 * CPU are its own): CHAT_BENCH_MODE=embedded (PGlite, in-process bus) or services (PostgreSQL,
 * NATS). It seeds the teams through the real commands and routes, then serves /ws to the driver.
 */
export interface SeededMember {
  userId: string;
  cookie: string;
  teamId: string;
}

const mode = process.env.CHAT_BENCH_MODE === 'services' ? 'services' : 'embedded';

let database: Database;
let bus: Bus;
if (mode === 'embedded') {
  database = await createTestDatabase(allMigrations, 'pglite');
  bus = createInProcessBus();
} else {
  database = await createTestDatabase(allMigrations, 'postgres');
  bus = await createNatsBus({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222', name: 'sideline-bench' });
}
const eventStore = createPostgresEventStore(database);
const sqlStats = new Map<string, { n: number; ms: number }>();
let sqlOn = false;
if (process.env.CHAT_BENCH_SQL && database.kind === 'pglite') {
  const pg = (database as any).pglite;
  for (const method of ['query', 'exec']) {
    const original = pg[method].bind(pg);
    pg[method] = async (text: string, ...rest: unknown[]) => {
      const started = performance.now();
      try {
        return await original(text, ...rest);
      } finally {
        if (sqlOn) {
          const key = text.replace(/\s+/g, ' ').slice(0, 110);
          const stat = sqlStats.get(key) ?? { n: 0, ms: 0 };
          stat.n++;
          stat.ms += performance.now() - started;
          sqlStats.set(key, stat);
        }
      }
    };
  }
}
const server = await createSidelineServer({
  // Every simulated member connects from 127.0.0.1: the per-IP socket cap (issue 7) is lifted
  // through its configuration, as an operator behind a NAT would; the per-user cap stays (one
  // socket per member here).
  config: loadConfig({ LOG_LEVEL: 'silent', WS_MAX_SOCKETS_PER_IP: '20000' }),
  database,
  eventStore,
  bus,
  logger: createLogger({ level: 'silent' }),
  passwords: createPasswordHasher(10),
  webDist: null,
});
const url = (await server.app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');

/** Runs `work` over `items`, `concurrency` at a time. */
async function pool<T, R>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!, i);
      }
    }),
  );
  return results;
}

async function seed({ teams, perTeam }: { teams: number; perTeam: number }): Promise<SeededMember[]> {
  // People are registered through the command (the HTTP route is rate-limited per IP by design).
  const register = async (role: 'coach' | 'parent') => {
    const userId = randomUUID();
    const result = await server.handle(
      userDecider,
      userStream(userId),
      {
        type: 'RegisterUser',
        data: { userId, name: `Bench ${role} ${userId.slice(0, 4)}`, email: `${userId}@bench.test`, role },
      },
      { actorId: userId },
      { waitFor: null },
    );
    return {
      userId,
      cookie: `sideline_session=${await server.sessions.create(userId, {})}`,
      position: result.position,
    };
  };
  const call = async (cookie: string, route: string, body: unknown) => {
    const response = await fetch(`${url}${route}`, {
      method: 'POST',
      headers: { cookie, origin: url, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`POST ${route}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: string; code: string };
  };
  const people = await pool(Array.from({ length: teams * perTeam }), 16, (_, i) =>
    register(i % perTeam === 0 ? 'coach' : 'parent'),
  );
  // Wait until the users' read model has them all (the routes below look them up).
  const last = people.reduce<Position | null>(
    (max, p) => (p.position && (!max || p.position.commit > max.commit) ? p.position : max),
    null,
  );
  if (last && !(await server.progress.waitFor(last, 120_000))) throw new Error('users were not projected in time');
  const created = await pool(Array.from({ length: teams }), 8, (_, t) =>
    call(people[t * perTeam]!.cookie, '/api/teams', { name: `Team ${t}`, sport: 'Soccer' }),
  );
  const members: SeededMember[] = people.map((p, i) => ({
    userId: p.userId,
    cookie: p.cookie,
    teamId: created[Math.floor(i / perTeam)]!.id,
  }));
  const codes = new Map(created.map((team) => [team.id, team.code]));
  await pool(
    members.filter((_, i) => i % perTeam !== 0),
    16,
    (m) => call(m.cookie, '/api/teams/join', { code: codes.get(m.teamId) }),
  );
  return members;
}

let stopProfile: (() => void) | null = null;
let profiled: Promise<string> | null = null;

serveRequests(
  {
    url: () => url,
    seed,
    stats: () => ({ ...server.app.realtimeStats(), memory: process.memoryUsage() }),
    'sql-start': () => {
      sqlOn = true;
      sqlStats.clear();
    },
    'sql-stop': () => {
      sqlOn = false;
      return [...sqlStats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 40).map(([k, v]) => `${v.ms.toFixed(0).padStart(7)} ms ${String(v.n).padStart(6)}x ${k}`).join('\n');
    },
    'profile-start': () => {
      const file = path.join(os.tmpdir(), `sideline-chat-${mode}-${Date.now()}.cpuprofile`);
      profiled = profileWhile(file, () => new Promise<void>((resolve) => (stopProfile = resolve))).then(
        ({ summary }) => `${file}\n${summary}`,
      );
    },
    'profile-stop': async () => {
      stopProfile?.();
      return profiled;
    },
  },
  async () => {
    await server.close();
    await eventStore.close();
    await bus.close();
    await database.close();
  },
);
