import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonPasswords } from '../src/identity/common-passwords.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-seed.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// Its own server (and database): the per-IP sign-up and sign-in budgets are not shared with
// identity-api.test.ts.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const post = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const j = (response: Response): Promise<any> => response.json();

let counter = 0;
const uniqueEmail = () => `guessed${Date.now()}-${counter++}@example.com`;

describe('per-account sign-in wait', () => {
  it('answers 429 to the right password too while an account waits, and lets it in once the wait is over', async () => {
    const email = uniqueEmail();
    expect((await post('/api/register', { email, password: 'correct horse', name: 'Rae' })).status).toBe(201);

    const wrong: number[] = [];
    for (let i = 0; i < 10; i++) wrong.push((await post('/api/login', { email, password: `wrong guess ${i}` })).status);
    expect(wrong).toEqual(Array(10).fill(401));

    // 429 for right and wrong alike: the status no longer tells a guesser which one was right.
    const right = await post('/api/login', { email, password: 'correct horse' });
    expect(right.status).toBe(429);
    expect(await j(right)).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(right.headers.getSetCookie()).toEqual([]);
    expect((await post('/api/login', { email, password: 'wrong guess 11' })).status).toBe(429);

    // The wait passes (moved back in the shared throttle table, as time would).
    await sql`UPDATE sign_in_throttles SET locked_until = locked_until - interval '1 minute'
              WHERE key = ${`account:${email}`}`.execute(server.database.db);
    const after = await post('/api/login', { email, password: 'correct horse' });
    expect(after.status).toBe(200);
    expect((await j(after)).email).toBe(email);
  });
});

describe('password choice (NIST SP 800-63B)', () => {
  it('ships the 10,000 most common passwords', () => {
    const list = commonPasswords();
    expect(list.size).toBe(10_000);
    for (const listed of ['123456', 'password', 'qwerty', 'iloveyou', 'password1']) expect(list.has(listed)).toBe(true);
  });

  it('refuses a common password at sign-up with a 400 message on the password field, whatever its case', async () => {
    for (const password of ['password1', 'qwertyuiop', 'Password1', 'BASEBALL']) {
      const response = await post('/api/register', { email: uniqueEmail(), password, name: 'Common' });
      expect(response.status, password).toBe(400);
      const body = await j(response);
      expect(body.code).toBe('COMMON_PASSWORD');
      expect(body.fieldErrors.password[0]).toMatch(/10,000 most common passwords/);
    }
  });

  it('refuses the email address as the password', async () => {
    const email = uniqueEmail();
    for (const password of [email, email.toUpperCase(), ` ${email} `]) {
      const response = await post('/api/register', { email, password, name: 'Same' });
      expect(response.status).toBe(400);
      expect((await j(response)).fieldErrors).toEqual({ password: ['Your password cannot be your email address'] });
    }
  });

  it('accepts the demo password and the passwords the test suites use', async () => {
    for (const password of [DEMO_PASSWORD, 'correct horse', 'correct horse battery', 'longenough', 'supersecret']) {
      expect(commonPasswords().has(password), password).toBe(false);
    }
    const response = await post('/api/register', { email: uniqueEmail(), password: DEMO_PASSWORD, name: 'Demo' });
    expect(response.status).toBe(201);
  });
});
