import { natsAvailable } from '@sideline/infra';
import { postgresAvailable } from '@sideline/infra/testing';
import { Child, processUsage, sampleRss } from './chat-child.ts';
import type { ConnectJob, RunResult } from './chat-driver.ts';
import type { SeededMember } from './chat-server.ts';

/**
 * `npm run bench -- chat`: `send_message` → `new_message` latency, delivered throughput and the
 * server's RSS and CPU, with 500 sockets (50 teams × 10) and 5,000 sockets (500 teams × 10), in
 * embedded mode (PGlite, in-process bus) and services mode (PostgreSQL, NATS).
 *
 * Three kinds of process: the Sideline server (bench/chat-server.ts, one per mode and layout,
 * seeded through the real commands and routes), the socket driver (bench/chat-driver.ts: every
 * member's socket, the sends and the timing; never on the server's event loop) and, right after
 * each Sideline run, a raw `ws` server (bench/chat-baseline.ts) that fans the same frames out to
 * the same sockets, driven the same way: the ratio of the two is the steadier figure on a busy
 * machine.
 *
 * CHAT_BENCH_RATE (200 messages/s), CHAT_BENCH_SECONDS (10), CHAT_BENCH_MODES
 * (embedded,services), CHAT_BENCH_LAYOUTS (teams×members, default 50x10,500x10),
 * CHAT_BENCH_BASELINE=0 (skip raw ws), CHAT_BENCH_PROFILE (e.g. `embedded 5000`: a CPU profile of
 * the server process during that run, summarised and written to the temp dir).
 */
const RATE = Number(process.env.CHAT_BENCH_RATE ?? 200);
const SECONDS = Number(process.env.CHAT_BENCH_SECONDS ?? 10);
const MODES = (process.env.CHAT_BENCH_MODES ?? 'embedded,services').split(',').map((m) => m.trim());
const LAYOUTS = (process.env.CHAT_BENCH_LAYOUTS ?? '50x10,500x10').split(',').map((layout) => {
  const [teams, perTeam] = layout.split('x').map(Number);
  return { teams: teams!, perTeam: perTeam! };
});
const BASELINE = process.env.CHAT_BENCH_BASELINE !== '0';

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');

interface Measured {
  result: RunResult;
  rssConnected: number;
  rssPeak: number;
  cpuPercent: number;
}

/** Connects the members to `url` through the driver, runs the sends, and watches `pid`. */
async function measure(
  driver: Child,
  pid: number,
  job: ConnectJob,
  profile?: Child,
): Promise<Measured & { connectSeconds: number }> {
  const connected = await driver.request<{ sockets: number; seconds: number }>('connect', job);
  // Let the connect burst settle (joins, presence) before the measured window.
  await new Promise((r) => setTimeout(r, 1_000));
  const rssConnected = (await processUsage(pid)).rssBytes;
  const rss = sampleRss(pid);
  if (profile) await profile.request('profile-start');
  if (profile && process.env.CHAT_BENCH_SQL) await profile.request('sql-start');
  const cpuBefore = (await processUsage(pid)).cpuMs;
  const wallBefore = performance.now();
  const result = await driver.request<RunResult>('run', { rate: RATE, seconds: SECONDS });
  const cpuPercent = (100 * ((await processUsage(pid)).cpuMs - cpuBefore)) / (performance.now() - wallBefore);
  if (profile && process.env.CHAT_BENCH_SQL) console.log(await profile.request<string>('sql-stop'));
  if (profile)
    console.log(`\nCPU profile of the server (${job.url}):\n${await profile.request<string>('profile-stop')}\n`);
  const { peak } = await rss.stop();
  await driver.request('close');
  return { result, rssConnected, rssPeak: Math.max(peak, rssConnected), cpuPercent, connectSeconds: connected.seconds };
}

export async function benchChat(): Promise<void> {
  const servicesUp = (await postgresAvailable()) && (await natsAvailable());
  const rows: string[] = [];
  const driver = await Child.start('chat-driver.ts');
  console.log(`driver pid ${driver.pid}; ${RATE} messages/s offered for ${SECONDS} s per run`);
  try {
    for (const { teams, perTeam } of LAYOUTS) {
      for (const mode of MODES) {
        const label = mode === 'services' ? 'services (PostgreSQL, NATS)' : 'embedded (PGlite, in-process bus)';
        const sockets = teams * perTeam;
        if (mode === 'services' && !servicesUp) {
          rows.push(`| ${label} | ${sockets} | skipped: PostgreSQL or NATS unreachable |`);
          continue;
        }
        const server = await Child.start('chat-server.ts', { CHAT_BENCH_MODE: mode });
        let sideline: Measured & { connectSeconds: number };
        let seedSeconds: number;
        let members: SeededMember[];
        try {
          const seeded = performance.now();
          members = await server.request<SeededMember[]>('seed', { teams, perTeam });
          seedSeconds = (performance.now() - seeded) / 1000;
          const url = await server.request<string>('url');
          const profile = process.env.CHAT_BENCH_PROFILE === `${mode} ${sockets}` ? server : undefined;
          sideline = await measure(
            driver,
            server.pid,
            { url: `${url.replace('http', 'ws')}/ws`, origin: url, members },
            profile,
          );
          const stats = await server.request<{
            connections: number;
            droppedFrames: number;
            refusedConnections: number;
          }>('stats');
          console.log(
            `${label}, ${sockets} sockets: seeded in ${seedSeconds.toFixed(0)} s, connected in ${sideline.connectSeconds.toFixed(1)} s; gateway ${JSON.stringify(stats)}`,
          );
        } finally {
          await server.stop();
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
          `| ${label} | ${sockets} | ${RATE} | ${r.delivered}/${r.expected} | ${r.deliveriesPerSecond.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${mb(sideline.rssConnected)} / ${mb(sideline.rssPeak)} | ${sideline.cpuPercent.toFixed(0)} % | ` +
            (raw
              ? `${raw.result.delivered}/${raw.result.expected} | ${ms(raw.result.p50)} | ${ms(raw.result.p99)} | ${mb(raw.rssPeak)} | ${raw.cpuPercent.toFixed(0)} % | ${(r.p99 / raw.result.p99).toFixed(1)} |`
              : '– | – | – | – | – | – |') +
            ` ${(r.driverLoopUtilization * 100).toFixed(0)} % |`,
        );
      }
    }
  } finally {
    await driver.stop();
  }
  console.log(
    '\n| mode | sockets | offered msg/s | delivered | deliveries/s | p50 ms | p99 ms | max ms | server RSS MB (connected / peak) | server CPU | raw ws delivered | raw ws p50 ms | raw ws p99 ms | raw ws RSS MB | raw ws CPU | p99 ratio | driver loop |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}
