import { randomUUID } from 'node:crypto';
import { userDecider, userStream } from '@sideline/domain';
import {
  createInProcessBus,
  createNatsBus,
  createPostgresDatabase,
  natsAvailable,
  type Bus,
  type Database,
  type EventStore,
} from '@sideline/infra';
import { createTestDatabase, postgresAvailable } from '@sideline/infra/testing';
import { allMigrations } from '../command-api/src/migrations.ts';
import { type SidelineServer } from '../command-api/src/server.ts';
import { startBenchServer } from './bench-server.ts';

/** Parents in each burst: 50 join one team at once, then the same 50 answer one practice at once. */
const BURST = Number(process.env.CONTENTION_BENCH_BURST ?? 50);
/** Bursts per mode, each on a fresh team and event, so p99 stands on ROUNDS × BURST requests. */
const ROUNDS = Number(process.env.CONTENTION_BENCH_ROUNDS ?? 5);

interface Member {
  userId: string;
  cookie: string;
}

interface Outcome {
  status: number;
  ms: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** An app instance on the shared infrastructure: the first also runs the projectors. */
interface Instance {
  server: SidelineServer;
  url: string;
  eventStore: EventStore;
  close(): Promise<void>;
}

async function startInstance(database: Database, bus: Bus, env: NodeJS.ProcessEnv = {}): Promise<Instance> {
  return startBenchServer(database, bus, env);
}

/**
 * ROUNDS bursts of BURST concurrent joins of one team and BURST concurrent RSVPs to one
 * occurrence over HTTP, spread over the given app instances (two of them stand for two `api`
 * processes: their commands meet in the event store, not in one process's queue).
 */
async function run(label: string, instances: Instance[]): Promise<string[]> {
  const [main] = instances;
  const newMember = async (role: 'coach' | 'parent'): Promise<Member> => {
    const userId = randomUUID();
    // Registered through the command (the HTTP route is rate-limited per IP by design).
    await main!.server.handle(
      userDecider,
      userStream(userId),
      {
        type: 'RegisterUser',
        data: { userId, name: `Bench ${role} ${userId.slice(0, 4)}`, email: `${userId}@bench.test`, role },
      },
      { actorId: userId },
    );
    return { userId, cookie: `sideline_session=${await main!.server.sessions.create(userId, {})}` };
  };
  const post = async (i: number, who: Member, path: string, body: unknown): Promise<Outcome> => {
    const url = instances[i % instances.length]!.url;
    const started = performance.now();
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { cookie: who.cookie, origin: url, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  };

  const joins: Outcome[] = [];
  const rsvps: Outcome[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Each burst starts with the read models caught up with the previous one.
    const head = await main!.eventStore.headPosition();
    if (!(await main!.server.progress.waitFor(head, 120_000))) throw new Error('projections did not catch up');
    const coach = await newMember('coach');
    const asCoach = async <T>(path: string, body: unknown): Promise<T> => {
      const response = await fetch(`${main!.url}${path}`, {
        method: 'POST',
        headers: { cookie: coach.cookie, origin: main!.url, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    const team = await asCoach<{ id: string; code: string }>('/api/teams', { name: `Burst ${round}`, sport: 'Soccer' });
    const event = await asCoach<{ id: string; occurrenceDate: string }>(`/api/teams/${team.id}/events`, {
      title: 'Practice',
      date: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });
    const parents = await Promise.all(Array.from({ length: BURST }, () => newMember('parent')));

    joins.push(...(await Promise.all(parents.map((p, i) => post(i, p, '/api/teams/join', { code: team.code })))));
    const statuses = ['yes', 'maybe', 'no'];
    rsvps.push(
      ...(await Promise.all(
        parents.map((p, i) =>
          post(i, p, `/api/events/${event.id}/rsvp`, {
            status: statuses[i % 3],
            occurrenceDate: event.occurrenceDate,
          }),
        ),
      )),
    );
  }

  const row = (operation: string, outcomes: Outcome[]) => {
    const ms = outcomes.map((o) => o.ms).sort((a, b) => a - b);
    const ok = outcomes.filter((o) => o.status >= 200 && o.status < 300).length;
    const conflicts = outcomes.filter((o) => o.status === 409).length;
    const other = outcomes.length - ok - conflicts;
    return `| ${label} | ${operation} | ${ROUNDS} × ${BURST} | ${ok} | ${conflicts} | ${other} | ${percentile(ms, 50).toFixed(0)} | ${percentile(ms, 99).toFixed(0)} |`;
  };
  return [row('join one team', joins), row('RSVP to one occurrence', rsvps)];
}

/** Bursts of concurrent joins and RSVPs: how many conflict, and how long they take (embedded, services, two api instances). */
export async function benchContention(): Promise<void> {
  const rows: string[] = [];
  {
    const database = await createTestDatabase(allMigrations, 'pglite');
    const bus = createInProcessBus();
    const instance = await startInstance(database, bus);
    try {
      rows.push(...(await run('embedded (PGlite, in-process bus)', [instance])));
    } finally {
      await instance.close();
      await bus.close();
      await database.close();
    }
  }
  if ((await postgresAvailable()) && (await natsAvailable())) {
    const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
    const database = await createTestDatabase(allMigrations, 'postgres');
    const bus = await createNatsBus({ servers: natsUrl, name: 'sideline-bench' });
    try {
      const instance = await startInstance(database, bus);
      try {
        rows.push(...(await run('services (PostgreSQL, NATS)', [instance])));
        // A second `api` instance with its own pool and bus connection: requests alternate.
        const secondDatabase = createPostgresDatabase({ databaseUrl: database.url! });
        const secondBus = await createNatsBus({ servers: natsUrl, name: 'sideline-bench-api-2' });
        const second = await startInstance(secondDatabase, secondBus, {
          SIDELINE_ROLE: 'api',
          NATS_URL: natsUrl,
          DATABASE_URL: database.url,
        });
        try {
          rows.push(...(await run('services, two api instances', [instance, second])));
        } finally {
          await second.close();
          await secondBus.close();
          await secondDatabase.close();
        }
      } finally {
        await instance.close();
      }
    } finally {
      await bus.close();
      await database.close();
    }
  } else {
    rows.push('| services (PostgreSQL, NATS) | skipped: PostgreSQL or NATS unreachable | | | | | | |');
  }
  console.log('| mode | burst | requests | 2xx | 409 conflicts | other | p50 ms | p99 ms |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}
