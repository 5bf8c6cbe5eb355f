import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { userDecider, userStream } from '@sideline/domain';
import {
  createInProcessBus,
  createLogger,
  createNatsBus,
  createPostgresEventStore,
  loadConfig,
  natsAvailable,
  type Bus,
  type Database,
} from '@sideline/infra';
import { createTestDatabase, postgresAvailable } from '@sideline/infra/testing';
import { createPasswordHasher } from '../command-api/src/identity/passwords.ts';
import { allMigrations } from '../command-api/src/migrations.ts';
import { createSidelineServer } from '../command-api/src/server.ts';

const TEAMS = 50;
const SOCKETS_PER_TEAM = 10;
const RATE = Number(process.env.CHAT_BENCH_RATE ?? 200); // messages per second offered
const SECONDS = 10;

interface Member {
  userId: string;
  cookie: string;
  teamId?: string;
  socket?: WebSocket;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function run(label: string, database: Database, bus: Bus): Promise<string> {
  const eventStore = createPostgresEventStore(database);
  const server = await createSidelineServer({
    // Every simulated member connects from 127.0.0.1: lift the per-IP socket cap above the 500.
    config: loadConfig({ LOG_LEVEL: 'silent', WS_MAX_SOCKETS_PER_IP: '10000' }),
    database,
    eventStore,
    bus,
    logger: createLogger({ level: 'silent' }),
    passwords: createPasswordHasher(10),
    webDist: null,
  });
  const url = (await server.app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  const headers = (m: Member) => ({ cookie: m.cookie, origin: url, 'content-type': 'application/json' });

  // People are registered through the command (the HTTP route is rate-limited per IP by design).
  const newMember = async (role: 'coach' | 'parent'): Promise<Member> => {
    const userId = randomUUID();
    await server.handle(
      userDecider,
      userStream(userId),
      {
        type: 'RegisterUser',
        data: { userId, name: `Bench ${role} ${userId.slice(0, 4)}`, email: `${userId}@bench.test`, role },
      },
      { actorId: userId },
    );
    return { userId, cookie: `sideline_session=${await server.sessions.create(userId, {})}` };
  };

  const setupStarted = performance.now();
  const teams: Member[][] = [];
  for (let t = 0; t < TEAMS; t++) {
    const coach = await newMember('coach');
    const created = await fetch(`${url}/api/teams`, {
      method: 'POST',
      headers: headers(coach),
      body: JSON.stringify({ name: `Team ${t}`, sport: 'Soccer' }),
    });
    const team = (await created.json()) as { id: string; code: string };
    const members = [coach];
    for (let i = 1; i < SOCKETS_PER_TEAM; i++) {
      const member = await newMember('parent');
      await fetch(`${url}/api/teams/join`, {
        method: 'POST',
        headers: headers(member),
        body: JSON.stringify({ code: team.code }),
      });
      members.push(member);
    }
    for (const m of members) m.teamId = team.id;
    teams.push(members);
  }

  const received = new Map<string, number>();
  await Promise.all(
    teams.flat().map(
      (member) =>
        new Promise<void>((resolve, reject) => {
          const socket = new WebSocket(`${url.replace('http', 'ws')}/ws`, {
            headers: { cookie: member.cookie, origin: url },
          });
          member.socket = socket;
          socket.once('error', reject);
          socket.on('message', (raw) => {
            const frame = JSON.parse(String(raw)) as {
              type: string;
              teamIds?: string[];
              message?: { clientId?: string; userId?: string };
            };
            if (frame.type === 'joined') resolve();
            // Latency is measured on another member's socket, never the sender's own.
            if (frame.type === 'new_message' && frame.message?.clientId && frame.message.userId !== member.userId) {
              if (!received.has(frame.message.clientId)) received.set(frame.message.clientId, performance.now());
            }
          });
          socket.once('open', () => socket.send(JSON.stringify({ type: 'join_teams', teamIds: [member.teamId] })));
        }),
    ),
  );
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  const sent = new Map<string, number>();
  const total = RATE * SECONDS;
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const members = teams[i % TEAMS]!;
    const sender = members[Math.floor(i / TEAMS) % members.length]!;
    const clientId = `bench-${i.toString().padStart(8, '0')}`;
    sent.set(clientId, performance.now());
    sender.socket!.send(
      JSON.stringify({ type: 'send_message', teamId: sender.teamId, content: `message ${i}`, clientId }),
    );
  }
  const deadline = performance.now() + 15_000;
  while (received.size < total && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const elapsed = (Math.max(...received.values()) - started) / 1000;
  const latencies = [...received].map(([id, at]) => at - sent.get(id)!).sort((a, b) => a - b);

  for (const member of teams.flat()) member.socket?.terminate();
  await server.close();
  await eventStore.close();

  return `| ${label} | ${TEAMS * SOCKETS_PER_TEAM} | ${RATE} | ${(received.size / elapsed).toFixed(0)} | ${received.size}/${total} | ${percentile(latencies, 50).toFixed(1)} | ${percentile(latencies, 99).toFixed(1)} | ${setupSeconds.toFixed(0)} s |`;
}

/** Messages/s and send→receive latency with 500 sockets in 50 teams (embedded, then PostgreSQL + NATS). */
export async function benchChat(): Promise<void> {
  const rows: string[] = [];
  {
    const database = await createTestDatabase(allMigrations, 'pglite');
    const bus = createInProcessBus();
    try {
      rows.push(await run('embedded (PGlite, in-process bus)', database, bus));
    } finally {
      await bus.close();
      await database.close();
    }
  }
  if ((await postgresAvailable()) && (await natsAvailable())) {
    const database = await createTestDatabase(allMigrations, 'postgres');
    const bus = await createNatsBus({
      servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
      name: 'sideline-bench',
    });
    try {
      rows.push(await run('services (PostgreSQL, NATS)', database, bus));
    } finally {
      await bus.close();
      await database.close();
    }
  } else {
    rows.push('| services (PostgreSQL, NATS) | skipped: PostgreSQL or NATS unreachable | | | | | | |');
  }
  console.log('| mode | sockets | offered msg/s | delivered msg/s | delivered | p50 ms | p99 ms | setup |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}
