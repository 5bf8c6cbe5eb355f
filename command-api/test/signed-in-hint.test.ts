import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const post = (path: string, body: unknown, cookie?: string) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

function setCookie(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

let counter = 0;
async function register(): Promise<{ session: string; email: string }> {
  const email = `hint-${Date.now()}-${++counter}@example.com`;
  const response = await post('/api/register', {
    email,
    password: 'correct horse',
    name: 'Hint Parent',
    role: 'parent',
  });
  expect(response.status).toBe(201);
  return { session: setCookie(response, 'sideline_session')!.split(';')[0]!, email };
}

/**
 * The web app's first script reads a signed-in hint to send a signed-out visitor to the sign-in
 * screen before the signed-in app downloads; the session cookie stays out of its reach.
 */
describe('the signed-in hint cookie', () => {
  it('is set beside the HttpOnly session cookie on sign-up and sign-in, readable by the page, and holds no secret', async () => {
    const { email } = await register();
    const login = await post('/api/login', { email, password: 'correct horse' });
    expect(login.status).toBe(200);
    const hint = setCookie(login, 'sideline_signed_in')!;
    expect(hint).toMatch(/^sideline_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/SameSite=Lax/i);
    expect(hint).toMatch(/Path=\//);
    expect(setCookie(login, 'sideline_session')).toMatch(/HttpOnly/i);
  });

  it('is cleared by signing out', async () => {
    const { session } = await register();
    const logout = await post('/api/logout', {}, `${session}; sideline_signed_in=1`);
    expect(logout.status).toBe(204);
    expect(setCookie(logout, 'sideline_signed_in')).toMatch(/^sideline_signed_in=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('follows the session on GET /api/user: set when missing, cleared when the session is gone', async () => {
    const { session } = await register();
    const missing = await fetch(`${server.url}/api/user`, { headers: { cookie: session } });
    expect(missing.status).toBe(200);
    expect(setCookie(missing, 'sideline_signed_in')).toMatch(/^sideline_signed_in=1;/);

    // Already there: nothing to send (a cached read too).
    for (let i = 0; i < 2; i++) {
      const present = await fetch(`${server.url}/api/user`, {
        headers: { cookie: `${session}; sideline_signed_in=1` },
      });
      expect(present.status).toBe(200);
      expect(setCookie(present, 'sideline_signed_in')).toBeUndefined();
    }

    await post('/api/logout', {}, session);
    const revoked = await fetch(`${server.url}/api/user`, { headers: { cookie: `${session}; sideline_signed_in=1` } });
    expect(revoked.status).toBe(401);
    expect(setCookie(revoked, 'sideline_signed_in')).toMatch(/^sideline_signed_in=;/);

    const stranger = await fetch(`${server.url}/api/user`);
    expect(stranger.status).toBe(401);
    expect(stranger.headers.getSetCookie()).toEqual([]);
  });
});
