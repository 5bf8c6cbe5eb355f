import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { natsAvailable } from '@sideline/infra';
import { postgresAvailable } from '@sideline/infra/testing';
import { Child, machineUsage, processUsage, sampleRss } from './chat-child.ts';
import type { ConnectJob, RunResult } from './chat-driver.ts';
import type { MessageTrace, SeededMember } from './chat-server.ts';

/**
 * `npm run bench -- chat`: `send_message` → `new_message` latency, delivered throughput and the
 * server's RSS and CPU, with 500 sockets (50 teams × 10) and 5,000 sockets (500 teams × 10), in
 * embedded mode (PGlite, in-process bus) and services mode (PostgreSQL, NATS).
 *
 * Three kinds of process: the Sideline server (bench/chat-server.ts: one process seeds through the
 * real commands and routes, a fresh one serves the sockets on that data), the socket driver (bench/chat-driver.ts: every
 * member's socket, the sends and the timing; never on the server's event loop) and, right after
 * each Sideline run, a raw `ws` server (bench/chat-baseline.ts) that fans the same frames out to
 * the same sockets, driven the same way: the ratio of the two is the steadier figure on a busy
 * machine.
 *
 * CHAT_BENCH_RATE (200 messages/s), CHAT_BENCH_SECONDS (10), CHAT_BENCH_MODES
 * (embedded,services), CHAT_BENCH_LAYOUTS (teams×members, default 50x10,500x10),
 * CHAT_BENCH_BASELINE=0 (skip raw ws), CHAT_BENCH_PROFILE (e.g. `embedded 5000`: a CPU profile of
 * the server process during that run, summarised and written to the temp dir), CHAT_BENCH_SQL=1
 * (with a profile: time and count per SQL statement, on PGlite or PostgreSQL), CHAT_BENCH_ALLOC=1
 * (with a profile: what the server allocates instead of its CPU; `promoted`: only what outlived the
 * young generation), CHAT_BENCH_HEAP_SNAPSHOT=1 (a heap snapshot of the server after the run's full
 * collection, written to the temp dir). Each run also prints where each
 * message's time went (stages traced by the server, timed on the driver's and the server's clocks).
 */
const RATE = Number(process.env.CHAT_BENCH_RATE ?? 200);
const SECONDS = Number(process.env.CHAT_BENCH_SECONDS ?? 10);
const MODES = (process.env.CHAT_BENCH_MODES ?? 'embedded,services').split(',').map((m) => m.trim());
const LAYOUTS = (process.env.CHAT_BENCH_LAYOUTS ?? '50x10,500x10').split(',').map((layout) => {
  const [teams, perTeam] = layout.split('x').map(Number);
  return { teams: teams!, perTeam: perTeam! };
});
const BASELINE = process.env.CHAT_BENCH_BASELINE !== '0';
/** Seconds of the same load before the measured run, timed apart (0: none). */
const WARMUP_SECONDS = Number(process.env.CHAT_BENCH_WARMUP_SECONDS ?? 2);
/** Embedded: PGlite on disk as `npm start` runs it (default), or in memory (`memory`). */
const PGLITE_IN_MEMORY = process.env.CHAT_BENCH_PGLITE === 'memory';
// Node flags for the measured server beyond npm start's own (to compare V8 settings).
const EXTRA_NODE_FLAGS = (process.env.CHAT_BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');

interface Measured {
  result: RunResult;
  /** The warm-up before the measured run (CHAT_BENCH_WARMUP_SECONDS), when there was one. */
  warmup: RunResult | null;
  /** Before the sockets connected (seeded and idle). */
  rssBefore: number;
  rssConnected: number;
  rssPeak: number;
  cpuPercent: number;
  /** The whole machine's CPU over the run (200 % = both cores), and PostgreSQL's share of it. */
  machineCpuPercent: number;
  postgresCpuPercent: number;
}

/** A Sideline server's run: what every run measures, and what only the server can tell. */
type MeasuredServer = Measured & { connectSeconds: number; serverStats: Record<string, unknown> | null };

/** Connects the members to `url` through the driver, runs the sends, and watches `pid`. */
async function measure(
  driver: Child,
  pid: number,
  job: ConnectJob,
  profile?: Child,
  /** The Sideline server, whose per-message trace is printed stage by stage. */
  traced?: Child,
): Promise<MeasuredServer> {
  const rssBefore = (await processUsage(pid)).rssBytes;
  const connected = await driver.request<{ sockets: number; seconds: number }>('connect', job);
  // Let the connect burst settle (joins, presence) before the measured window.
  await new Promise((r) => setTimeout(r, 1_000));
  const rssConnected = (await processUsage(pid)).rssBytes;
  // What seeding, bundling and connecting left in this process and in the driver is collected
  // now, not by an allocation-driven collection on five threads inside the measured run
  // (npm run bench gives both --expose-gc); before the warm-up, which outlasts the concurrent
  // sweeping that follows a full collection.
  globalThis.gc?.();
  await driver.request('gc');
  let warmup: RunResult | null = null;
  if (WARMUP_SECONDS > 0) {
    // The first sends after a start meet cold caches (each sender's membership, PGlite's pages,
    // code not yet optimised): timed apart, so that the measured run is the steady state.
    warmup = await driver.request<RunResult>('run', { rate: RATE, seconds: WARMUP_SECONDS, prefix: 'warmup' });
  }
  const rss = sampleRss(pid);
  if (profile) await profile.request('profile-start');
  if (profile && process.env.CHAT_BENCH_SQL) await profile.request('sql-start');
  const cpuBefore = (await processUsage(pid)).cpuMs;
  const machineBefore = await machineUsage();
  const wallBefore = performance.now();
  if (traced) await traced.request('traces');
  if (traced) await traced.request('pauses-reset');
  const result = await driver.request<RunResult>('run', { rate: RATE, seconds: SECONDS });
  if (traced) console.log(stages(result, await traced.request<Record<string, MessageTrace>>('traces')));
  const machineAfter = await machineUsage();
  const wall = performance.now() - wallBefore;
  const cpuPercent = (100 * ((await processUsage(pid)).cpuMs - cpuBefore)) / wall;
  const machineCpuPercent = (100 * (machineAfter.cpuMs - machineBefore.cpuMs)) / wall;
  const postgresCpuPercent = (100 * (machineAfter.postgresCpuMs - machineBefore.postgresCpuMs)) / wall;
  if (profile && process.env.CHAT_BENCH_SQL) console.log(await profile.request<string>('sql-stop'));
  if (profile)
    console.log(`\nCPU profile of the server (${job.url}):\n${await profile.request<string>('profile-stop')}\n`);
  const { peak } = await rss.stop();
  // Read before the sockets close: 5,000 closes at once are no part of the measured window.
  const serverStats = traced ? await traced.request<Record<string, unknown>>('stats') : null;
  // Then a full collection: how much of the main thread's heap was live, not garbage.
  if (serverStats) serverStats.liveHeap = await traced!.request('live-heap');
  await driver.request('close');
  return {
    result,
    warmup,
    rssBefore,
    rssConnected,
    rssPeak: Math.max(peak, rssConnected),
    cpuPercent,
    machineCpuPercent,
    postgresCpuPercent,
    connectSeconds: connected.seconds,
    serverStats,
  };
}

/** Where the time went, per message: p50 / p99 of each stage (the server's trace, the driver's clock). */
function stages(result: RunResult, traces: Record<string, MessageTrace>): string {
  const spans: Record<string, number[]> = {
    'sent → append starts (socket, gateway, membership check, stream read)': [],
    'append (event store)': [],
    'appended → read by the projection runner (live read)': [],
    'read → new_message published (lane wait, transaction)': [],
    'published → at the gateway (bus)': [],
    'at the gateway → first member (fan-out, socket)': [],
    'first → last member': [],
  };
  const add = (name: string, from?: number, to?: number) => {
    if (from !== undefined && to !== undefined) spans[name]!.push(to - from);
  };
  const names = Object.keys(spans);
  for (const [clientId, t] of Object.entries(result.timeline)) {
    const s = traces[clientId] ?? {};
    add(names[0]!, t.sentAt, s.appendStart);
    add(names[1]!, s.appendStart, s.appended);
    add(names[2]!, s.appended, s.read);
    add(names[3]!, s.read, s.published);
    add(names[4]!, s.published, s.arrived);
    add(names[5]!, s.arrived, t.firstAt);
    add(names[6]!, t.firstAt, t.lastAt);
  }
  // The slowest 1 % of messages (sent → last member): the mean of each stage among them, which
  // says which stage the tail is made of (each stage's own p99 need not be the same messages').
  const whole = Object.entries(result.timeline)
    .filter(([, t]) => t.lastAt !== undefined)
    .sort(([, a], [, b]) => b.lastAt! - b.sentAt - (a.lastAt! - a.sentAt));
  const tail = whole.slice(0, Math.max(1, Math.floor(whole.length / 100)));
  const runStart = Math.min(...whole.map(([, t]) => t.sentAt));
  // The 100 ms windows the slowest were sent in, and the first send of each.
  const windows = [...new Set(tail.map(([, t]) => Math.floor(t.sentAt / 100)))];
  const firstIn = (w: number) =>
    Math.min(...tail.filter(([, t]) => Math.floor(t.sentAt / 100) === w).map(([, t]) => t.sentAt));
  const tailSpans = names.map((name, i) => {
    const values = tail.flatMap(([clientId, t]) => {
      const s = traces[clientId] ?? {};
      const points = [t.sentAt, s.appendStart, s.appended, s.read, s.published, s.arrived, t.firstAt, t.lastAt];
      const [from, to] = [points[i], points[i + 1]];
      return from !== undefined && to !== undefined ? [to - from] : [];
    });
    return `${name.split(' (')[0]} ${ms(values.reduce((a, b) => a + b, 0) / Math.max(1, values.length))}`;
  });
  return [
    ...Object.entries(spans).map(([name, values]) => {
      const sorted = values.sort((a, b) => a - b);
      const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
      return `  ${name}: p50 ${ms(at(50))} ms, p99 ${ms(at(99))} ms (${sorted.length})`;
    }),
    `  slowest 1 % (${tail.length} messages, sent in ${windows.length} distinct 100 ms windows, the first of each at ${windows.map((w) => firstIn(w).toFixed(0)).join(', ')}; ${windows.map((w) => ((firstIn(w) - runStart) / 1000).toFixed(1)).join(', ')} s into the run), mean ms per stage: ${tailSpans.join(', ')}`,
  ].join('\n');
}

export async function benchChat(): Promise<void> {
  const servicesUp = (await postgresAvailable()) && (await natsAvailable());
  const rows: string[] = [];
  const driver = await Child.start('chat-driver.ts');
  console.log(`driver pid ${driver.pid}; ${RATE} messages/s offered for ${SECONDS} s per run`);
  try {
    for (const { teams, perTeam } of LAYOUTS) {
      for (const mode of MODES) {
        const label =
          mode === 'services'
            ? 'services (PostgreSQL, NATS)'
            : `embedded (PGlite ${PGLITE_IN_MEMORY ? 'in memory' : 'on disk'}, in-process bus)`;
        const sockets = teams * perTeam;
        if (mode === 'services' && !servicesUp) {
          rows.push(`| ${label} | ${sockets} | skipped: PostgreSQL or NATS unreachable |`);
          continue;
        }
        const dataDir = mode === 'embedded' ? await mkdtemp(path.join(os.tmpdir(), 'sideline-chat-bench-')) : null;
        // How the seeder hands its data to the measured process: PostgreSQL stays where it is;
        // PGlite is closed on disk (as `npm start` finds it after a restart), or dumped.
        const { where, handOver } = !dataDir
          ? { where: {}, handOver: 'stop-server' }
          : PGLITE_IN_MEMORY
            ? { where: { CHAT_BENCH_DUMP: path.join(dataDir, 'seeded.tgz') }, handOver: 'dump' }
            : { where: { CHAT_BENCH_DATA_DIR: dataDir }, handOver: 'close' };
        // Seeded by one process, measured in a fresh one on the same data (see chat-server.ts).
        const seeder = await Child.start('chat-server.ts', { CHAT_BENCH_MODE: mode, ...where });
        let sideline: MeasuredServer;
        let members: SeededMember[];
        try {
          const seeded = performance.now();
          members = await seeder.request<SeededMember[]>('seed', { teams, perTeam });
          const seedSeconds = (performance.now() - seeded) / 1000;
          const databaseUrl = await seeder.request<string | undefined>('database-url');
          await seeder.request(handOver);
          // Bundled and started as npm start runs the server (node's flags, environment).
          const server = await Child.start(
            'chat-server.ts',
            {
              CHAT_BENCH_MODE: mode,
              ...where,
              ...(databaseUrl ? { CHAT_BENCH_DATABASE_URL: databaseUrl } : {}),
            },
            { asStarted: true, nodeFlags: EXTRA_NODE_FLAGS },
          );
          try {
            const url = await server.request<string>('url');
            const profile = process.env.CHAT_BENCH_PROFILE === `${mode} ${sockets}` ? server : undefined;
            sideline = await measure(
              driver,
              server.pid,
              { url: `${url.replace('http', 'ws')}/ws`, origin: url, members },
              profile,
              server,
            );
            console.log(
              `${label}, ${sockets} sockets: seeded in ${seedSeconds.toFixed(0)} s, connected in ${sideline.connectSeconds.toFixed(1)} s; server at the end of the run: ${JSON.stringify(sideline.serverStats)}`,
            );
          } finally {
            await server.stop();
          }
        } finally {
          await seeder.stop();
          if (dataDir) await rm(dataDir, { recursive: true, force: true });
        }
        let raw: Measured | null = null;
        if (BASELINE) {
          const baseline = await Child.start('chat-baseline.ts');
          try {
            const url = await baseline.request<string>('url');
            raw = await measure(driver, baseline.pid, { url, origin: 'http://127.0.0.1', members, userInQuery: true });
          } finally {
            await baseline.stop();
          }
        }
        const r = sideline.result;
        rows.push(
          `| ${label} | ${sockets} | ${RATE} | ${r.delivered}/${r.expected} | ${r.deliveriesPerSecond.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${mb(sideline.rssBefore)} / ${mb(sideline.rssConnected)} / ${mb(sideline.rssPeak)} | ${sideline.cpuPercent.toFixed(0)} % | ${sideline.machineCpuPercent.toFixed(0)} % (${sideline.postgresCpuPercent.toFixed(0)} %) | ` +
            (raw
              ? `${raw.result.delivered}/${raw.result.expected} | ${ms(raw.result.p50)} | ${ms(raw.result.p99)} | ${mb(raw.rssPeak)} | ${raw.cpuPercent.toFixed(0)} % | ${(r.p99 / raw.result.p99).toFixed(1)} |`
              : '– | – | – | – | – | – |') +
            ` ${(r.driverLoopUtilization * 100).toFixed(0)} % | ${sideline.warmup ? `${ms(sideline.warmup.p50)} / ${ms(sideline.warmup.p99)}` : '–'} |`,
        );
      }
    }
  } finally {
    await driver.stop();
  }
  console.log(
    '\n| mode | sockets | offered msg/s | delivered | deliveries/s | p50 ms | p99 ms | max ms | server RSS MB (idle / connected / peak) | server CPU | machine CPU (PostgreSQL) | raw ws delivered | raw ws p50 ms | raw ws p99 ms | raw ws RSS MB | raw ws CPU | p99 ratio | driver loop | warm-up p50 / p99 ms |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}
