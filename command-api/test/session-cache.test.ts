import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  createLogger,
  createNatsBus,
  createPostgresDatabase,
  createPostgresEventStore,
  loadConfig,
  type Bus,
  type Database,
  type EventStore,
} from '@sideline/infra';
import { natsForTests } from '@sideline/infra/bus/testing';
import { createTestDatabase, postgresAvailable, requireServices, type TestDatabase } from '@sideline/infra/testing';
import { createPasswordHasher } from '../src/identity/passwords.ts';
import { announceSessionRevoked } from '../src/identity/session-revocations.ts';
import { sessionIdOf } from '../src/identity/sessions.ts';
import { allMigrations } from '../src/migrations.ts';
import { createSidelineServer, type SidelineServer } from '../src/server.ts';

// Two app instances on one PostgreSQL and one NATS, as behind a load balancer: each keeps the
// sessions it resolved in memory, and must drop one the moment it is revoked anywhere.
const natsUrl = await natsForTests('session cache across app instances');
const postgres = await postgresAvailable();
if (!postgres && requireServices()) throw new Error('PostgreSQL is required (SIDELINE_REQUIRE_SERVICES=1)');
if (!postgres) console.warn('[skip] session cache across app instances: PostgreSQL is unreachable');

interface Instance {
  url: string;
  server: SidelineServer;
  bus: Bus;
  database: Database;
  eventStore: EventStore;
}

describe.skipIf(natsUrl === null || !postgres)('cached sessions across two app instances', () => {
  let database: TestDatabase;
  const instances: Instance[] = [];
  let a: Instance;
  let b: Instance;

  async function start(role: 'all' | 'api', name: string): Promise<Instance> {
    // Each instance has its own pool and its own NATS connection.
    const own = role === 'all' ? database : createPostgresDatabase({ databaseUrl: database.url! });
    const bus = await createNatsBus({ servers: natsUrl!, name });
    const eventStore = createPostgresEventStore(own);
    const server = await createSidelineServer({
      config: loadConfig({
        LOG_LEVEL: 'silent',
        SIDELINE_ROLE: role,
        ...(role === 'api' ? { NATS_URL: natsUrl!, DATABASE_URL: database.url! } : {}),
      }),
      database: own,
      eventStore,
      bus,
      logger: createLogger({ level: 'silent' }),
      passwords: createPasswordHasher(12),
      webDist: null,
    });
    const url = (await server.app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
    const instance = { url, server, bus, database: own, eventStore };
    instances.push(instance);
    return instance;
  }

  beforeAll(async () => {
    database = await createTestDatabase(allMigrations, 'postgres');
    a = await start('all', 'session-cache-a');
    b = await start('api', 'session-cache-b');
  });
  afterAll(async () => {
    for (const instance of instances.reverse()) {
      await instance.server.close();
      await instance.eventStore.close();
      await instance.bus.close();
      if (instance.database !== database) await instance.database.close();
    }
    await database?.close();
  });

  async function register(name: string): Promise<string> {
    const response = await fetch(`${a.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.url },
      body: JSON.stringify({
        email: `${name.toLowerCase().replace(/\W/g, '-')}-${Date.now()}@example.com`,
        password: 'correct horse',
        name,
        role: 'parent',
      }),
    });
    expect(response.status).toBe(201);
    return response.headers.getSetCookie()[0]!.split(';')[0]!;
  }

  const me = (instance: Instance, cookie: string) => fetch(`${instance.url}/api/user`, { headers: { cookie } });
  const sessionsRow = (cookie: string) =>
    sql<{ n: number }>`SELECT count(*)::int AS n FROM sessions WHERE id_hash = ${sessionIdOf(cookie.split('=')[1]!)}`;

  it('a sign-out on one instance is refused by the other on the very next request', async () => {
    const cookie = await register('Lou Logout');
    // Instance B resolves the session (and keeps it).
    expect((await me(b, cookie)).status).toBe(200);
    expect((await me(b, cookie)).status).toBe(200);

    const logout = await fetch(`${a.url}/api/logout`, { method: 'POST', headers: { cookie, origin: a.url } });
    expect(logout.status).toBe(204);

    const after = await me(b, cookie);
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await me(a, cookie)).status).toBe(401);
  });

  it('answers from memory, so only the revocation notice ends a session another process deleted', async () => {
    const cookie = await register('Cass Cached');
    expect((await me(b, cookie)).status).toBe(200);
    // The row goes without a notice (as if removed by hand): B still honours what it resolved...
    await sql`DELETE FROM sessions WHERE id_hash = ${sessionIdOf(cookie.split('=')[1]!)}`.execute(database.db);
    expect((await sessionsRow(cookie).execute(database.db)).rows[0]!.n).toBe(0);
    expect((await me(b, cookie)).status).toBe(200);
    // ...until the notice every revocation sends reaches it.
    const userId = ((await (await me(b, cookie)).json()) as { id: string }).id;
    await announceSessionRevoked(a.bus, userId, sessionIdOf(cookie.split('=')[1]!));
    expect((await me(b, cookie)).status).toBe(401);
  });

  it('a sign-in that replaces an old session (same browser) ends the old one on every instance', async () => {
    const email = `swap-${Date.now()}@example.com`;
    const registered = await fetch(`${a.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.url },
      body: JSON.stringify({ email, password: 'correct horse', name: 'Sam Swap', role: 'coach' }),
    });
    const old = registered.headers.getSetCookie()[0]!.split(';')[0]!;
    expect((await me(b, old)).status).toBe(200);
    const login = await fetch(`${a.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.url, cookie: old },
      body: JSON.stringify({ email, password: 'correct horse' }),
    });
    expect(login.status).toBe(200);
    const fresh = login.headers.getSetCookie()[0]!.split(';')[0]!;
    expect((await me(b, old)).status).toBe(401);
    expect((await me(b, fresh)).status).toBe(200);
  });
});
