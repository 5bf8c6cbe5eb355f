import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

function sessionCookieOf(response: Response): string {
  const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('sideline_session='));
  if (!setCookie) throw new Error('no session cookie set');
  return setCookie.split(';')[0]!;
}

/** Response bodies are asserted field by field, so loosely typed here. */
const j = (response: Response): Promise<any> => response.json();

let emailCounter = 0;
const uniqueEmail = () => `person${Date.now()}-${emailCounter++}@example.com`;

describe('accounts over HTTP', () => {
  it('registers a coach, sets an HttpOnly SameSite=Lax session cookie, and GET /api/user returns them', async () => {
    const email = uniqueEmail();
    const response = await fetch(
      `${server.url}/api/register`,
      json({ email, password: 'correct horse', name: 'Casey Coach', role: 'coach' }),
    );
    expect(response.status).toBe(201);
    const user = await j(response);
    expect(user).toMatchObject({
      name: 'Casey Coach',
      email,
      role: 'coach',
      xp: 0,
      dulars: 0,
      streak: 0,
      avatarUrl: null,
    });
    const raw = response.headers.getSetCookie().find((c) => c.startsWith('sideline_session='))!;
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Lax/i);

    const me = await fetch(`${server.url}/api/user`, { headers: { cookie: sessionCookieOf(response) } });
    expect(me.status).toBe(200);
    expect(await j(me)).toEqual(user);
  });

  it('records registration as a UserRegistered event in the user stream', async () => {
    const email = uniqueEmail();
    const response = await fetch(
      `${server.url}/api/register`,
      json({ email, password: 'correct horse', name: 'Pat Parent' }),
    );
    const user = await j(response);
    expect(user.role).toBe('parent');
    const events = await server.eventStore.readStream(`user-${user.id}`);
    expect(events.map((e) => e.type)).toEqual(['UserRegistered']);
    expect(events[0]!.metadata.actorId).toBe(user.id);
    expect(events[0]!.data).not.toHaveProperty('password');
  });

  it('answers 401 on GET /api/user when signed out or with a forged cookie', async () => {
    expect((await fetch(`${server.url}/api/user`)).status).toBe(401);
    const forged = await fetch(`${server.url}/api/user`, { headers: { cookie: 'sideline_session=forged' } });
    expect(forged.status).toBe(401);
    expect(await j(forged)).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('refuses a duplicate email with 409, whatever its case', async () => {
    const email = uniqueEmail();
    expect(
      (await fetch(`${server.url}/api/register`, json({ email, password: 'correct horse', name: 'A' }))).status,
    ).toBe(201);
    const again = await fetch(
      `${server.url}/api/register`,
      json({ email: email.toUpperCase(), password: 'other pass', name: 'B' }),
    );
    expect(again.status).toBe(409);
    expect(await j(again)).toMatchObject({ code: 'EMAIL_TAKEN', fieldErrors: { email: [expect.any(String)] } });
  });

  it('answers 400 with a message per field for a bad payload, and never grants org_admin', async () => {
    const response = await fetch(
      `${server.url}/api/register`,
      json({ email: 'not-an-email', password: 'short', name: '', role: 'org_admin' }),
    );
    expect(response.status).toBe(400);
    const body = await j(response);
    expect(body.code).toBe('VALIDATION');
    expect(Object.keys(body.fieldErrors).sort()).toEqual(['email', 'name', 'password', 'role']);
  });

  it('signs in with the right password, rotates the session, and refuses a wrong one with 401', async () => {
    const email = uniqueEmail();
    const registered = await fetch(
      `${server.url}/api/register`,
      json({ email, password: 'correct horse', name: 'Lee' }),
    );
    const first = sessionCookieOf(registered);

    const wrong = await fetch(`${server.url}/api/login`, json({ email, password: 'wrong horse' }));
    expect(wrong.status).toBe(401);
    expect(await j(wrong)).toEqual({ message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
    const unknown = await fetch(`${server.url}/api/login`, json({ email: uniqueEmail(), password: 'whatever1' }));
    expect(unknown.status).toBe(401);

    const login = await fetch(`${server.url}/api/login`, json({ email, password: 'correct horse' }, { cookie: first }));
    expect(login.status).toBe(200);
    expect((await j(login)).email).toBe(email);
    const second = sessionCookieOf(login);
    expect(second).not.toBe(first);
    // The session presented at login is revoked: a planted or stolen pre-login id is worthless.
    expect((await fetch(`${server.url}/api/user`, { headers: { cookie: first } })).status).toBe(401);
    expect((await fetch(`${server.url}/api/user`, { headers: { cookie: second } })).status).toBe(200);
  });

  it('revokes the session on logout', async () => {
    const registered = await fetch(
      `${server.url}/api/register`,
      json({ email: uniqueEmail(), password: 'correct horse', name: 'Bo' }),
    );
    const cookie = sessionCookieOf(registered);
    const logout = await fetch(`${server.url}/api/logout`, { method: 'POST', headers: { cookie } });
    expect(logout.status).toBe(204);
    expect(logout.headers.getSetCookie().join(';')).toMatch(/sideline_session=;/);
    // Even a client that keeps the old cookie is signed out.
    expect((await fetch(`${server.url}/api/user`, { headers: { cookie } })).status).toBe(401);
  });

  it('refuses a state-changing request from another origin with 403', async () => {
    const response = await fetch(
      `${server.url}/api/register`,
      json({ email: uniqueEmail(), password: 'correct horse', name: 'Eve' }, { origin: 'https://evil.example' }),
    );
    expect(response.status).toBe(403);
    expect(await j(response)).toMatchObject({ code: 'CROSS_ORIGIN' });
    const sameOrigin = await fetch(
      `${server.url}/api/register`,
      json({ email: uniqueEmail(), password: 'correct horse', name: 'Ada' }, { origin: server.url }),
    );
    expect(sameOrigin.status).toBe(201);
  });

  it('makes unknown browsers wait after 10 failed sign-ins at one account (429 and Retry-After)', async () => {
    const email = uniqueEmail();
    await fetch(`${server.url}/api/register`, json({ email, password: 'correct horse', name: 'Rae' }));
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await fetch(`${server.url}/api/login`, json({ email, password: `wrong ${i}` }));
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it('rate-limits registrations per IP with 429', async () => {
    const statuses: number[] = [];
    // Earlier tests in this file used part of the budget; keep going until it runs out.
    for (let i = 0; i < 12; i++) {
      const response = await fetch(
        `${server.url}/api/register`,
        json({ email: uniqueEmail(), password: 'correct horse', name: `N${i}` }),
      );
      statuses.push(response.status);
      if (response.status === 429) break;
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('answers an unknown /api path with 404 JSON and serves the SPA for other paths', async () => {
    const api = await fetch(`${server.url}/api/nope`);
    expect(api.status).toBe(404);
    expect(await j(api)).toMatchObject({ code: 'NOT_FOUND' });
    const page = await fetch(`${server.url}/some/page`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('<div id="root">');
  });

  it('reports dependencies and projection lag on /api/health and serves OpenAPI docs', async () => {
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    const body = await j(health);
    expect(body.status).toBe('ok');
    expect(body.dependencies.database.status).toBe('up');
    expect(body.projections.map((p: { name: string }) => p.name)).toContain('users');
    expect(body.projections.every((p: { caughtUp: boolean }) => p.caughtUp)).toBe(true);

    const docs = await fetch(`${server.url}/api/docs/json`);
    const openapi = await j(docs);
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining(['/api/register', '/api/login', '/api/logout', '/api/user']),
    );
  });
});
