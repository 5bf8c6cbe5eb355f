import { randomUUID } from 'node:crypto';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sidelineModes,
  startServices,
  startSideline,
  type Services,
  type SidelineProcess,
} from './support/sideline-process.ts';

// Split mode on one PostgreSQL and one NATS: two `api`, two `realtime` and two `projector`
// processes, started as `npm start` starts Sideline. The active projector is killed (-9) while two
// people chat through different processes; the standby takes over.
const runs = (await sidelineModes('split mode failover')).includes('services');

type Frame = { type: string; [field: string]: any };
type Person = { name: string; userId: string; cookie: string };
interface Health {
  process: string;
  projectionLeader: string | null;
  projections: { name: string; state: string; caughtUp: boolean }[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(probe: () => Promise<T | undefined | false>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await sleep(100);
  }
}

function request(base: string, person: Person | null, method: string, path: string, body?: unknown) {
  return fetch(`${base}${path}`, {
    method,
    headers: {
      origin: base,
      ...(person ? { cookie: person.cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function signUp(base: string, name: string, role: 'coach' | 'parent'): Promise<Person> {
  const email = `${role}-${randomUUID()}@example.com`;
  const response = await request(base, null, 'POST', '/api/register', {
    email,
    password: 'correct horse battery',
    name,
    role,
  });
  expect(response.status, 'sign-up').toBe(201);
  const { id } = (await response.json()) as { id: string };
  return { name, userId: id, cookie: response.headers.getSetCookie()[0]!.split(';')[0]! };
}

async function health(process: SidelineProcess): Promise<Health> {
  return (await (await fetch(`${process.url}/api/health`)).json()) as Health;
}

const runsAs = (health: Health, process: SidelineProcess) => health.process.endsWith(`:${process.pid}`);

/** A signed-in socket on one realtime process, keeping every frame. */
class Socket {
  readonly frames: Frame[] = [];
  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => this.frames.push(JSON.parse(String(data)) as Frame));
  }

  static async open(base: string, person: Person): Promise<Socket> {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`, {
      headers: { cookie: person.cookie },
      origin: base,
    });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return new Socket(socket);
  }

  send(frame: Frame): void {
    this.socket.send(JSON.stringify(frame));
  }

  messages(): { id: string; clientId: string | null }[] {
    return this.frames.filter((f) => f.type === 'new_message').map((f) => f.message);
  }

  close(): void {
    this.socket.close();
  }
}

describe.skipIf(!runs)('split mode: two api, two realtime and two projector processes on one PostgreSQL', () => {
  let services: Services;
  const processes: SidelineProcess[] = [];
  let projectors: SidelineProcess[];
  let apis: SidelineProcess[];
  let gateways: SidelineProcess[];

  beforeAll(async () => {
    services = await startServices();
    const start = (role: string) => startSideline({ env: { ...services.env, SIDELINE_ROLE: role } });
    // The first process migrates the fresh database; the others start against it together.
    const first = await start('projector');
    processes.push(first);
    const rest = await Promise.allSettled(['projector', 'api', 'api', 'realtime', 'realtime'].map(start));
    for (const result of rest) if (result.status === 'fulfilled') processes.push(result.value);
    const failed = rest.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    projectors = processes.slice(0, 2);
    apis = processes.slice(2, 4);
    gateways = processes.slice(4, 6);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.destroy()));
    await services?.close();
  });

  it('kills the active projector under chat load: the standby takes over, nothing is lost or applied twice', async () => {
    // One projector leads, the other stands by; every process names the same leader.
    const [p1, p2] = await Promise.all(projectors.map(health));
    const leader = projectors.find((p) => p1!.projectionLeader?.endsWith(`:${p.pid}`));
    expect(leader).toBeDefined();
    const standby = projectors.find((p) => p !== leader)!;
    expect(p2!.projectionLeader).toBe(p1!.projectionLeader);
    const standbyHealth = runsAs(p1!, standby) ? p1! : p2!;
    expect(new Set(standbyHealth.projections.map((p) => p.state))).toEqual(new Set(['standby']));
    expect((await health(apis[0]!)).projectionLeader).toBe(p1!.projectionLeader);

    // A coach (api 1, realtime 1) and a parent (api 2, realtime 2) in one team.
    const coach = await signUp(apis[0]!.url, 'Casey Coach', 'coach');
    const parent = await signUp(apis[1]!.url, 'Pat Parent', 'parent');
    const created = await request(apis[0]!.url, coach, 'POST', '/api/teams', {
      name: 'Riverside Hawks',
      sport: 'Soccer',
    });
    expect(created.status, 'team created').toBe(201);
    const team = (await created.json()) as { id: string; code: string };
    const joined = await request(apis[1]!.url, parent, 'POST', '/api/teams/join', { code: team.code });
    expect(joined.status, 'team joined').toBe(200);
    const sockets = new Map<Person, Socket>([
      [coach, await Socket.open(gateways[0]!.url, coach)],
      [parent, await Socket.open(gateways[1]!.url, parent)],
    ]);
    for (const socket of sockets.values()) socket.send({ type: 'join_teams', teamIds: [team.id] });
    await until(
      async () => [...sockets.values()].every((s) => s.frames.some((f) => f.type === 'joined')),
      'both sockets joined the team',
    );

    // Chat load: each person sends every 200 ms, in turn over api 1, api 2 and their socket.
    // An HTTP send is acknowledged by its 201/200; a socket send by its echo on the sender's
    // socket. A 503 (read model not caught up within the bound) is retried with the same clientId.
    const sent = new Map<string, { sender: Person; via: string; at: number }>();
    const acknowledged = new Map<string, string>(); // clientId → message id
    let notReady = 0;
    const httpSends: Promise<void>[] = [];
    const sendOverHttp = async (sender: Person, api: SidelineProcess, clientId: string, text: string) => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const response = await request(api.url, sender, 'POST', `/api/teams/${team.id}/messages`, { text, clientId });
        if (response.status === 201 || response.status === 200) {
          acknowledged.set(clientId, ((await response.json()) as { id: string }).id);
          return;
        }
        if (response.status !== 503) throw new Error(`send answered ${response.status}: ${await response.text()}`);
        notReady++;
        await sleep(500);
      }
      throw new Error(`send ${clientId} was never acknowledged`);
    };
    let killedAt = 0;
    let stop = false;
    const load = (async () => {
      for (let tick = 0; !stop; tick++) {
        for (const [index, sender] of [coach, parent].entries()) {
          const clientId = `load-${randomUUID()}`;
          const text = `${sender.name} #${tick}`;
          const route = tick % 3;
          sent.set(clientId, { sender, via: ['api 1', 'api 2', 'socket'][route]!, at: Date.now() });
          if (route < 2) httpSends.push(sendOverHttp(sender, apis[(route + index) % 2]!, clientId, text));
          else sockets.get(sender)!.send({ type: 'send_message', teamId: team.id, content: text, clientId });
        }
        await sleep(200);
      }
    })();

    await sleep(4_000);
    killedAt = Date.now();
    await leader!.kill();
    const survivor = await until(async () => {
      const h = await health(standby);
      return h.projectionLeader?.endsWith(`:${standby.pid}`) && h.projections.every((p) => p.state === 'running')
        ? h
        : undefined;
    }, 'the standby projector leads');
    const takeoverMs = Date.now() - killedAt;
    expect(takeoverMs).toBeLessThan(10_000);
    expect(runsAs(survivor, standby)).toBe(true);
    await sleep(6_000);
    stop = true;
    await load;
    await Promise.all(httpSends);

    // Every socket send came back to its sender: acknowledged.
    await until(async () => {
      for (const [clientId, { sender, via }] of sent) {
        if (via !== 'socket' || acknowledged.has(clientId)) continue;
        const echo = sockets
          .get(sender)!
          .messages()
          .find((m) => m.clientId === clientId);
        if (!echo) return false;
        acknowledged.set(clientId, echo.id);
      }
      return true;
    }, 'every socket send was echoed to its sender');
    expect(acknowledged.size).toBe(sent.size);
    const errors = [...sockets.values()].flatMap((s) => s.frames.filter((f) => f.type === 'error'));
    expect(errors).toEqual([]);

    // Each acknowledged message reached the other person's socket, on the other gateway.
    const missing = async () =>
      [...acknowledged].filter(([clientId, id]) => {
        const other = sent.get(clientId)!.sender === coach ? parent : coach;
        return !sockets
          .get(other)!
          .messages()
          .some((m) => m.id === id);
      });
    await until(async () => (await missing()).length === 0, 'every message reached the other socket').catch(
      async (error: Error) => {
        throw new Error(`${error.message}: ${JSON.stringify(await missing())}`);
      },
    );
    const afterKill = [...sent.values()].filter((s) => s.at > killedAt).length;
    expect(afterKill).toBeGreaterThan(20);

    // The read models hold each acknowledged message exactly once, and nothing else; the
    // rewards read model (same events, another projector) counts the same messages.
    await until(async () => (await health(standby)).projections.every((p) => p.caughtUp), 'projections caught up');
    const db = new pg.Client({ connectionString: services.env.DATABASE_URL });
    await db.connect();
    try {
      const { rows } = await db.query<{ id: string; client_id: string; user_id: string }>(
        'SELECT id, client_id, user_id FROM messages WHERE team_id = $1',
        [team.id],
      );
      expect(rows).toHaveLength(acknowledged.size);
      expect(new Map(rows.map((r) => [r.client_id, r.id]))).toEqual(acknowledged);
      const counted = await db.query<{ user_id: string; messages: number }>(
        'SELECT user_id, messages FROM user_rewards WHERE user_id = ANY($1) ORDER BY user_id',
        [[coach.userId, parent.userId]],
      );
      const perUser = (userId: string) => rows.filter((r) => r.user_id === userId).length;
      expect(counted.rows.map((r) => [r.user_id, Number(r.messages)])).toEqual(
        [coach.userId, parent.userId].sort().map((id) => [id, perUser(id)]),
      );
    } finally {
      await db.end();
    }
    // Read-your-writes through the new leader: an api process answers a send with its message.
    const last = await request(apis[1]!.url, parent, 'POST', `/api/teams/${team.id}/messages`, {
      text: 'Still here',
      clientId: `final-${randomUUID()}`,
    });
    expect(last.status, `a send after the takeover: ${await last.clone().text()}`).toBe(201);
    expect((await health(apis[0]!)).projectionLeader).toBe(survivor.process);

    const repeated = [...sockets.values()].reduce(
      (n, s) => n + s.messages().length - new Set(s.messages().map((m) => m.id)).size,
      0,
    );
    console.log(
      `split mode failover: ${acknowledged.size} messages (${afterKill} after the kill), takeover in ${takeoverMs} ms, ` +
        `${notReady} sends retried after 503, ${repeated} notices repeated`,
    );
    for (const socket of sockets.values()) socket.close();
  }, 120_000);
});
