import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleSidelineServer } from '@sideline/infra/build/bundle-server';
import { readStartCommand } from '@sideline/infra/build/start-command';
import { freePort, publish } from '../command-api/test/rtmp-publisher.ts';
import { measureHlsLatency, type HlsLatency } from './livestream-hls.ts';

/**
 * Concurrent HTTP-FLV viewers of one livestream. The server runs as its own process (as
 * `npm start` runs it: embedded mode, RTMP ingest on a free port), an ffmpeg test publisher
 * pushes a small synthetic stream, and this process opens N viewers of the stream's playback URL
 * and reads them. Per level: each viewer's received bit rate against the publisher's (held at
 * full rate means ≥ 95 % of it), and the server process's CPU (from /proc) and memory (RSS)
 * beside the level with no viewer, divided per viewer. Before the levels, while the publisher
 * starts: the latency from publish to a playable HLS segment (livestream-hls.ts).
 */
const LEVELS = (process.env.LIVESTREAM_BENCH_VIEWERS ?? '0,50,100,200,400').split(',').map(Number);
const MEASURE_SECONDS = Number(process.env.LIVESTREAM_BENCH_SECONDS ?? 8);
const WARMUP_SECONDS = 3;
const HLS_SECONDS = Number(process.env.LIVESTREAM_BENCH_HLS_SECONDS ?? 12);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TICK = 100; // USER_HZ

interface Server {
  url: string;
  pid: number;
  child: ChildProcess;
}

async function startServer(rtmpPort: number, dataDir: string): Promise<Server> {
  // As npm start runs it: the bundle, with npm start's node flags and environment.
  await bundleSidelineServer();
  const start = readStartCommand();
  const child = spawn(process.execPath, [...start.nodeFlags, start.entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...start.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      RTMP_PORT: String(rtmpPort),
      DATABASE_URL: '',
      NATS_URL: '',
      EVENTSTORE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c) => (output += String(c)));
  child.stderr!.on('data', (c) => (output += String(c)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    child.stdout!.on('data', () => {
      const m = /running at (http:\/\/[^\s]+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace('localhost', '127.0.0.1'));
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { url, pid: child.pid!, child };
}

function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime
}
function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? 0) / 1024;
}

async function api(url: string, method: string, body: unknown, cookie = ''): Promise<{ json: any; cookie: string }> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', origin: new URL(url).origin, cookie },
    body: JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return { json: await response.json(), cookie: response.headers.getSetCookie()[0]?.split(';')[0] ?? cookie };
}

interface Viewer {
  bytes: number;
  request: http.ClientRequest;
}

function openViewer(url: string): Viewer {
  const viewer: Viewer = { bytes: 0, request: null as unknown as http.ClientRequest };
  viewer.request = http.get(url, { agent: false }, (response) => {
    response.on('data', (chunk: Buffer) => (viewer.bytes += chunk.length));
    response.on('error', () => {});
  });
  viewer.request.on('error', () => {});
  return viewer;
}

function printHlsLatency(latency: HlsLatency): void {
  const seconds = (ms: number) => (ms / 1000).toFixed(2);
  const ages = latency.segmentAgesMs;
  const lengths = latency.segmentSeconds;
  console.log(
    `HLS (1 s target segments, copied; publisher keyframe every 1 s): first playlist listing a segment ` +
      `${seconds(latency.firstPlaylistMs)} s after the publisher started` +
      (latency.firstFrameMs === null
        ? ''
        : ` (its first frame reached the server at ${seconds(latency.firstFrameMs)} s)`) +
      '.',
  );
  if (ages.length > 0) {
    console.log(
      `Segment age when first listed (its first frame's arrival at the server → the playlist listing it), ` +
        `${ages.length} segments of ${Math.min(...lengths).toFixed(2)}–${Math.max(...lengths).toFixed(2)} s: ` +
        `min ${seconds(Math.min(...ages))} s, median ${seconds(median(ages))} s, max ${seconds(Math.max(...ages))} s.\n`,
    );
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

export async function benchLivestream(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sideline-bench-live-'));
  const rtmpPort = await freePort();
  const server = await startServer(rtmpPort, dataDir);
  const viewers: Viewer[] = [];
  let reference: Viewer | null = null;
  let publisher: ReturnType<typeof publish> | null = null;
  try {
    const email = `bench-${Date.now()}@example.com`;
    const { cookie } = await api(`${server.url}/api/register`, 'POST', {
      email,
      password: 'correct horse battery',
      name: 'Bench Coach',
      role: 'coach',
    });
    const team = (await api(`${server.url}/api/teams`, 'POST', { name: 'Bench FC', sport: 'Soccer' }, cookie)).json;
    const stream = (
      await api(`${server.url}/api/livestreams`, 'POST', { teamId: team.id, title: 'Bench', isPublic: true }, cookie)
    ).json;
    const total = LEVELS.length * (WARMUP_SECONDS + MEASURE_SECONDS) + HLS_SECONDS + 30;
    const publishedAt = performance.now();
    publisher = publish(`rtmp://127.0.0.1:${rtmpPort}/live/${stream.streamKey}`, total, {
      size: '640x360',
      rate: 25,
      bitrate: '1000k',
    });
    const playUrl = `${server.url}/api/livestreams/${stream.id}/live.flv`;
    const hls = measureHlsLatency(server.url, stream.id, publishedAt, HLS_SECONDS);
    for (let i = 0; ; i++) {
      const s = (await api(`${server.url}/api/livestreams/${stream.id}`, 'GET', undefined, cookie).catch(() => null))
        ?.json;
      if (s?.status === 'live') break;
      if (i > 100) throw new Error('the stream did not go live');
      await new Promise((r) => setTimeout(r, 100));
    }
    // One reference viewer stays open throughout: the rate the publisher actually delivers in each
    // window (ffmpeg on a busy machine does not always keep real time), which viewers are held to.
    reference = openViewer(playUrl);
    // Let the start-up (migrations, first queries) settle before the baseline; the HLS probe ends first.
    const [latency] = await Promise.all([hls, new Promise((r) => setTimeout(r, 8000))]);
    printHlsLatency(latency);
    console.log(
      `Publisher: ffmpeg testsrc 640x360 25 fps x264 ultrafast (1 Mbit/s cap) + AAC; ` +
        `server: embedded mode, own process (pid ${server.pid}); ${MEASURE_SECONDS} s per level.\n`,
    );
    console.log(
      '| viewers | source kbit/s | min / median kbit/s per viewer | at ≥ 95 % of source | server CPU % | CPU % per viewer | server RSS MiB | RSS KiB per viewer | bench client CPU % |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    let baseCpu = 0;
    let baseRss = 0;
    for (const level of LEVELS) {
      while (viewers.length < level) viewers.push(openViewer(playUrl));
      await new Promise((r) => setTimeout(r, WARMUP_SECONDS * 1000));
      const before = viewers.map((v) => v.bytes);
      const referenceBefore = reference!.bytes;
      const cpu0 = cpuTicks(server.pid);
      const client0 = process.cpuUsage();
      const t0 = performance.now();
      // RSS swings with garbage collection: the window's lowest sample (live memory) is compared.
      let rss = Infinity;
      const sampler = setInterval(() => (rss = Math.min(rss, rssMiB(server.pid))), 250);
      await new Promise((r) => setTimeout(r, MEASURE_SECONDS * 1000));
      clearInterval(sampler);
      const seconds = (performance.now() - t0) / 1000;
      const cpu = ((cpuTicks(server.pid) - cpu0) / TICK / seconds) * 100;
      const client = process.cpuUsage(client0);
      const clientCpu = ((client.user + client.system) / 1e6 / seconds) * 100;
      const rates = viewers.map((v, i) => ((v.bytes - before[i]!) * 8) / seconds / 1000);
      const sourceKbps = ((reference!.bytes - referenceBefore) * 8) / seconds / 1000;
      const full = rates.filter((r) => r >= 0.95 * sourceKbps).length;
      if (level === 0) {
        baseCpu = cpu;
        baseRss = rss;
      }
      const perCpu = level > 0 ? ((cpu - baseCpu) / level).toFixed(3) : '–';
      const perRss = level > 0 ? (((rss - baseRss) * 1024) / level).toFixed(0) : '–';
      const min = rates.length ? Math.min(...rates).toFixed(0) : '–';
      const med = rates.length ? median(rates).toFixed(0) : '–';
      console.log(
        `| ${level} | ${sourceKbps.toFixed(0)} | ${min} / ${med} | ${level ? `${full}/${level}` : '–'} | ${cpu.toFixed(1)} | ${perCpu} | ${rss.toFixed(0)} | ${perRss} | ${clientCpu.toFixed(0)} |`,
      );
    }
  } finally {
    for (const v of viewers) v.request.destroy();
    reference?.request.destroy();
    publisher?.child.kill('SIGKILL');
    server.child.kill('SIGINT');
    await new Promise((r) => server.child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
