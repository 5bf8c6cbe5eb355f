import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { sessionIdOf } from '../src/identity/sessions.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer({ env: { WS_MAX_SOCKETS_PER_USER: '3', WS_SESSION_CHECK_SECONDS: '0.1' } });
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
    expect((await connect({ cookie, origin: 'null' })).status).toBe(403);
    expect((await connect({ cookie: 'sideline_session=forged', origin: server.url })).status).toBe(401);
  });

  it('lets a client that is not a browser (no Origin) in with its session cookie, and not without one', async () => {
    // A script (Python, Go, curl) sends no Origin: no browser page is riding a cookie.
    const coach = await register('Scripted Coach', 'coach');
    const created = await fetch(`${server.url}/api/teams`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: coach.cookie, origin: server.url },
      body: JSON.stringify({ name: 'Bots', sport: 'Soccer' }),
    });
    const team = (await created.json()) as { id: string };
    const { socket, status } = await connect({ cookie: coach.cookie });
    expect(status).toBeUndefined();
    const joined = nextFrame(socket);
    socket.send(JSON.stringify({ type: 'join_teams', teamIds: [team.id] }));
    // The team was just made (its members changed a moment ago): the join says when, so a page
    // that read it before can read it again.
    expect(await joined).toEqual({
      type: 'joined',
      teamIds: [team.id],
      recentChanges: { now: expect.any(Number), changedAt: { [team.id]: expect.any(Number) } },
    });
    const delivered = new Promise<any>((resolve) =>
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data));
        if (frame.type === 'new_message') resolve(frame);
      }),
    );
    const sent = await fetch(`${server.url}/api/teams/${team.id}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: coach.cookie, origin: server.url },
      body: JSON.stringify({ text: 'Hello from a script' }),
    });
    expect(sent.status).toBe(201);
    expect((await delivered).message).toMatchObject({ teamId: team.id, text: 'Hello from a script' });
    socket.close();

    expect((await connect({})).status).toBe(401);
    expect((await connect({ cookie: 'sideline_session=forged' })).status).toBe(401);
  });

  it('counts open sockets on /api/health', async () => {
    const { socket } = await connect({ cookie, origin: server.url });
    const health = (await (await fetch(`${server.url}/api/health`)).json()) as { realtime: { connections: number } };
    expect(health.realtime.connections).toBeGreaterThanOrEqual(1);
    socket.close();
  });
});

/** Registers a fresh account (its own session) and returns its email and cookie. */
async function register(name: string, role = 'parent'): Promise<{ email: string; cookie: string }> {
  const email = `${name.toLowerCase().replace(/\W/g, '-')}-${Date.now()}@example.com`;
  const response = await fetch(`${server.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password: 'correct horse', name, role }),
  });
  expect(response.status).toBe(201);
  return { email, cookie: response.headers.getSetCookie()[0]!.split(';')[0]! };
}

/** Signs in again (a second device), optionally from a browser that still sends an old cookie. */
async function login(email: string, oldCookie?: string): Promise<string> {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, ...(oldCookie ? { cookie: oldCookie } : {}) },
    body: JSON.stringify({ email, password: 'correct horse' }),
  });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

async function openSocket(cookieHeader: string) {
  const { socket, status } = await connect({ cookie: cookieHeader, origin: server.url });
  expect(status).toBeUndefined();
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const joined = async () => {
    const reply = nextFrame(socket);
    socket.send(JSON.stringify({ type: 'join_teams', teamIds: [] }));
    return reply;
  };
  return { socket, closed, joined };
}

const sessionEnded = { code: 1008, reason: 'Session ended: signed out or expired' };

describe('/ws lives no longer than its session', () => {
  it("closes the sockets of a session on logout (1008), and not the same user's other session", async () => {
    const { email, cookie: phoneCookie } = await register('Lou Logout');
    const laptopCookie = await login(email);
    const phone = await openSocket(phoneCookie);
    const phoneTab = await openSocket(phoneCookie);
    const laptop = await openSocket(laptopCookie);

    const logout = await fetch(`${server.url}/api/logout`, {
      method: 'POST',
      headers: { cookie: phoneCookie, origin: server.url },
    });
    expect(logout.status).toBe(204);
    expect(await phone.closed).toEqual(sessionEnded);
    expect(await phoneTab.closed).toEqual(sessionEnded);
    expect(await laptop.joined()).toEqual({ type: 'joined', teamIds: [] });
    laptop.socket.close();
  });

  it('closes the socket of a session replaced by a new sign-in in the same browser', async () => {
    const { email, cookie } = await register('Rita Relogin');
    const before = await openSocket(cookie);
    const after = await openSocket(await login(email, cookie));
    expect(await before.closed).toEqual(sessionEnded);
    expect(await after.joined()).toEqual({ type: 'joined', teamIds: [] });
    after.socket.close();
  });

  it('closes the socket of a session that expired, at its next check', async () => {
    const { cookie: expiring } = await register('Eve Expiry');
    const { cookie: fresh } = await register('Fay Fresh');
    const old = await openSocket(expiring);
    const other = await openSocket(fresh);
    const idHash = sessionIdOf(expiring.split('=')[1]!);
    await sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id_hash = ${idHash}`.execute(
      server.database.db,
    );
    expect(await old.closed).toEqual(sessionEnded);
    expect(await other.joined()).toEqual({ type: 'joined', teamIds: [] });
    other.socket.close();
  });
});

describe('/ws membership cache with the real teams projector', () => {
  it("sees a team the user joins after their first join_teams (the projector's notice refreshes it)", async () => {
    const coach = await register('Cody Coach', 'coach');
    const parent = await register('Penny Parent');
    const created = await fetch(`${server.url}/api/teams`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: coach.cookie, origin: server.url },
      body: JSON.stringify({ name: 'Hawks', sport: 'Soccer' }),
    });
    expect(created.status).toBe(201);
    const team = (await created.json()) as { id: string; code: string };
    const socket = await openSocket(parent.cookie);
    const join = async () => {
      const reply = nextFrame(socket.socket);
      socket.socket.send(JSON.stringify({ type: 'join_teams', teamIds: [team.id] }));
      return reply;
    };
    expect(await join()).toEqual({ type: 'joined', teamIds: [] });
    expect(await join()).toEqual({ type: 'joined', teamIds: [] }); // answered from the cache

    const notice = nextFrame(socket.socket);
    const joined = await fetch(`${server.url}/api/teams/join`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: parent.cookie, origin: server.url },
      body: JSON.stringify({ code: team.code }),
    });
    expect(joined.status).toBe(200);
    expect(await notice).toEqual({ type: 'membership_changed', teamId: team.id });
    const rejoined = (await join()) as { recentChanges: { now: number; changedAt: Record<string, number> } };
    expect(rejoined).toMatchObject({ type: 'joined', teamIds: [team.id] });
    // The parent joining is the team's latest change, a moment before this join.
    expect(rejoined.recentChanges.now - rejoined.recentChanges.changedAt[team.id]!).toBeLessThan(10_000);
    socket.socket.close();
  });
});

describe('/ws socket cap per account (WS_MAX_SOCKETS_PER_USER=3 here)', () => {
  it('closes the fourth socket of one account with 1008 and a reason; other accounts still connect', async () => {
    const { cookie: many } = await register('Manny Many');
    const { cookie: other } = await register('Otto Other');
    const open = [await openSocket(many), await openSocket(many), await openSocket(many)];
    const fourth = await openSocket(many);
    expect(await fourth.closed).toEqual({ code: 1008, reason: 'Too many open connections for this account' });
    const someoneElse = await openSocket(other);
    expect(await someoneElse.joined()).toEqual({ type: 'joined', teamIds: [] });
    const health = (await (await fetch(`${server.url}/api/health`)).json()) as { realtime: Record<string, number> };
    expect(health.realtime.refusedConnections).toBeGreaterThanOrEqual(1);
    for (const socket of [...open, someoneElse]) socket.socket.close();
  });
});
