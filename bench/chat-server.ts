import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { readFile, writeFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import os from 'node:os';
import pg from 'pg';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8';
import { teamDecider, teamStream, userDecider, userStream } from '@sideline/domain';
import {
  createInProcessBus,
  createLogger,
  createNatsBus,
  comparePositions,
  createDatabase,
  createPostgresEventStore,
  loadConfig,
  migrateToLatest,
  type Bus,
  type Database,
  type Position,
} from '@sideline/infra';
// Not the testing barrel: it also loads the test SMTP server and mail parser, which are no part
// of the measured server (about 6 MB of its heap).
import { createTestDatabase } from '@sideline/infra/testing/create-test-database';
import { createPasswordHasher } from '../command-api/src/identity/passwords.ts';
import { allMigrations } from '../command-api/src/migrations.ts';
import { createSidelineServer } from '../command-api/src/server.ts';
import type {} from '@sideline/realtime';
import { serveRequests } from './chat-child.ts';
import { allocationsWhile, profileWhile } from './cpu-profile.ts';

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

/**
 * Where each benchmark message is on its way (epoch ms, by clientId): the append started and
 * ended, the chat projector published new_message, the gateway got it from the bus.
 */
export interface MessageTrace {
  appendStart?: number;
  appended?: number;
  /** Handed on by the projection runner's live read. */
  read?: number;
  published?: number;
  arrived?: number;
}
const traces = new Map<string, MessageTrace>();

// How long the server's event loop was held up, and by garbage collection: where a message's
// time goes when every stage's tail is long at once.
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
const gc = { count: 0, ms: 0, maxMs: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gc.count++;
    gc.ms += entry.duration;
    gc.maxMs = Math.max(gc.maxMs, entry.duration);
  }
}).observe({ entryTypes: ['gc'] });
// When the loop stalled (epoch ms the stall ended, its length), to line up with the slowest messages.
// With the main thread's own CPU time and run-queue wait over the stall (Linux schedstat): busy
// computing, or ready and waiting for a core.
const stalls: Array<[number, number, number, number]> = [];
const schedstat = () => {
  try {
    const [run, wait] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ').map(Number);
    return [run! / 1e6, wait! / 1e6];
  } catch {
    return [NaN, NaN];
  }
};
let tickAt = 0;
let sched = [NaN, NaN];
/**
 * Started by the first 'pauses-reset', which only the measured server gets: the seeder stays
 * alive, idle, through the run, and reading /proc every 5 ms there took 4-6 % of a core from it.
 */
let watching = false;
const watchPauses = () => {
  if (watching) return;
  watching = true;
  loopDelay.enable();
  tickAt = performance.now();
  sched = schedstat();
  setInterval(watchTick, 5).unref();
};
const watchTick = () => {
  const now = performance.now();
  const nowSched = schedstat();
  if (now - tickAt >= 30)
    stalls.push([
      Math.round(performance.timeOrigin + now),
      Math.round(now - tickAt - 5),
      Math.round(nowSched[0]! - sched[0]!),
      Math.round(nowSched[1]! - sched[1]!),
    ]);
  tickAt = now;
  sched = nowSched;
};
const pauses = () => ({
  stalls: stalls.slice(0, 30),
  loopDelayMs: { p50: loopDelay.percentile(50) / 1e6, p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
  gc: { count: gc.count, ms: Math.round(gc.ms), maxMs: Math.round(gc.maxMs * 10) / 10 },
});
const epochNow = () => performance.timeOrigin + performance.now();
const traceOf = (clientId: string) => {
  let trace = traces.get(clientId);
  if (!trace) traces.set(clientId, (trace = {}));
  return trace;
};
const newMessageClientId = (data: unknown): string | undefined => {
  const envelope = data as { type?: string; payload?: { message?: { clientId?: string } } } | null;
  return envelope?.type === 'new_message' ? envelope.payload?.message?.clientId : undefined;
};

function traced(inner: Bus): Bus {
  return {
    ...inner,
    kind: inner.kind,
    publish(subject, data) {
      const clientId = newMessageClientId(data);
      if (clientId) traceOf(clientId).published ??= epochNow();
      return inner.publish(subject, data);
    },
    subscribe(subject, handler) {
      return inner.subscribe(subject, (message) => {
        const clientId = newMessageClientId(message.data);
        if (clientId) traceOf(clientId).arrived ??= epochNow();
        return handler(message);
      });
    },
    flush: () => inner.flush(),
    isHealthy: () => inner.isHealthy(),
    close: () => inner.close(),
    onReconnect: (listener) => inner.onReconnect(listener),
  };
}

function traceAppends(): void {
  const append = eventStore.appendToStream.bind(eventStore);
  eventStore.appendToStream = async (stream, events, options) => {
    const clientId = (events[0]?.data as { clientId?: unknown } | undefined)?.clientId;
    if (typeof clientId !== 'string') return append(stream, events, options);
    traceOf(clientId).appendStart = epochNow();
    try {
      return await append(stream, events, options);
    } finally {
      traceOf(clientId).appended = epochNow();
    }
  };
  // When the projection runner's live read handed each message's event on.
  const subscribe = eventStore.subscribeToAll.bind(eventStore);
  eventStore.subscribeToAll = (options) => {
    const subscription = subscribe(options);
    return {
      close: () => subscription.close(),
      async *[Symbol.asyncIterator]() {
        for await (const event of subscription) {
          const clientId = (event.data as { clientId?: unknown } | undefined)?.clientId;
          if (typeof clientId === 'string') traceOf(clientId).read ??= epochNow();
          yield event;
        }
      },
    };
  };
}

/**
 * The seeding process and the measured one are not the same: the seeder (CHAT_BENCH_ROLE=seed)
 * fills the database and stops its server; a fresh process then serves the sockets on that data,
 * as after a deploy, so the measured RSS holds no leftovers of seeding 5,000 accounts.
 * Embedded, as `npm start` runs it (CHAT_BENCH_PGLITE=disk, the default): the seeder's PGlite
 * keeps its cluster under CHAT_BENCH_DATA_DIR and closes it; the measured process opens it there.
 * CHAT_BENCH_PGLITE=memory, as the benchmarks ran before 2026-11-23: the seeder dumps its
 * cluster to CHAT_BENCH_DUMP and the measured process loads it into memory. Services: a fresh
 * PostgreSQL database that the seeder owns (and drops when it exits), CHAT_BENCH_DATABASE_URL
 * for the measured process.
 */
let database: Database;
let databaseUrl: string | undefined;
let bus: Bus;
const dump = process.env.CHAT_BENCH_DUMP;
const dataDir = process.env.CHAT_BENCH_DATA_DIR;
// As `npm start` runs it: PGLITE_THREAD, read from the environment as the server reads it.
const pgliteThread = loadConfig({ PGLITE_THREAD: process.env.PGLITE_THREAD }).PGLITE_THREAD;
if (mode === 'embedded') {
  if (dataDir) {
    database = await createDatabase({ dataDir, pgliteThread });
    await migrateToLatest(database, allMigrations);
  } else {
    database = existsSync(dump ?? '')
      ? await createDatabase({ inMemory: true, loadDataDir: new Blob([await readFile(dump!)]), pgliteThread })
      : await createTestDatabase(allMigrations, 'pglite');
  }
  bus = createInProcessBus();
} else {
  if (process.env.CHAT_BENCH_DATABASE_URL) {
    databaseUrl = process.env.CHAT_BENCH_DATABASE_URL;
    database = await createDatabase({ databaseUrl });
  } else {
    const test = await createTestDatabase(allMigrations, 'postgres');
    databaseUrl = test.url;
    database = test;
  }
  bus = await createNatsBus({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222', name: 'sideline-bench' });
}
// CHAT_BENCH_LIVE_READ_MS: the subscription's live read spacing, to compare against the default.
const eventStore = createPostgresEventStore(
  database,
  process.env.CHAT_BENCH_LIVE_READ_MS ? { liveReadIntervalMs: Number(process.env.CHAT_BENCH_LIVE_READ_MS) } : {},
);
bus = traced(bus);
traceAppends();
const sqlStats = new Map<string, { n: number; ms: number }>();
/** Statements that took 25 ms or more while `sqlOn`: when (epoch ms), how long, which. */
const slowSql: Array<{ at: number; ms: number; text: string }> = [];
let sqlOn = false;
if (process.env.CHAT_BENCH_SQL) {
  // PGlite's handle, or (services) every PostgreSQL client's.
  const handle = database.kind === 'pglite' ? (database as any).pglite : (pg.Client.prototype as any);
  for (const method of database.kind === 'pglite' ? ['query', 'exec'] : ['query']) {
    const original = handle[method];
    handle[method] = async function (this: unknown, text: string | { text: string }, ...rest: unknown[]) {
      const started = performance.now();
      try {
        return await original.call(this, text, ...rest);
      } finally {
        if (sqlOn) {
          const key = (typeof text === 'string' ? text : text.text)
            .replace(/\s+/g, ' ')
            .replace(/es_append\(.*/, 'es_append(…)')
            .slice(0, 110);
          const stat = sqlStats.get(key) ?? { n: 0, ms: 0 };
          stat.n++;
          const took = performance.now() - started;
          stat.ms += took;
          sqlStats.set(key, stat);
          if (took >= 25) slowSql.push({ at: performance.timeOrigin + started, ms: took, text: key.slice(0, 60) });
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
  // CHAT_BENCH_BATCH_MS: the projection runner's batch interval, to compare against the default.
  ...(process.env.CHAT_BENCH_BATCH_MS ? { projectionBatchIntervalMs: Number(process.env.CHAT_BENCH_BATCH_MS) } : {}),
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

/** Waits until every projector has applied the furthest of `positions`. */
async function projected(positions: Array<Position | null>): Promise<void> {
  const last = positions.reduce<Position | null>(
    (max, p) => (p && (!max || comparePositions(p, max) > 0) ? p : max),
    null,
  );
  if (last && !(await server.progress.waitFor(last, 300_000))) throw new Error('the seed was not projected in time');
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
    if (response.status === 503 && route === '/api/teams') {
      // Created, but the read models lagged behind the answer (a busy machine): find it.
      for (let attempt = 0; attempt < 600; attempt++) {
        await new Promise((r) => setTimeout(r, 200));
        const listed = await fetch(`${url}/api/teams`, { headers: { cookie, origin: url } });
        const mine = (await listed.json()) as Array<{ id: string; code: string }>;
        if (mine.length > 0) return mine[0]!;
      }
    }
    if (response.status >= 300) throw new Error(`POST ${route}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: string; code: string };
  };
  const people = await pool(Array.from({ length: teams * perTeam }), 16, (_, i) =>
    register(i % perTeam === 0 ? 'coach' : 'parent'),
  );
  // The routes below look the users up in their read model.
  await projected(people.map((p) => p.position));
  const created = await pool(Array.from({ length: teams }), 8, (_, t) =>
    call(people[t * perTeam]!.cookie, '/api/teams', { name: `Team ${t}`, sport: 'Soccer' }),
  );
  const members: SeededMember[] = people.map((p, i) => ({
    userId: p.userId,
    cookie: p.cookie,
    teamId: created[Math.floor(i / perTeam)]!.id,
  }));
  // Joins through the team decider, as POST /api/teams/join does after resolving the code; not
  // waiting for the read models after each one lets the projectors take them in batches.
  const joined = await pool(
    members.filter((_, i) => i % perTeam !== 0),
    32,
    (m) =>
      server.handle(
        teamDecider,
        teamStream(m.teamId),
        { type: 'JoinTeam', data: { teamId: m.teamId, userId: m.userId, via: 'code', accountRole: 'parent' } },
        { actorId: m.userId },
        { waitFor: null },
      ),
  );
  await projected(joined.map((j) => j.position));
  return members;
}

let stopping: Promise<void> | null = null;
/** Stops serving and projecting, and lets go of the bus; the database stays (see above). */
function stopServer(): Promise<void> {
  stopping ??= (async () => {
    await server.close();
    await eventStore.close();
    await bus.close();
  })();
  return stopping;
}

let stopProfile: (() => void) | null = null;
let profiled: Promise<string> | null = null;

serveRequests(
  {
    url: () => url,
    'database-url': () => databaseUrl,
    seed,
    'stop-server': stopServer,
    /** Stops serving and closes PGlite, so the next process can open its data directory. */
    close: async () => {
      await stopServer();
      await database.close();
    },
    dump: async () => {
      await stopServer();
      const blob = await (database as Database & { pglite: PGlite }).pglite.dumpDataDir('gzip');
      await writeFile(dump!, Buffer.from(await blob.arrayBuffer()));
    },
    stats: () => ({
      ...server.app.realtimeStats(),
      memory: process.memoryUsage(),
      // Where the main thread's heap is (MB): old space beyond the live heap is garbage not yet collected.
      heapSpacesMb: Object.fromEntries(
        getHeapSpaceStatistics()
          .filter((space) => space.space_size > 0)
          .map((space) => [space.space_name, Math.round(space.space_size / 2 ** 20)]),
      ),
      ...pauses(),
    }),
    /** The main thread's heap after a full collection: what of it is live (MB). */
    'live-heap': async () => {
      const session = new Session();
      session.connect();
      try {
        await session.post('HeapProfiler.collectGarbage');
      } finally {
        session.disconnect();
      }
      const { heapUsed, heapTotal, rss } = process.memoryUsage();
      // CHAT_BENCH_HEAP_SNAPSHOT=1: what that live heap holds, for Chrome's memory tool.
      if (process.env.CHAT_BENCH_HEAP_SNAPSHOT)
        console.log(
          `heap snapshot: ${writeHeapSnapshot(path.join(os.tmpdir(), `sideline-chat-${Date.now()}.heapsnapshot`))}`,
        );
      return { heapUsedMb: heapUsed / 2 ** 20, heapTotalMb: heapTotal / 2 ** 20, rssMb: rss / 2 ** 20 };
    },
    /** The measured window starts: event-loop delay and GC are counted from here. */
    'pauses-reset': () => {
      watchPauses();
      loopDelay.reset();
      stalls.length = 0;
      Object.assign(gc, { count: 0, ms: 0, maxMs: 0 });
    },
    traces: () => {
      const all = Object.fromEntries(traces);
      traces.clear();
      return all;
    },
    'sql-start': () => {
      sqlOn = true;
      sqlStats.clear();
      slowSql.length = 0;
    },
    'sql-stop': () => {
      sqlOn = false;
      return [...sqlStats]
        .sort((a, b) => b[1].ms - a[1].ms)
        .slice(0, 40)
        .map(([k, v]) => `${v.ms.toFixed(0).padStart(7)} ms ${String(v.n).padStart(6)}x ${k}`)
        .concat(
          `statements of 25 ms or more (${slowSql.length}), started at (epoch ms):`,
          ...slowSql.slice(0, 60).map((q) => `  ${q.at.toFixed(0)} ${q.ms.toFixed(0).padStart(4)} ms ${q.text}`),
        )
        .join('\n');
    },
    'profile-start': () => {
      const file = path.join(os.tmpdir(), `sideline-chat-${mode}-${Date.now()}.cpuprofile`);
      // CHAT_BENCH_ALLOC=1: what the server allocates instead of where its CPU goes.
      // CHAT_BENCH_ALLOC=promoted: only what outlived the young generation.
      const alloc = process.env.CHAT_BENCH_ALLOC;
      const profiler = alloc
        ? (f: string, w: () => Promise<void>) => allocationsWhile(f, w, { promoted: alloc === 'promoted' })
        : profileWhile;
      profiled = profiler(file, () => new Promise<void>((resolve) => (stopProfile = resolve))).then(
        ({ summary }) => `${file}\n${summary}`,
      );
    },
    'profile-stop': async () => {
      stopProfile?.();
      return profiled;
    },
  },
  async () => {
    await stopServer();
    await database.close();
  },
);
