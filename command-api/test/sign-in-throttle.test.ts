import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@sideline/infra';
import { testDatabaseKinds } from '@sideline/infra/testing';
import { UNKNOWN_BROWSERS_PER_ACCOUNT } from '../src/identity/sign-in-attempts.ts';
import { mostFailuresIn } from '../src/identity/sign-in-throttle.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * Guessing a password must not lock its owner out (NIST SP 800-63B §5.2.2, OWASP's device
 * cookies): a browser that signed in before keeps signing in; unknown browsers wait longer and
 * longer per account and per address, so no account takes more than 100 guesses a day. The
 * server trusts X-Forwarded-For (TRUST_PROXY=1), so each attempt can come from its own address;
 * its clock is the test's, so a day passes in a second. On PGlite and on PostgreSQL.
 */
const kinds = await testDatabaseKinds();
let server: TestServer;
let now = Date.parse('2026-03-02T09:00:00.000Z');
const clock = () => new Date(now);
let people = 0;
let addresses = 0;

/** A fresh client address each call: 10.x.y.z. */
const newAddress = () => {
  const n = ++addresses;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

interface Browser {
  /** Cookies this browser holds, by name. */
  jar: Map<string, string>;
  address: string;
}

const newBrowser = (address = newAddress()): Browser => ({ jar: new Map(), address });

async function post(browser: Browser, path: string, body: unknown, on: TestServer = server): Promise<Response> {
  const cookie = [...browser.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(`${on.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: on.url,
      'x-forwarded-for': browser.address,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  for (const set of response.headers.getSetCookie()) {
    const [pair] = set.split(';');
    const name = pair!.slice(0, pair!.indexOf('='));
    const value = pair!.slice(pair!.indexOf('=') + 1);
    if (value === '') browser.jar.delete(name);
    else browser.jar.set(name, value);
  }
  return response;
}

const signIn = (browser: Browser, email: string, password: string, on?: TestServer) =>
  post(browser, '/api/login', { email, password }, on);

/** Registers an owner from their own browser, which then signs in (and so is known). */
async function owner(on: TestServer = server): Promise<{ email: string; browser: Browser }> {
  const email = `owner-${++people}-${Date.now()}@example.com`;
  const browser = newBrowser();
  const registered = await post(
    browser,
    '/api/register',
    { email, password: 'correct horse', name: 'Olive Owner' },
    on,
  );
  expect(registered.status).toBe(201);
  await post(browser, '/api/logout', {}, on);
  expect((await signIn(browser, email, 'correct horse', on)).status).toBe(200);
  return { email, browser };
}

/** Wrong passwords for `email`, each from a new browser at a new address; the statuses answered. */
async function guesses(email: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    statuses.push((await signIn(newBrowser(), email, `wrong guess ${i}`)).status);
  }
  return statuses;
}

describe.each(kinds)('sign-in throttle on %s', (kind) => {
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: '1' }, clock, kind });
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('guessing cannot lock the owner out', () => {
    it('60 wrong passwords from 60 addresses, then the owner’s known browser signs in (200)', async () => {
      const { email, browser } = await owner();
      const statuses = await guesses(email, 60);
      expect(statuses).toContain(401);
      expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
      const response = await signIn(browser, email, 'correct horse');
      expect(response.status).toBe(200);
      expect(((await response.json()) as { email: string }).email).toBe(email);
    });

    it('120 wrong passwords from 120 addresses: a new browser waits (429, Retry-After), the known browser signs in', async () => {
      const { email, browser } = await owner();
      await guesses(email, 120);

      const fresh = await signIn(newBrowser(), email, 'correct horse');
      expect(fresh.status).toBe(429);
      expect(Number(fresh.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = await fresh.json();
      expect(body).toEqual({
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/^Too many failed sign-in attempts/),
      });
      // The right password is not told apart from a wrong one while the account is waiting.
      const wrong = await signIn(newBrowser(), email, 'still wrong');
      expect([wrong.status, await wrong.json()]).toEqual([429, body]);

      expect((await signIn(browser, email, 'correct horse')).status).toBe(200);
    });

    it('gives unknown browsers growing waits: at most 100 wrong guesses at one account in a day', async () => {
      const { email, browser } = await owner();
      const start = now;
      const waits: number[] = [];
      let wrong = 0;
      try {
        while (now - start < 86_400_000) {
          const response = await signIn(newBrowser(), email, `guess ${wrong}`);
          if (response.status === 401) {
            wrong++;
            continue;
          }
          expect(response.status).toBe(429);
          const wait = Number(response.headers.get('retry-after'));
          waits.push(wait);
          now += wait * 1000;
        }
        expect(wrong).toBe(mostFailuresIn(UNKNOWN_BROWSERS_PER_ACCOUNT, 86_400));
        expect(wrong).toBeLessThanOrEqual(100);
        // The waits grow (2 s, 4 s, 8 s, ...) to a ceiling.
        expect(waits.slice(0, 4)).toEqual([2, 4, 8, 16]);
        expect(Math.max(...waits)).toBeLessThanOrEqual(3600);
        expect((await signIn(browser, email, 'correct horse')).status).toBe(200);

        // A day without guesses and the account is as new: a new browser signs in at once.
        now += 86_400_000 + 1000;
        expect((await signIn(newBrowser(), email, 'correct horse')).status).toBe(200);
      } finally {
        now = start + 3 * 86_400_000;
      }
    });

    it('takes each attempt before checking the password: parallel guesses get no more than the free ones', async () => {
      const { email } = await owner();
      const statuses = await Promise.all(
        Array.from({ length: 30 }, (_, i) => signIn(newBrowser(), email, `parallel ${i}`).then((r) => r.status)),
      );
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    });

    it('lets the owner sign in from a new browser after a few typos, and counts the right one as no failure', async () => {
      const { email } = await owner();
      const phone = newBrowser();
      for (let i = 0; i < 9; i++) expect((await signIn(phone, email, `typo ${i}`)).status).toBe(401);
      expect((await signIn(phone, email, 'correct horse')).status).toBe(200);
      // The phone is known now; the account's budget for unknown browsers has one guess left.
      expect((await signIn(newBrowser(), email, 'typo 10')).status).toBe(401);
      expect((await signIn(newBrowser(), email, 'typo 11')).status).toBe(429);
      expect((await signIn(phone, email, 'correct horse')).status).toBe(200);
    });
  });

  describe('the device cookie', () => {
    it('is HttpOnly, long-lived, sent only to sign-in, and signed: a forged or another account’s cookie is unknown', async () => {
      const { email, browser } = await owner();
      const [name, value] = [...browser.jar].find(([n]) => n.includes('sideline_device'))!;
      const login = await signIn(browser, email, 'correct horse');
      const raw = login.headers.getSetCookie().find((c) => c.startsWith(`${name}=`))!;
      expect(raw).toMatch(/HttpOnly/i);
      expect(raw).toMatch(/Path=\/api\/login/i);
      expect(raw).toMatch(/SameSite=Strict/i);
      expect(Number(/Max-Age=(\d+)/i.exec(raw)?.[1])).toBeGreaterThanOrEqual(180 * 86_400);
      // Signing in set the session cookie first, as clients that take the first cookie expect.
      expect(login.headers.getSetCookie()[0]).toMatch(/^sideline_session=/);

      await guesses(email, 15);
      const forged = newBrowser();
      forged.jar.set(name, `${value!.split('.')[0]}.${'A'.repeat(43)}`);
      expect((await signIn(forged, email, 'correct horse')).status).toBe(429);
      // A known browser of another account is not a known browser of this one.
      const other = await owner();
      const borrowed = newBrowser();
      for (const [n, v] of other.browser.jar) if (n.includes('sideline_device')) borrowed.jar.set(n, v);
      expect((await signIn(borrowed, email, 'correct horse')).status).toBe(429);
      expect((await signIn(browser, email, 'correct horse')).status).toBe(200);
    });

    it('a known browser that fails too often is locked on its own; the owner’s other known browser is not', async () => {
      const { email, browser: laptop } = await owner();
      const phone = newBrowser();
      await post(laptop, '/api/logout', {});
      expect((await signIn(phone, email, 'correct horse')).status).toBe(200);

      // Someone at the laptop guesses: first on the laptop's own budget, then on the unknown browsers'.
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) statuses.push((await signIn(laptop, email, `guess ${i}`)).status);
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
      expect(statuses.at(-1)).toBe(429);
      expect((await signIn(laptop, email, 'correct horse')).status).toBe(429);
      expect((await signIn(phone, email, 'correct horse')).status).toBe(200);
    });

    it('survives the browser signing out, and a new sign-in of its account on another browser', async () => {
      const { email, browser } = await owner();
      expect((await post(browser, '/api/logout', {})).status).toBe(204);
      expect([...browser.jar.keys()].some((n) => n.includes('sideline_device'))).toBe(true);
      await guesses(email, 15);
      expect((await signIn(browser, email, 'correct horse')).status).toBe(200);
    });
  });

  describe('one address guessing many accounts', () => {
    it('waits after 20 failures across accounts, while a known browser at the same address signs in', async () => {
      const address = newAddress();
      const { email, browser } = await owner();
      browser.address = address;
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) {
        statuses.push((await signIn(newBrowser(address), `someone-${i}@example.com`, 'password1')).status);
      }
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
      expect(statuses.at(-1)).toBe(429);
      // The address waits for unknown browsers, whatever the account...
      expect((await signIn(newBrowser(address), email, 'correct horse')).status).toBe(429);
      // ...but not for the owner's known browser.
      expect((await signIn(browser, email, 'correct horse')).status).toBe(200);
    });
  });

  describe('across processes (split mode)', () => {
    it('two API processes on one database share the waits and trust the same device cookies', async () => {
      // A second API process on the same database, as SIDELINE_ROLE=api runs beside the first.
      const second = await startTestServer({
        database: server.database,
        clock,
        env: {
          TRUST_PROXY: '1',
          SIDELINE_ROLE: 'api',
          NATS_URL: 'nats://127.0.0.1:4222',
          DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
        },
      });
      try {
        const { email, browser } = await owner();
        await guesses(email, 15);
        expect((await signIn(newBrowser(), email, 'correct horse', second)).status).toBe(429);
        expect((await signIn(browser, email, 'correct horse', second)).status).toBe(200);
      } finally {
        await second.close();
      }
    });
  });
});

describe('configuration', () => {
  it('reads DEVICE_COOKIE_SECRET, at least 32 characters, when set', () => {
    expect(loadConfig({ DEVICE_COOKIE_SECRET: 'x'.repeat(32) }).DEVICE_COOKIE_SECRET).toBe('x'.repeat(32));
    expect(() => loadConfig({ DEVICE_COOKIE_SECRET: 'short' })).toThrow(/DEVICE_COOKIE_SECRET/);
    expect(loadConfig({}).DEVICE_COOKIE_SECRET).toBeUndefined();
  });
});
