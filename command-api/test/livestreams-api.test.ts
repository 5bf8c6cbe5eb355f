import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createLogger, loadConfig } from '@sideline/infra';
import { createPasswordHasher } from '../src/identity/passwords.ts';
import { createSidelineServer } from '../src/server.ts';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { createClub, member, type Club } from './match-fixture.ts';
import { freePort, publish } from './rtmp-publisher.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { until } from './until.ts';

let server: TestServer;
let club: Club;
let stranger: ApiClient;
let rtmpPort: number;
const GRACE_SECONDS = 3;

beforeAll(async () => {
  rtmpPort = await freePort();
  server = await startTestServer({
    env: {
      TRUST_PROXY: '1',
      RTMP_ENABLED: '1',
      RTMP_PORT: String(rtmpPort),
      LIVESTREAM_GRACE_SECONDS: String(GRACE_SECONDS),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sideline-live-')),
    },
  });
  club = await createClub(server, 'Riverside');
  stranger = await member(server, 'coach', 'Sam Stranger');
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const createStream = async (by: ApiClient, extra: Record<string, unknown> = {}) => {
  const response = await by.post('/api/livestreams', { teamId: club.teamA.id, title: 'Hawks v Owls', ...extra });
  expect(response.status, await response.clone().text()).toBe(201);
  return readJson(response);
};
const statusOf = async (id: string) => (await readJson(await club.coach.get(`/api/livestreams/${id}`))) as any;
const rtmp = (key: string) => `rtmp://127.0.0.1:${rtmpPort}/live/${key}`;

function socketOf(client: ApiClient, teamIds: string[]) {
  const frames: Array<{ type: string; [k: string]: any }> = [];
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, {
    headers: { cookie: client.cookie },
    origin: server.url,
  });
  socket.on('message', (data) => frames.push(JSON.parse(String(data))));
  const ready = new Promise<void>((resolve, reject) => {
    socket.once('open', () => {
      socket.send(JSON.stringify({ type: 'join_teams', teamIds }));
      resolve();
    });
    socket.once('error', reject);
  });
  return { frames, socket, ready };
}

describe('creating livestreams (spec part 2 §2, §6)', () => {
  it('applies the form defaults and shows the key once, to a coach', async () => {
    const stream = await createStream(club.coach);
    expect(stream).toMatchObject({
      teamId: club.teamA.id,
      title: 'Hawks v Owls',
      description: null,
      streamType: 'match',
      scheduledStartTime: null,
      status: 'scheduled',
      isPublic: false,
      allowChat: true,
      recordStream: true,
      viewerCount: 0,
      maxViewers: 0,
      rtmpUrl: `rtmp://127.0.0.1:${rtmpPort}/live`,
      playbackUrl: null,
      canManage: true,
      actions: ['CancelLivestream', 'RotateStreamKey'],
    });
    expect(stream.streamKey).toMatch(/^sk_[A-Za-z0-9_-]{32}$/);
    expect(stream.streamKeyHint).toBe(stream.streamKey.slice(-4));
    const again = await statusOf(stream.id);
    expect(again.streamKey).toBeNull();
    expect(again.streamKeyHint).toBe(stream.streamKeyHint);
    // Stored hashed: the key itself is nowhere in the database.
    const stored = await server.database.db.selectFrom('livestream_keys').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(stream.streamKey);
    const events = await server.database.db
      .selectFrom('events' as any)
      .selectAll()
      .execute()
      .catch(() => []);
    expect(JSON.stringify(events)).not.toContain(stream.streamKey);
  });

  it('lets an org admin create, refuses parents (403) and outsiders (404), and checks the form', async () => {
    expect((await createStream(club.admin, { streamType: 'training', isPublic: true })).streamType).toBe('training');
    const parent = await club.parent.post('/api/livestreams', { teamId: club.teamA.id, title: 'x' });
    expect(parent.status).toBe(403);
    const outsider = await stranger.post('/api/livestreams', { teamId: club.teamA.id, title: 'x' });
    expect(outsider.status).toBe(404);
    const bad = await club.coach.post('/api/livestreams', { teamId: club.teamA.id, title: ' ', streamType: 'gig' });
    expect(bad.status).toBe(400);
    expect(Object.keys((await readJson(bad)).fieldErrors)).toEqual(expect.arrayContaining(['title', 'streamType']));
    const anon = await fetch(`${server.url}/api/livestreams/active`);
    expect(anon.status).toBe(401);
  });

  it('lists a team’s streams for its members only; parents see no RTMP settings', async () => {
    const list = await readJson(await club.parent.get(`/api/teams/${club.teamA.id}/livestreams`));
    expect(list.length).toBeGreaterThanOrEqual(2);
    for (const s of list) {
      expect(s.rtmpUrl).toBeNull();
      expect(s.streamKey).toBeNull();
      expect(s.streamKeyHint).toBeNull();
      expect(s.canManage).toBe(false);
    }
    expect((await club.bo.get(`/api/teams/${club.teamA.id}/livestreams`)).status).toBe(404);
  });

  it('cancels a scheduled stream; a cancelled stream’s key is refused at connect', async () => {
    const stream = await createStream(club.coach);
    expect((await club.parent.post(`/api/livestreams/${stream.id}/cancel`)).status).toBe(403);
    const cancelled = await readJson(await club.coach.post(`/api/livestreams/${stream.id}/cancel`));
    expect(cancelled.status).toBe('cancelled');
    const again = await club.coach.post(`/api/livestreams/${stream.id}/cancel`);
    expect(again.status).toBe(409);
    const ffmpeg = publish(rtmp(stream.streamKey), 3);
    expect(await ffmpeg.exited).not.toBe(0);
  }, 30_000);
});

describe('RTMP ingest, playback, viewers, chat and recording', () => {
  it('refuses a wrong key at connect', async () => {
    const stream = await createStream(club.coach);
    const ffmpeg = publish(rtmp('sk_' + 'x'.repeat(32)), 3);
    expect(await ffmpeg.exited).not.toBe(0);
    expect((await statusOf(stream.id)).status).toBe('scheduled');
  }, 30_000);

  it('goes live on publish, plays over HTTP-FLV to members, counts viewers, chats, ends on a clean stop and records to the Media Hub', async () => {
    const stream = await createStream(club.coach, { title: 'Saturday final', description: 'Home game' });
    const parentSocket = socketOf(club.parent, [club.teamA.id]);
    await parentSocket.ready;

    const ffmpeg = publish(rtmp(stream.streamKey), 7);
    const started = Date.now();
    const live = await until(async () => {
      const s = await statusOf(stream.id);
      return s.status === 'live' ? s : null;
    }, 5_000);
    // ffmpeg takes a moment to start; the ingest itself marks it live within 2 s of the publish.
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(live).toMatchObject({
      ingest: 'on_air',
      playbackUrl: `/api/livestreams/${stream.id}/live.flv`,
      actions: ['EndLivestream', 'RotateStreamKey', 'SendChatMessage'],
    });
    expect(live.actualStartTime).not.toBeNull();
    const active = await readJson(await club.parent.get('/api/livestreams/active'));
    expect(active.map((s: { id: string }) => s.id)).toContain(stream.id);
    const forAdmin = await readJson(await club.admin.get('/api/livestreams/active'));
    expect(forAdmin.map((s: { id: string }) => s.id)).toContain(stream.id);
    expect(await readJson(await club.bo.get('/api/livestreams/active'))).toEqual([]);

    // Non-members and signed-out visitors cannot fetch a private stream's playback.
    expect((await club.bo.get(live.playbackUrl)).status).toBe(404);
    expect((await fetch(`${server.url}${live.playbackUrl}`)).status).toBe(401);
    expect((await stranger.get(live.playbackUrl)).status).toBe(404);

    // A member plays it: FLV bytes flow, and the viewer count rises (pushed over the socket too).
    const controller = new AbortController();
    const playback = await fetch(`${server.url}${live.playbackUrl}`, {
      headers: { cookie: club.parent.cookie },
      signal: controller.signal,
    });
    expect(playback.status).toBe(200);
    expect(playback.headers.get('content-type')).toBe('video/x-flv');
    const reader = playback.body!.getReader();
    let received = 0;
    let head = '';
    const reading = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          if (head.length < 3) head += Buffer.from(value).toString('latin1', 0, 3);
          received += value.length;
        }
      } catch {
        // aborted
      }
    })();
    await until(async () => received > 20_000, 5_000);
    expect(head.slice(0, 3)).toBe('FLV');
    const watched = await statusOf(stream.id);
    expect(watched.viewerCount).toBe(1);
    expect(watched.maxViewers).toBe(1);
    await until(
      async () => parentSocket.frames.find((f) => f.type === 'livestream_viewers' && f.viewerCount === 1),
      3_000,
    );

    // Live chat: posted over HTTP, delivered to members over the socket.
    const sent = await club.parent.post(`/api/livestreams/${stream.id}/chat`, { message: '  Go Hawks!  ' });
    expect(sent.status).toBe(201);
    const message = await readJson(sent);
    expect(message).toMatchObject({ livestreamId: stream.id, message: 'Go Hawks!', userName: 'Riverside Parent' });
    const frame = await until(async () => parentSocket.frames.find((f) => f.type === 'livestream_chat'), 3_000);
    expect(frame.message).toEqual(message);
    expect((await club.bo.post(`/api/livestreams/${stream.id}/chat`, { message: 'hi' })).status).toBe(404);
    expect((await club.parent.post(`/api/livestreams/${stream.id}/chat`, { message: '   ' })).status).toBe(400);
    expect(await readJson(await club.coach.get(`/api/livestreams/${stream.id}/chat`))).toEqual([message]);

    // The publisher stops cleanly: ended within 10 s (not NMS's 30 s).
    expect(await ffmpeg.exited).toBe(0);
    const stoppedAt = Date.now();
    const ended = await until(async () => {
      const s = await statusOf(stream.id);
      return s.status === 'ended' ? s : null;
    }, 10_000);
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    expect(ended).toMatchObject({ ingest: null, playbackUrl: null, viewerCount: 0, maxViewers: 1 });
    controller.abort();
    await reading;
    expect(
      parentSocket.frames.some(
        (f) => f.type === 'livestream_updated' && f.livestreamId === stream.id && f.status === 'ended',
      ),
    ).toBe(true);
    expect((await club.parent.post(`/api/livestreams/${stream.id}/chat`, { message: 'late' })).status).toBe(409);

    // The recording lands in the team's Media Hub as a video with a poster and its duration.
    const recorded = await until(async () => {
      const s = await statusOf(stream.id);
      return s.recordingMediaId ? s : null;
    }, 30_000);
    const media = await readJson(await club.parent.get(`/api/teams/${club.teamA.id}/media`));
    const items = Array.isArray(media) ? media : (media.items ?? media.media);
    const video = items.find((m: { id: string }) => m.id === recorded.recordingMediaId);
    expect(video).toMatchObject({ title: 'Saturday final' });
    expect(JSON.stringify(video)).toMatch(/video/);
    expect(video.thumbnailUrl).toBeTruthy();
    const duration = video.durationSeconds ?? video.duration;
    expect(duration).toBeGreaterThan(4);
    expect(duration).toBeLessThan(9);
    const file = await fetch(`${server.url}${video.url}`, { headers: { cookie: club.parent.cookie } });
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(10_000);

    // An ended stream's key is refused at connect.
    const late = publish(rtmp(stream.streamKey), 2);
    expect(await late.exited).not.toBe(0);
    expect((await statusOf(stream.id)).status).toBe('ended');
    parentSocket.socket.close();
  }, 90_000);

  it('a dropped publish is interrupted and may resume within the grace period, then ends when it does not', async () => {
    const stream = await createStream(club.coach, { recordStream: false });
    const first = publish(rtmp(stream.streamKey), 30);
    await until(async () => (await statusOf(stream.id)).status === 'live', 6_000);
    // A viewer watching when the publish drops waits through the interruption and sees the resume.
    const controller = new AbortController();
    const playback = await fetch(`${server.url}/api/livestreams/${stream.id}/live.flv`, {
      headers: { cookie: club.parent.cookie },
      signal: controller.signal,
    });
    expect(playback.status).toBe(200);
    const reader = playback.body!.getReader();
    let received = 0;
    let closed = false;
    const reading = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          received += value.length;
        }
      } catch {
        // aborted
      }
      closed = true;
    })();
    await until(async () => received > 5_000, 5_000);
    first.child.kill('SIGKILL');
    await first.exited;
    await until(async () => (await statusOf(stream.id)).ingest === 'interrupted', 4_000);
    expect((await statusOf(stream.id)).status).toBe('live');
    expect(closed).toBe(false);
    // A viewer may also join while the publisher is away.
    expect(
      await club.parent.get(`/api/livestreams/${stream.id}/live.flv`).then((r) => (void r.body?.cancel(), r.status)),
    ).toBe(200);
    const beforeResume = received;

    const second = publish(rtmp(stream.streamKey), 30);
    await until(async () => (await statusOf(stream.id)).ingest === 'on_air', 6_000);
    await until(async () => received > beforeResume + 20_000, 6_000);
    expect(closed).toBe(false);
    controller.abort();
    await reading;
    second.child.kill('SIGKILL');
    await second.exited;
    await until(async () => (await statusOf(stream.id)).ingest === 'interrupted', 4_000);
    const ended = await until(
      async () => {
        const s = await statusOf(stream.id);
        return s.status === 'ended' ? s : null;
      },
      (GRACE_SECONDS + 5) * 1000,
    );
    expect(ended.recordingMediaId).toBeNull();
  }, 60_000);

  it('rotates the key: the old one is refused, the new one publishes; a manager ends the stream', async () => {
    const stream = await createStream(club.coach, { recordStream: false, isPublic: true });
    const rotated = await readJson(await club.coach.post(`/api/livestreams/${stream.id}/key`));
    expect(rotated.streamKey).toMatch(/^sk_/);
    expect(rotated.streamKey).not.toBe(stream.streamKey);
    expect((await club.parent.post(`/api/livestreams/${stream.id}/key`)).status).toBe(403);
    const old = publish(rtmp(stream.streamKey), 2);
    expect(await old.exited).not.toBe(0);
    expect((await statusOf(stream.id)).status).toBe('scheduled');

    const ffmpeg = publish(rtmp(rotated.streamKey), 30);
    await until(async () => (await statusOf(stream.id)).status === 'live', 6_000);
    // A public stream plays for anyone with the link, signed in or not; others see it as active.
    const controller = new AbortController();
    const open = await fetch(`${server.url}/api/livestreams/${stream.id}/live.flv`, { signal: controller.signal });
    expect(open.status).toBe(200);
    const first = await open.body!.getReader().read();
    expect(Buffer.from(first.value!).toString('latin1', 0, 3)).toBe('FLV');
    controller.abort();
    const activeForOutsider = await readJson(await stranger.get('/api/livestreams/active'));
    expect(activeForOutsider.map((s: { id: string }) => s.id)).toContain(stream.id);
    expect((await stranger.get(`/api/livestreams/${stream.id}`)).status).toBe(200);
    expect((await stranger.post(`/api/livestreams/${stream.id}/chat`, { message: 'hi' })).status).toBe(404);
    const ended = await readJson(await club.coach.post(`/api/livestreams/${stream.id}/end`));
    expect(ended.status).toBe('ended');
    const code = await ffmpeg.exited; // disconnected by the server
    expect(code).not.toBe(0);
  }, 60_000);
});

describe('a restart while live', () => {
  it('gives a stream left live by the previous process its grace period, then ends it', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sideline-live-restart-'));
    const env = {
      LOG_LEVEL: 'silent',
      RTMP_ENABLED: '1',
      RTMP_PORT: String(port),
      LIVESTREAM_GRACE_SECONDS: '2',
      DATA_DIR: dataDir,
    };
    const first = await startTestServer({ env });
    let closed = false;
    try {
      const coach = await signUp(first.url, 'coach', 'Restart Coach');
      const team = await readJson(await coach.post('/api/teams', { name: 'Restart FC', sport: 'Soccer' }));
      const stream = await readJson(
        await coach.post('/api/livestreams', { teamId: team.id, title: 'Restart', recordStream: false }),
      );
      const ffmpeg = publish(`rtmp://127.0.0.1:${port}/live/${stream.streamKey}`, 30);
      const statusAt = async (url: string) =>
        (await readJson(
          await fetch(`${url}/api/livestreams/${stream.id}`, { headers: { cookie: coach.cookie } }),
        )) as any;
      await until(async () => (await statusAt(first.url)).status === 'live', 6_000);

      // The process stops (its ingest with it) while the stream is live; a new one starts.
      closed = true;
      await first.server.close();
      ffmpeg.child.kill('SIGKILL');
      const second = await createSidelineServer({
        config: loadConfig(env),
        database: first.database,
        eventStore: first.eventStore,
        bus: first.bus,
        logger: createLogger({ level: 'silent' }),
        passwords: createPasswordHasher(12),
        webDist: null,
      });
      try {
        const url = (await second.app.listen({ host: '127.0.0.1', port: 0 })).replace('[::1]', '127.0.0.1');
        const interrupted = await until(async () => {
          const s = await statusAt(url);
          return s.ingest === 'interrupted' || s.status === 'ended' ? s : null;
        }, 5_000);
        expect(interrupted.status).toBe('live');
        const ended = await until(async () => {
          const s = await statusAt(url);
          return s.status === 'ended' ? s : null;
        }, 8_000);
        expect(ended.status).toBe('ended');
      } finally {
        await second.close();
      }
    } finally {
      if (!closed) await first.server.close();
      await first.eventStore.close();
      await first.bus.close();
      await first.database.close();
    }
  }, 60_000);
});
