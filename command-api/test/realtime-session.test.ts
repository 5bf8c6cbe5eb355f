import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer();
  const response = await fetch(`${server.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'socket@example.com', password: 'correct horse', name: 'Sol Socket', role: 'coach' }),
  });
  cookie = response.headers.getSetCookie()[0]!.split(';')[0]!;
});
afterAll(async () => {
  await server?.close();
});

function connect(headers: Record<string, string>): Promise<{ socket: WebSocket; status?: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, { headers });
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_req, res) => resolve({ socket, status: res.statusCode }));
    socket.once('error', reject);
  });
}

function nextFrame(socket: WebSocket): Promise<any> {
  return new Promise((resolve) => socket.once('message', (data) => resolve(JSON.parse(String(data)))));
}

describe('/ws with real sessions', () => {
  it('accepts a signed-in same-origin upgrade; join_teams joins nothing until the user is in a team', async () => {
    const { socket, status } = await connect({ cookie, origin: server.url });
    expect(status).toBeUndefined();
    const reply = nextFrame(socket);
    socket.send(JSON.stringify({ type: 'join_teams', userId: 'someone-else', teamIds: ['team-a', 'team-b'] }));
    expect(await reply).toEqual({ type: 'joined', teamIds: [] });
    const error = nextFrame(socket);
    socket.send('not json');
    expect(await error).toMatchObject({ type: 'error', message: expect.any(String) });
    socket.close();
  });

  it('refuses an anonymous upgrade with 401 and a foreign origin with 403', async () => {
    expect((await connect({ origin: server.url })).status).toBe(401);
    expect((await connect({ cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect((await connect({ cookie: 'sideline_session=forged', origin: server.url })).status).toBe(401);
  });

  it('counts open sockets on /api/health', async () => {
    const { socket } = await connect({ cookie, origin: server.url });
    const health = (await (await fetch(`${server.url}/api/health`)).json()) as { realtime: { connections: number } };
    expect(health.realtime.connections).toBeGreaterThanOrEqual(1);
    socket.close();
  });
});
