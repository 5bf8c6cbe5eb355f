import { connect, type Socket } from 'node:net';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { postgresAvailable, requireServices } from '@sideline/infra/testing';
import { readJson, signUp } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function start(options: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  const server = await startTestServer(options);
  servers.push(server);
  return server;
}

/** Polls GET /api/health/ready until `accept` likes the answer. */
async function readyUntil(
  server: TestServer,
  accept: (status: number, body: any) => boolean,
  timeoutMs = 10_000,
): Promise<{ status: number; body: any }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${server.url}/api/health/ready`);
    const answer = { status: response.status, body: await readJson(response) };
    if (accept(answer.status, answer.body)) return answer;
    if (Date.now() > deadline) throw new Error(`readiness never matched; last: ${JSON.stringify(answer)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The first HTTP answer on a raw socket: its status line's code and its JSON body. */
function readAnswer(socket: Socket): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      const [head, body] = text.split('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(head ?? '');
      if (body !== undefined && length && Buffer.byteLength(body) >= Number(length[1])) {
        resolve({ status: Number(head!.split(' ')[1]), body: JSON.parse(body) });
        socket.end();
      }
    });
    socket.on('error', reject);
  });
}

describe('the public port', () => {
  it('does not serve /metrics (METRICS_PORT off by default): a 404 that says where metrics are, not the web app', async () => {
    const server = await start();
    expect(server.server.metrics).toBeFalsy();
    for (const url of ['/metrics', '/metrics?name[]=up']) {
      const response = await fetch(`${server.url}${url}`);
      expect(response.status).toBe(404);
      expect(await readJson(response)).toEqual({
        message: 'Metrics are served on METRICS_PORT only, never on this port',
        code: 'NOT_FOUND',
      });
    }
    // Other unknown paths still get the web app, whose router shows its 404 page.
    const page = await fetch(`${server.url}/metricsboard`);
    expect(page.headers.get('content-type')).toContain('text/html');
  });
});

describe('liveness and readiness probes', () => {
  it('answers live and ready once the database is migrated and the projections have caught up', async () => {
    const server = await start();
    const live = await fetch(`${server.url}/api/health/live`);
    expect(live.status).toBe(200);
    expect(live.headers.get('cache-control')).toBe('no-store');
    expect(await readJson(live)).toEqual({ status: 'live' });

    const coach = await signUp(server.url, 'coach');
    expect((await coach.post('/api/teams', { name: 'Otters', sport: 'Soccer' })).status).toBe(201);
    const ready = await fetch(`${server.url}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await readJson(ready)).toEqual({ status: 'ready' });
    // The detailed page is still there.
    expect((await readJson(await fetch(`${server.url}/api/health`))).status).toBe('ok');
  });

  it('is not ready while a migration is missing, and names it', async () => {
    const server = await start();
    const { rows } = await sql<{ name: string }>`
      SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(server.database.db);
    const last = rows[0]!.name;
    await sql`DELETE FROM kysely_migration WHERE name = ${last}`.execute(server.database.db);

    const { status, body } = await readyUntil(server, () => true);
    expect(status).toBe(503);
    expect(body).toMatchObject({ code: 'not_ready', message: expect.stringContaining('migration') });
    expect(body.reasons).toEqual([
      { code: 'migrations_pending', message: '1 database migration(s) not applied', migrations: [last] },
    ]);
    // Still live: a restart would not help, a migration would.
    expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
  });

  it('is not ready while the server is closing; a request on an open connection is told so', async () => {
    const server = await start();
    expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
    const { port } = new URL(server.url);
    // A connection in the middle of its request is not idle, so closing waits for it: as a load
    // balancer's probe would, it asks once the server has begun to shut down.
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const answer = readAnswer(socket);
    socket.write('GET /api/health/ready HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));

    const closing = server.server.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.write('\r\n');
    const { status, body } = await answer;
    expect(status).toBe(503);
    expect(body).toEqual({
      message: 'Not ready: The process is shutting down',
      code: 'not_ready',
      reasons: [{ code: 'shutting_down', message: 'The process is shutting down' }],
    });
    await closing;
  });
});

const onPostgres = await postgresAvailable();
if (!onPostgres && !requireServices()) {
  console.warn('PostgreSQL unreachable: skipping the readiness test that holds a projection back with a lock');
}

describe.runIf(onPostgres || requireServices())('readiness with a projection held back (PostgreSQL)', () => {
  it('is not ready while a projection lags more than READY_MAX_LAG_SECONDS, and ready again once it catches up', async () => {
    const server = await start({ kind: 'postgres', env: { READY_MAX_LAG_SECONDS: '0.3' } });
    const coach = await signUp(server.url, 'coach');
    await readyUntil(server, (status) => status === 200);

    // Another session holds the projections' checkpoints: no projector can commit a batch. (SHARE
    // blocks their writes and, unlike ACCESS EXCLUSIVE, takes no transaction id, which would
    // hide the new events from every reader of the log instead.)
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = server.database.db.transaction().execute(async (trx) => {
      await sql`LOCK TABLE projection_checkpoints IN SHARE MODE`.execute(trx);
      locked();
      await released;
    });
    await isLocked;
    // The command appends, then waits (in vain, for now) to read its write.
    const created = coach.post('/api/teams', { name: 'Herons', sport: 'Soccer' });

    const behind = await readyUntil(server, (status) => status === 503).finally(() => release());
    expect(behind.body.code).toBe('not_ready');
    expect(behind.body.reasons).toHaveLength(1);
    const [reason] = behind.body.reasons;
    expect(reason).toMatchObject({
      code: 'projections_behind',
      message: expect.stringContaining('more than 0.3 s behind the event log'),
    });
    expect(reason.projections.map((p: { projector: string }) => p.projector)).toContain('teams');
    for (const p of reason.projections) expect(p.seconds).toBeGreaterThan(0.3);
    expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);

    await holding;
    await readyUntil(server, (status) => status === 200);
    // Answered once its write was projected, or told after the read-your-writes bound to look again.
    expect([201, 503]).toContain((await created).status);
  });
});
