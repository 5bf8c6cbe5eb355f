import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminActivityPageSchema, livestreamSchema } from '@sideline/domain';
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
import { allMigrations } from '../src/migrations.ts';
import { createSidelineServer, type SidelineServer } from '../src/server.ts';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { freePort, publish, type Publisher } from './rtmp-publisher.ts';
import { until } from './until.ts';

// Split mode: a manager's end and an admin's team deletion are taken by a process that does not
// run the RTMP ingest; the ingest runs in an `api` process of its own and learns of them only from
// the stream's notice on NATS. It must still cut the publish off, let its viewers go and close
// the recording, as it does for a key rotation. Real ffmpeg publishers over real RTMP.

/** The publish ends within this long of the request. */
const CUT_OFF_WITHIN_MS = 5_000;

const natsUrl = await natsForTests('livestream ends across processes');
const postgres = await postgresAvailable();
if (!postgres && requireServices()) throw new Error('PostgreSQL is required (SIDELINE_REQUIRE_SERVICES=1)');
if (!postgres) console.warn('[skip] livestream ends across processes: PostgreSQL is unreachable');

const publishers: Publisher[] = [];
/** Open playback requests, let go at the end whatever the server did. */
const viewers: AbortController[] = [];

/** ffmpeg's exit code, or 'still publishing' when it has not exited within `ms`. */
const exitWithin = (p: Publisher, ms: number) =>
  Promise.race([
    p.exited,
    new Promise<'still publishing'>((r) => setTimeout(() => r('still publishing'), Math.max(0, ms))),
  ]);

interface Instance {
  url: string;
  server: SidelineServer;
  bus: Bus;
  database: Database;
  eventStore: EventStore;
}

describe.skipIf(natsUrl === null || !postgres)('livestreams ended by another process (split mode)', () => {
  let database: TestDatabase;
  const instances: Instance[] = [];
  /** Takes the requests (and projects); runs no ingest. */
  let api: Instance;
  /** Runs the RTMP ingest and serves playback. */
  let ingest: Instance;
  let rtmpPort: number;
  let ingestDataDir: string;
  afterAll(async () => {
    for (const p of publishers) p.child.kill('SIGKILL');
    for (const v of viewers) v.abort();
    for (const instance of instances.reverse()) {
      await instance.server.close();
      await instance.eventStore.close();
      await instance.bus.close();
      if (instance.database !== database) await instance.database.close();
    }
    await database?.close();
  });

  async function start(role: 'all' | 'api', name: string, env: Record<string, string>): Promise<Instance> {
    const own = role === 'all' ? database : createPostgresDatabase({ databaseUrl: database.url! });
    const bus = await createNatsBus({ servers: natsUrl!, name });
    const eventStore = createPostgresEventStore(own);
    const server = await createSidelineServer({
      config: loadConfig({
        LOG_LEVEL: 'silent',
        SIDELINE_ROLE: role,
        LIVESTREAM_GRACE_SECONDS: '30',
        ...(role === 'api' ? { NATS_URL: natsUrl!, DATABASE_URL: database.url! } : {}),
        ...env,
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

  async function setUp() {
    if (api) return;
    database = await createTestDatabase(allMigrations, 'postgres');
    rtmpPort = await freePort();
    ingestDataDir = mkdtempSync(path.join(tmpdir(), 'sideline-split-end-'));
    api = await start('all', 'split-end-all', { RTMP_ENABLED: '0' });
    ingest = await start('api', 'split-end-ingest', {
      RTMP_ENABLED: '1',
      RTMP_PORT: String(rtmpPort),
      DATA_DIR: ingestDataDir,
    });
  }

  /** An organization's admin and coach, and a team of it with a parent. */
  async function club(name: string) {
    const admin = await signUp(api.url, 'coach', `${name} Admin`);
    const coach = await signUp(api.url, 'coach', `${name} Coach`);
    const parent = await signUp(api.url, 'parent', `${name} Parent`);
    const org = await readJson(await admin.post('/api/organizations', { name }));
    const season = await readJson(
      await admin.post(`/api/organizations/${org.id}/seasons`, {
        name: 'Spring',
        sport: 'Soccer',
        startDate: '2026-01-01',
        endDate: '2027-12-31',
      }),
    );
    const created = await admin.post(`/api/organizations/${org.id}/teams`, {
      seasonId: season.id,
      name: `${name} Hawks`,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const team = await readJson(created);
    for (const member of [coach, parent]) {
      expect((await member.post('/api/teams/join', { code: team.code })).status).toBe(200);
    }
    expect(
      (await admin.put(`/api/teams/${team.id}/members/${coach.userId}/role`, { assignedRole: 'coach' })).status,
    ).toBe(200);
    return { admin, coach, parent, team: team as { id: string; name: string } };
  }

  const streamOf = async (client: ApiClient, id: string) => {
    const response = await client.get(`/api/livestreams/${id}`);
    return response.status === 200 ? livestreamSchema.parse(await readJson(response)) : response.status;
  };

  /**
   * Publishes with `key` until the stream is on air: the ingest learns a key created in the other
   * process from the stream's notice, a moment after the API answered with it.
   */
  async function onAir(client: ApiClient, id: string, key: string): Promise<Publisher> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const p = publish(`rtmp://127.0.0.1:${rtmpPort}/live/${key}`, 60);
      publishers.push(p);
      let exited = false;
      void p.exited.then(() => (exited = true));
      const outcome = await until(async () => {
        if (exited) return 'exited';
        const s = await streamOf(client, id);
        return typeof s !== 'number' && s.status === 'live' && s.ingest === 'on_air' ? 'on_air' : null;
      }, 8_000).catch(() => 'timeout');
      if (outcome === 'on_air') return p;
      p.child.kill('SIGKILL');
      if (Date.now() > deadline) throw new Error(`never on air (${outcome}): ${p.stderr()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** Watches the stream on the ingest's process; `closed` turns true when the server lets it go. */
  async function watch(client: ApiClient, id: string) {
    const controller = new AbortController();
    viewers.push(controller);
    const response = await fetch(`${ingest.url}/api/livestreams/${id}/live.flv`, {
      headers: { cookie: client.cookie },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const viewer = { received: 0, closed: false };
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          viewer.received += value.length;
        }
      } catch {
        // cut off
      }
      viewer.closed = true;
    })();
    await until(async () => viewer.received > 5_000, 8_000);
    return viewer;
  }

  it("a manager's end taken by another process disconnects the publisher, lets viewers go, removes its HLS and saves the recording", async () => {
    await setUp();
    const { coach, parent, team } = await club('Riverside');
    const created = await coach.post('/api/livestreams', { teamId: team.id, title: 'Split final', recordStream: true });
    expect(created.status).toBe(201);
    const stream = livestreamSchema.parse(await readJson(created));
    const publisher = await onAir(coach, stream.id, stream.streamKey!);
    const viewer = await watch(parent, stream.id);
    // HLS is packaged and served by the ingest's process too.
    const playlistUrl = `${ingest.url}/api/livestreams/${stream.id}/hls/index.m3u8`;
    const playlist = await until(async () => {
      const response = await fetch(playlistUrl, { headers: { cookie: parent.cookie } });
      const text = response.status === 200 ? await response.text() : '';
      return /^segment-\d+\.ts$/m.test(text) ? text : null;
    }, 8_000);
    const segment = /^segment-\d+\.ts$/m.exec(playlist)![0];
    const hlsDir = path.join(ingestDataDir, 'hls', stream.id);
    expect(existsSync(path.join(hlsDir, segment))).toBe(true);
    // Some seconds of picture for the recording.
    await new Promise((r) => setTimeout(r, 2_000));

    const askedAt = Date.now();
    const ended = await coach.post(`/api/livestreams/${stream.id}/end`);
    expect(ended.status).toBe(200);
    expect(livestreamSchema.parse(await readJson(ended)).status).toBe('ended');

    const outcome = await exitWithin(publisher, CUT_OFF_WITHIN_MS - (Date.now() - askedAt));
    expect(outcome).not.toBe('still publishing');
    expect(outcome).not.toBe(0);
    await until(async () => viewer.closed, Math.max(500, CUT_OFF_WITHIN_MS - (Date.now() - askedAt)));
    // Its HLS goes with it, though the end was taken elsewhere.
    await until(async () => !existsSync(hlsDir), 5_000);
    expect((await fetch(playlistUrl, { headers: { cookie: parent.cookie } })).status).toBe(404);
    // The recording is closed and handed on: it lands in the team's Media Hub.
    const recorded = await until(async () => {
      const s = await streamOf(coach, stream.id);
      return typeof s !== 'number' && s.recordingMediaId ? s : null;
    }, 30_000);
    const media = await readJson(await parent.get(`/api/teams/${team.id}/media`));
    const items: Array<{ id: string; title: string }> = Array.isArray(media) ? media : (media.items ?? media.media);
    expect(items.find((m) => m.id === recorded.recordingMediaId)).toMatchObject({ title: 'Split final' });
    // The ended stream's key publishes nothing.
    const late = publish(`rtmp://127.0.0.1:${rtmpPort}/live/${stream.streamKey}`, 5);
    publishers.push(late);
    expect(await exitWithin(late, 8_000)).not.toBe(0);
    expect((await streamOf(coach, stream.id)) as { status: string }).toMatchObject({ status: 'ended' });
  }, 120_000);

  it('a team deleted in another process: the ingest cuts its publish off, ends the stream and refuses its key', async () => {
    await setUp();
    const { admin, coach, parent, team } = await club('Hilltop');
    const created = await coach.post('/api/livestreams', {
      teamId: team.id,
      title: 'Hilltop derby',
      recordStream: false,
    });
    const stream = livestreamSchema.parse(await readJson(created));
    const publisher = await onAir(coach, stream.id, stream.streamKey!);
    const viewer = await watch(parent, stream.id);

    const askedAt = Date.now();
    expect((await admin.delete(`/api/admin/teams/${team.id}`)).status).toBe(204);
    const outcome = await exitWithin(publisher, CUT_OFF_WITHIN_MS - (Date.now() - askedAt));
    expect(outcome).not.toBe('still publishing');
    expect(outcome).not.toBe(0);
    await until(async () => viewer.closed, Math.max(500, CUT_OFF_WITHIN_MS - (Date.now() - askedAt)));
    expect(await streamOf(admin, stream.id)).toBe(404);
    const again = publish(`rtmp://127.0.0.1:${rtmpPort}/live/${stream.streamKey}`, 5);
    publishers.push(again);
    expect(await exitWithin(again, 8_000)).not.toBe(0);
    // The end is recorded: the audit says why.
    const line = await until(async () => {
      const audit = adminActivityPageSchema.parse(
        await readJson(await admin.get(`/api/admin/activity?teamId=${team.id}&type=LivestreamEnded`)),
      );
      return audit.items[0];
    }, 5_000);
    expect(line.description).toBe(`A livestream of ${team.name} ended (the team was deleted)`);
  }, 120_000);
});
