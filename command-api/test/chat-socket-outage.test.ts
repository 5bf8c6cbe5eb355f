import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createNatsBus, type Bus } from '@sideline/infra';
import { startPrivateNatsServer, type PrivateNatsServer } from '@sideline/infra/bus/private-nats-server';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// Services mode through a NATS restart: the app (projectors, API and /ws gateway) on PostgreSQL
// and a nats-server of this test's own, which is killed and started again while a coach keeps
// posting to the team chat and two members watch it over real WebSockets. Messages published
// while the bus was down reach no socket; the gateway must make every client refetch.

const nats = await startPrivateNatsServer('chat across a NATS restart');

/**
 * What a member's chat screen holds, kept the way the web client keeps it: each new_message
 * frame adds one message, and a `resync` frame (like its own reconnect) refetches the list.
 */
class ChatScreen {
  readonly ids = new Set<string>();
  resyncs = 0;
  private refetching: Promise<void> = Promise.resolve();

  private constructor(
    readonly socket: WebSocket,
    private readonly member: ApiClient,
    private readonly teamId: string,
  ) {
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string; message?: { id: string } };
      if (frame.type === 'new_message' && frame.message) this.ids.add(frame.message.id);
      if (frame.type === 'resync') {
        this.resyncs++;
        this.refetching = this.refetching.then(() => this.refetch());
      }
    });
  }

  static async open(server: TestServer, member: ApiClient, teamId: string): Promise<ChatScreen> {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, {
      headers: { cookie: member.cookie },
      origin: server.url,
    });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const screen = new ChatScreen(socket, member, teamId);
    socket.send(JSON.stringify({ type: 'join_teams', teamIds: [teamId] }));
    await new Promise<void>((resolve) =>
      socket.on('message', (data) => {
        if ((JSON.parse(String(data)) as { type: string }).type === 'joined') resolve();
      }),
    );
    await screen.refetch();
    return screen;
  }

  async refetch(): Promise<void> {
    const messages = (await readJson(await this.member.get(`/api/teams/${this.teamId}/messages?limit=200`))) as Array<{
      id: string;
    }>;
    for (const { id } of messages) this.ids.add(id);
  }
}

describe.skipIf(nats === null)('team chat across a NATS restart (services mode, real sockets)', () => {
  const natsServer = nats as PrivateNatsServer;
  let bus: Bus;
  let server: TestServer;
  let coach: ApiClient;
  let parent: ApiClient;
  let teamId: string;

  beforeAll(async () => {
    bus = await createNatsBus({
      servers: natsServer.url,
      name: 'sideline-outage-test',
      log: { warn: () => {}, error: () => {} },
    });
    server = await startTestServer({ bus });
    [coach, parent] = await Promise.all([
      signUp(server.url, 'coach', 'Casey Coach'),
      signUp(server.url, 'parent', 'Pat Parent'),
    ]);
    const team = await readJson(await coach.post('/api/teams', { name: 'Tigers', sport: 'Soccer' }));
    teamId = team.id;
    expect((await parent.post('/api/teams/join', { code: team.code })).status).toBe(200);
  });

  afterAll(async () => {
    await server?.close();
    await bus?.close();
    await natsServer.close();
  });

  it('leaves every connected member with every stored message, without a reload', { timeout: 60_000 }, async () => {
    const screens = [await ChatScreen.open(server, parent, teamId), await ChatScreen.open(server, coach, teamId)];

    let sent = 0;
    const send = async () => {
      const n = ++sent;
      const response = await coach.post(`/api/teams/${teamId}/messages`, {
        text: `Update ${n}`,
        clientId: `outage-${String(n).padStart(4, '0')}-${teamId.slice(0, 8)}`,
      });
      expect(response.status).toBe(201);
    };
    const sendInParallel = (count: number) => Promise.all(Array.from({ length: count }, send));

    await sendInParallel(3);
    // Sends racing the server's death, then sends while it is down (stored, published to nobody:
    // while NATS is down each one also waits out the chat's read-your-writes bound)...
    const racing = sendInParallel(3);
    await natsServer.stop();
    await racing;
    await sendInParallel(3);
    // ...and sends while the clients reconnect to the restarted server.
    await natsServer.start();
    await sendInParallel(3);
    await new Promise<void>((resolve) => (bus.isHealthy() ? resolve() : bus.onReconnect(resolve)));
    await sendInParallel(3);

    const stored = (await readJson(await coach.get(`/api/teams/${teamId}/messages?limit=200`))) as Array<{
      id: string;
    }>;
    expect(stored).toHaveLength(sent);
    const storedIds = stored.map((m) => m.id).sort();
    for (const screen of screens) {
      await until(() => screen.ids.size >= storedIds.length);
      expect([...screen.ids].sort()).toEqual(storedIds);
      expect(screen.resyncs).toBeGreaterThanOrEqual(1);
    }
    for (const screen of screens) screen.socket.close();
  });
});

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return; // the assertion that follows says what is missing
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
