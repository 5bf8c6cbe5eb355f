import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import WebSocket from 'ws';
import { createDatabase, type Database } from '@sideline/infra';
import { repoRoot } from '@sideline/infra/build/start-command';
import { DEMO_PASSWORD } from './support/demo.ts';
import { startSideline, type SidelineProcess } from './support/sideline-process.ts';

/** An npm script of the repository, as an operator runs it, with DATA_DIR set. */
function npmRun(script: string, args: string[], dataDir: string) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

interface Person {
  cookie: string;
  id: string;
}

async function signIn(base: string, who: string): Promise<Person> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: `${who}@sideline.demo`, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  const { id } = (await response.json()) as { id: string };
  return { cookie: response.headers.getSetCookie()[0]!.split(';')[0]!, id };
}

const call = (base: string, person: Person, method: string, route: string, body?: unknown) =>
  fetch(`${base}${route}`, {
    method,
    headers: {
      cookie: person.cookie,
      origin: base,
      ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
  });

/** DATA_DIR's files as a backup holds them (no database folder, locks or temporaries), by SHA-256. */
function filesOf(dataDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(dataDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (relative.startsWith('pglite/') || relative === 'sideline.lock' || relative.endsWith('.tmp')) continue;
    if (relative.startsWith('uploads/.incoming/') || relative.startsWith('nms-store/')) continue;
    out[relative] = createHash('sha256')
      .update(readFileSync(path.join(dataDir, relative)))
      .digest('hex');
  }
  return out;
}

/** Opens an installation's database (Sideline stopped), runs `fn`, closes it. */
async function withDatabase<T>(dataDir: string, fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await createDatabase({ dataDir });
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

const json = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

/**
 * Every row of every table, canonically sorted, without identity columns (a read model's own
 * ordering keys, drawn from its sequence when a row is written, not from the log).
 */
async function tablesOf(database: Database, skip: readonly string[]): Promise<Record<string, string[]>> {
  const { rows: columns } = await sql<{ table_name: string; column_name: string; is_identity: string }>`
    SELECT c.table_name, c.column_name, c.is_identity FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
    ORDER BY c.table_name, c.ordinal_position`.execute(database.db);
  const tables = new Map<string, string[]>();
  for (const c of columns) {
    if (skip.includes(c.table_name)) continue;
    if (!tables.has(c.table_name)) tables.set(c.table_name, []);
    if (c.is_identity !== 'YES') tables.get(c.table_name)!.push(c.column_name);
  }
  const out: Record<string, string[]> = {};
  for (const [table, names] of tables) {
    const { rows } = await sql<
      Record<string, unknown>
    >`SELECT ${sql.join(names.map((n) => sql.ref(n)))} FROM ${sql.table(table)}`.execute(database.db);
    out[table] = rows.map(json).sort();
  }
  return out;
}

const eventsOf = async (database: Database) =>
  (
    await sql<Record<string, unknown>>`SELECT * FROM es_events ORDER BY transaction_id, global_position`.execute(
      database.db,
    )
  ).rows.map(json);

describe('npm run backup / npm run restore of an embedded installation under chat load', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'sideline-backup-e2e-'));
  const original = path.join(work, 'original');
  const restored = path.join(work, 'restored');
  const archive = path.join(work, 'sideline-backup.tar.gz');
  const sidelines: SidelineProcess[] = [];
  afterAll(async () => {
    for (const s of sidelines) await s.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it(
    'restores every message acknowledged before the backup, every file, and read models that match the log',
    { timeout: 600_000 },
    async () => {
      // A seeded installation (the demo, through the real commands), with a photo and an avatar.
      const a = await startSideline({ dataDir: original, env: { SEED_DEMO: '1' } });
      sidelines.push(a);
      const [coach, parent, player] = await Promise.all(['coach', 'parent', 'player'].map((who) => signIn(a.url, who)));
      const teams = (await (await call(a.url, coach!, 'GET', '/api/teams')).json()) as Array<{
        id: string;
        name: string;
      }>;
      const teamId = teams.find((t) => t.name === 'Riverside Hawks')!.id;
      const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#0f766e' } })
        .jpeg()
        .toBuffer();
      const photo = new FormData();
      photo.set('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'kickoff.jpg');
      photo.set('type', 'photo');
      photo.set('title', 'Kickoff');
      const uploaded = await call(a.url, coach!, 'POST', `/api/teams/${teamId}/media/upload`, photo);
      expect(uploaded.status).toBe(201);
      const { url: photoUrl } = (await uploaded.json()) as { url: string };
      const avatar = new FormData();
      avatar.set('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'me.jpg');
      expect((await call(a.url, parent!, 'POST', '/api/user/avatar', avatar)).status).toBe(200);
      const filesBefore = filesOf(original);
      expect(Object.keys(filesBefore).some((f) => f.startsWith('uploads/'))).toBe(true);
      expect(Object.keys(filesBefore).some((f) => f.startsWith('avatars/'))).toBe(true);
      expect(Object.keys(filesBefore).some((f) => f.startsWith('outbox/'))).toBe(true);

      // Chat load: the coach over the socket, the parent and the player over HTTP, each message
      // acknowledged (the socket's own new_message, HTTP's 201) with the time it was.
      const acknowledged = new Map<string, number>();
      let sending = true;
      // A failed attempt stops its load, or the load outlives its server (and the retry).
      onTestFailed(() => {
        sending = false;
      });
      const socket = new WebSocket(`${a.url.replace('http', 'ws')}/ws`, {
        headers: { cookie: coach!.cookie, origin: a.url },
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('error', reject);
        socket.on('message', (raw) => {
          const frame = JSON.parse(String(raw)) as { type: string; message?: { clientId?: string } };
          if (frame.type === 'joined') resolve();
          if (frame.type === 'new_message' && frame.message?.clientId?.startsWith('load-ws-')) {
            acknowledged.set(frame.message.clientId, Date.now());
          }
        });
        socket.once('open', () => socket.send(JSON.stringify({ type: 'join_teams', teamIds: [teamId] })));
      });
      // Under the per-person limit of 30 messages in 10 s.
      const pace = () => new Promise((resolve) => setTimeout(resolve, 400));
      const overSocket = (async () => {
        for (let i = 0; sending; i++) {
          const clientId = `load-ws-${String(i).padStart(6, '0')}`;
          socket.send(JSON.stringify({ type: 'send_message', teamId, content: `socket ${i}`, clientId }));
          await pace();
        }
      })();
      const overHttp = (person: Person, name: string) =>
        (async () => {
          for (let i = 0; sending; i++) {
            const clientId = `load-${name}-${String(i).padStart(6, '0')}`;
            const response = await call(a.url, person, 'POST', `/api/teams/${teamId}/messages`, {
              text: `${name} ${i}`,
              clientId,
            });
            expect(response.status).toBe(201);
            acknowledged.set(clientId, Date.now());
            await pace();
          }
        })();
      const load = Promise.all([overSocket, overHttp(parent!, 'parent'), overHttp(player!, 'player')]);
      // Awaited below; until then a refusal is not an unhandled rejection of the whole run.
      load.catch(() => {});
      while (acknowledged.size < 15) await new Promise((resolve) => setTimeout(resolve, 50));

      const backupStarted = Date.now();
      const beforeBackup = [...acknowledged.keys()];
      const backup = await npmRun('backup', [archive], original);
      const backupEnded = Date.now();
      expect(backup.output).toContain('dumped by the running server');
      expect(backup.code).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      sending = false;
      await load;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      socket.close();
      // The load really ran while the backup did.
      const during = [...acknowledged.values()].filter((at) => at > backupStarted && at < backupEnded);
      expect(during.length).toBeGreaterThan(3);
      expect(await a.stop()).toBe(0);

      // Restored into a new folder; a second restore into it is refused.
      const restore = await npmRun('restore', [archive], restored);
      expect(restore.code, restore.output).toBe(0);
      expect(restore.output).toMatch(/Restored .* events and \d+ files/);
      const again = await npmRun('restore', [archive], restored);
      expect(again.code).toBe(1);
      expect(again.output).toContain('is not empty');

      // Sideline starts on it: the credentials, the photo and every acknowledged message are there.
      const b = await startSideline({ dataDir: restored });
      sidelines.push(b);
      const restoredCoach = await signIn(b.url, 'coach');
      const served = await call(b.url, restoredCoach, 'GET', photoUrl);
      expect(served.status).toBe(200);
      expect(
        Buffer.from(await served.arrayBuffer()).equals(
          readFileSync(path.join(original, 'uploads', teamId, path.basename(photoUrl))),
        ),
      ).toBe(true);
      for (let i = 0; ; i++) {
        const health = (await (await fetch(`${b.url}/api/health`)).json()) as {
          projections: Array<{ caughtUp: boolean }>;
        };
        if (health.projections.every((p) => p.caughtUp)) break;
        if (i > 200) throw new Error('the restored installation did not catch up');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await b.stop()).toBe(0);

      // Every file as it was when the backup began (the load writes none).
      expect(filesOf(restored)).toEqual(filesBefore);

      // The restored log is the original's up to the moment of the dump, event for event.
      const restoredEvents = await withDatabase(restored, eventsOf);
      const originalEvents = await withDatabase(original, eventsOf);
      expect(restoredEvents.length).toBeGreaterThan(0);
      expect(originalEvents.length).toBeGreaterThan(restoredEvents.length);
      expect(originalEvents.slice(0, restoredEvents.length)).toEqual(restoredEvents);
      const lastRestored = JSON.parse(restoredEvents.at(-1)!) as { global_position: string };

      // The original as of the backup: its log cut where the dump was taken, every read model
      // rebuilt from that log by `npm run projections:rebuild`.
      const asOfBackup = path.join(work, 'original-as-of-backup');
      cpSync(original, asOfBackup, { recursive: true });
      await withDatabase(asOfBackup, (database) =>
        sql`DELETE FROM es_events WHERE global_position > ${lastRestored.global_position}::bigint`.execute(database.db),
      );
      const rebuild = await npmRun('projections:rebuild', [], asOfBackup);
      expect(rebuild.code, rebuild.output).toBe(0);

      // Compared table by table, row by row: every read model, and the other tables (accounts,
      // tokens, codes, migrations). Left out: the log (compared above), stream revisions (checked
      // against the log below), checkpoints (the positions and times of each run), sessions, sign-in
      // throttles and rate limits, which signing in on the restored installation adds to, and the notices' work
      // queue (its rows are numbered and claimed as the sender works through them).
      const skip = [
        'es_events',
        'es_streams',
        'projection_checkpoints',
        'sessions',
        'rate_limits',
        'sign_in_throttles',
        'notice_outbox',
        // The notice sender's and chat gateways' working state (who was told, who is in a room,
        // held chat pushes): written as they work, not rebuilt from the log.
        'push_deliveries',
        'notice_records',
        'notice_seen',
        'chat_push_throttle',
        'chat_room_presence',
      ];
      const expected = await withDatabase(asOfBackup, (database) => tablesOf(database, skip));
      const actual = await withDatabase(restored, (database) => tablesOf(database, skip));
      expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
      for (const table of Object.keys(expected)) expect(actual[table], table).toEqual(expected[table]);

      await withDatabase(restored, async (database) => {
        // Every message acknowledged before the backup began is in the restored chat.
        const { rows } = await sql<{ client_id: string }>`
          SELECT client_id FROM messages WHERE client_id LIKE 'load-%'`.execute(database.db);
        const kept = new Set(rows.map((r) => r.client_id));
        expect(beforeBackup.filter((id) => !kept.has(id))).toEqual([]);
        // Stream revisions agree with the log.
        const { rows: streams } = await sql<{ stream_id: string; revision: string; last: string | null }>`
          SELECT s.stream_id, s.revision::text AS revision, max(e.stream_position)::text AS last
          FROM es_streams s LEFT JOIN es_events e ON e.stream_id = s.stream_id
          GROUP BY s.stream_id, s.revision`.execute(database.db);
        expect(streams.filter((s) => s.revision !== s.last)).toEqual([]);
      });
    },
  );
});
