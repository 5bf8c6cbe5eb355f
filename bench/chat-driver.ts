import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { serveRequests } from './chat-child.ts';

/**
 * The socket side of `npm run bench -- chat`, forked as its own process so that the simulated
 * members never share the server's event loop. It connects every member's socket, joins its
 * team, then offers `send_message` at a steady rate from members in turn and times each
 * `new_message` on every other member's socket (the sender's own copy is not counted).
 */
export interface DriverMember {
  userId: string;
  cookie: string;
  teamId: string;
}

export interface ConnectJob {
  /** ws:// URL of the socket endpoint. */
  url: string;
  origin: string;
  members: DriverMember[];
  /** Adds `?user=` to each URL: the raw ws baseline has no sessions. */
  userInQuery?: boolean;
}

export interface RunJob {
  rate: number;
  seconds: number;
  /** Prefix of the messages' clientIds: a warm-up's must differ from the measured run's. */
  prefix?: string;
}

export interface RunResult {
  messages: number;
  /** Deliveries to members other than the sender: messages × (team size − 1) when all arrive. */
  expected: number;
  delivered: number;
  /** Deliveries per second over the run (first send to last delivery). */
  deliveriesPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  /** How busy this driver's own event loop was during the run (0–1). */
  driverLoopUtilization: number;
  /** Per message (epoch ms): sent, first and last delivery to another member. */
  timeline: Record<string, { sentAt: number; firstAt?: number; lastAt?: number }>;
}

interface Socket {
  member: DriverMember;
  ws: WebSocket;
}

let sockets: Socket[] = [];
let byTeam = new Map<string, Socket[]>();
/** clientId → send time; latencies of deliveries. */
let sent = new Map<string, { at: number; userId: string }>();
let timeline: RunResult['timeline'] = {};
const epoch = (at: number) => performance.timeOrigin + at;
let latencies: number[] = [];
let lastDelivery = 0;
let errors = 0;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function open(job: ConnectJob, member: DriverMember): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const address = job.userInQuery ? `${job.url}?user=${member.userId}` : job.url;
    const ws = new WebSocket(address, { headers: { cookie: member.cookie, origin: job.origin } });
    const socket = { member, ws };
    ws.once('error', reject);
    ws.once('close', (code, reason) => reject(new Error(`socket closed before joining: ${code} ${String(reason)}`)));
    ws.on('message', (raw) => {
      const now = performance.now();
      const frame = JSON.parse(String(raw)) as {
        type: string;
        message?: { clientId?: string | null; userId?: string };
      };
      if (frame.type === 'joined') {
        ws.removeAllListeners('close');
        resolve(socket);
      } else if (frame.type === 'new_message') {
        const clientId = frame.message?.clientId;
        const sending = clientId ? sent.get(clientId) : undefined;
        if (sending && frame.message?.userId !== member.userId) {
          latencies.push(now - sending.at);
          lastDelivery = now;
          const entry = timeline[clientId!]!;
          entry.firstAt ??= epoch(now);
          entry.lastAt = epoch(now);
        }
      } else if (frame.type === 'error') {
        errors++;
      }
    });
    ws.once('open', () => ws.send(JSON.stringify({ type: 'join_teams', teamIds: [member.teamId] })));
  });
}

async function connect(job: ConnectJob): Promise<{ sockets: number; seconds: number }> {
  const started = performance.now();
  sockets = [];
  byTeam = new Map();
  // In batches: thousands of simultaneous upgrades would overflow the listen backlog.
  for (let i = 0; i < job.members.length; i += 200) {
    sockets.push(...(await Promise.all(job.members.slice(i, i + 200).map((m) => open(job, m)))));
  }
  for (const socket of sockets) {
    let team = byTeam.get(socket.member.teamId);
    if (!team) byTeam.set(socket.member.teamId, (team = []));
    team.push(socket);
  }
  return { sockets: sockets.length, seconds: (performance.now() - started) / 1000 };
}

async function run({ rate, seconds, prefix = 'bench' }: RunJob): Promise<RunResult> {
  sent = new Map();
  timeline = {};
  latencies = [];
  errors = 0;
  const teams = [...byTeam.values()];
  const total = rate * seconds;
  const loopBefore = performance.eventLoopUtilization();
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const members = teams[i % teams.length]!;
    const sender = members[Math.floor(i / teams.length) % members.length]!;
    const clientId = `${prefix}-${i.toString().padStart(8, '0')}`;
    const at = performance.now();
    sent.set(clientId, { at, userId: sender.member.userId });
    timeline[clientId] = { sentAt: epoch(at) };
    sender.ws.send(
      JSON.stringify({ type: 'send_message', teamId: sender.member.teamId, content: `message ${i}`, clientId }),
    );
  }
  const expected = teams.reduce((sum, team, t) => {
    // Messages this team got, times its members other than the sender.
    const count = Math.floor(total / teams.length) + (t < total % teams.length ? 1 : 0);
    return sum + count * (team.length - 1);
  }, 0);
  const deadline = performance.now() + 15_000;
  while (latencies.length < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const loop = performance.eventLoopUtilization(loopBefore);
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    messages: total,
    expected,
    delivered: latencies.length,
    deliveriesPerSecond: latencies.length / ((lastDelivery - started) / 1000),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    errors,
    driverLoopUtilization: loop.utilization,
    timeline,
  };
}

async function close(): Promise<void> {
  await Promise.all(
    sockets.map(
      ({ ws }) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === WebSocket.CLOSED) return resolve();
          ws.once('close', () => resolve());
          ws.terminate();
        }),
    ),
  );
  sockets = [];
  byTeam = new Map();
}

serveRequests(
  {
    connect,
    run,
    close,
    // A full collection between runs, not in the middle of one: a driver's pause times every
    // message it receives late (the driver inherits the bench's --expose-gc).
    gc: () => globalThis.gc?.(),
  },
  close,
);
