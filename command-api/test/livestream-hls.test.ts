import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, type ApiClient } from './http-client.ts';
import { createClub, member, type Club } from './match-fixture.ts';
import { freePort, publish, type Publisher } from './rtmp-publisher.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { until } from './until.ts';

// HLS playback of a live stream: a real ffmpeg publisher over real RTMP, the playlist and segments
// fetched over real HTTP with the FLV playback's access rules, and the segments read back by
// ffprobe. The publisher's H.264 is x264 ultrafast (Constrained Baseline) at an odd size: a
// segment with that profile and size was copied, not re-encoded.

/** The first playlist that lists a segment is served within this long of the publish starting. */
const FIRST_SEGMENT_WITHIN_MS = 6_000;
const GRACE_SECONDS = 20;
const PUBLISH_SIZE = '352x288';

const publishers: Publisher[] = [];
let server: TestServer;
let club: Club;
let stranger: ApiClient;
let rtmpPort: number;
let dataDir: string;
const leftover = 'a'.repeat(32);

beforeAll(async () => {
  rtmpPort = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), 'sideline-hls-'));
  // What a previous run left (it stopped without ending its streams): gone once the server starts.
  mkdirSync(path.join(dataDir, 'hls', leftover), { recursive: true });
  writeFileSync(path.join(dataDir, 'hls', leftover, 'index.m3u8'), '#EXTM3U\n');
  writeFileSync(path.join(dataDir, 'hls', leftover, 'segment-1.ts'), 'stale');
  server = await startTestServer({
    env: {
      TRUST_PROXY: '1',
      RTMP_ENABLED: '1',
      RTMP_PORT: String(rtmpPort),
      LIVESTREAM_GRACE_SECONDS: String(GRACE_SECONDS),
      DATA_DIR: dataDir,
    },
  });
  club = await createClub(server, 'Riverside');
  stranger = await member(server, 'coach', 'Sam Stranger');
}, 120_000);
afterAll(async () => {
  for (const p of publishers) p.child.kill('SIGKILL');
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const rtmp = (key: string) => `rtmp://127.0.0.1:${rtmpPort}/live/${key}`;
const startPublisher = (key: string, seconds = 60) => {
  const p = publish(rtmp(key), seconds, { size: PUBLISH_SIZE, rate: 15 });
  publishers.push(p);
  return p;
};
const createStream = async (by: ApiClient, extra: Record<string, unknown> = {}) => {
  const response = await by.post('/api/livestreams', {
    teamId: club.teamA.id,
    title: 'Hawks v Owls',
    recordStream: false,
    ...extra,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return readJson(response);
};
const statusOf = async (id: string) => (await readJson(await club.coach.get(`/api/livestreams/${id}`))) as any;
const hlsDir = (id: string) => path.join(dataDir, 'hls', id);

/** GET with the client's session (or none). */
const get = (url: string, client?: ApiClient) =>
  fetch(`${server.url}${url}`, client ? { headers: { cookie: client.cookie } } : {});

/** The segment names a playlist lists, in order. */
const segmentsOf = (playlist: string) =>
  playlist
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.replace(/\?.*$/, ''));

/** Polls the playlist until it lists a segment; resolves with its text. */
async function firstPlaylist(url: string, client: ApiClient | undefined, timeoutMs: number): Promise<string> {
  return until(async () => {
    const response = await get(url, client);
    if (response.status !== 200) return null;
    const text = await response.text();
    return segmentsOf(text).length > 0 ? text : null;
  }, timeoutMs);
}

function ffprobe(file: string): Promise<Array<Record<string, string | number>>> {
  return new Promise((resolve, reject) => {
    execFile(
      process.env.SIDELINE_FFPROBE ?? 'ffprobe',
      ['-v', 'error', '-show_entries', 'stream=codec_name,profile,width,height,sample_rate', '-of', 'json', file],
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout).streams)),
    );
  });
}

/** A raw request whose path is sent as written (fetch would resolve `..` first). */
function rawGet(pathname: string, cookie: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(server.url);
    const request = http.request({ host: '127.0.0.1', port, path: pathname, headers: { cookie } }, (response) => {
      let body = '';
      response.on('data', (c) => (body += String(c)));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('HLS playback of a live stream', () => {
  it('removes what a previous run left under DATA_DIR/hls when the server starts', () => {
    expect(existsSync(path.join(dataDir, 'hls', leftover))).toBe(false);
  });

  it('serves a playlist within seconds of the publish, its segments hold the published H.264/AAC copied, members only; it is removed when the stream ends', async () => {
    const stream = await createStream(club.coach);
    const playlistUrl = `/api/livestreams/${stream.id}/hls/index.m3u8`;
    // Not live yet: nothing to play.
    expect((await get(playlistUrl, club.parent)).status).toBe(404);

    const publishedAt = Date.now();
    const publisher = startPublisher(stream.streamKey, 12);
    const live = await until(async () => {
      const s = await statusOf(stream.id);
      return s.status === 'live' ? s : null;
    }, 6_000);
    expect(live.hlsPlaybackUrl).toBe(playlistUrl);

    const playlist = await firstPlaylist(playlistUrl, club.parent, FIRST_SEGMENT_WITHIN_MS + 2_000);
    const latency = Date.now() - publishedAt;
    expect(latency).toBeLessThan(FIRST_SEGMENT_WITHIN_MS);
    expect(playlist.startsWith('#EXTM3U\n')).toBe(true);
    expect(playlist).toContain('#EXT-X-INDEPENDENT-SEGMENTS');
    expect(playlist).not.toContain('#EXT-X-ENDLIST');
    const target = Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(playlist)?.[1]);
    expect(target).toBeGreaterThanOrEqual(1);
    expect(target).toBeLessThanOrEqual(2);
    for (const m of playlist.matchAll(/#EXTINF:([\d.]+)/g)) expect(Number(m[1])).toBeLessThanOrEqual(2.1);

    const response = await get(playlistUrl, club.parent);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const segment = segmentsOf(await response.text()).at(-1)!;
    expect(segment).toMatch(/^segment-\d+\.ts$/);

    // A segment: MPEG-TS with the publisher's H.264 (profile and size) and AAC.
    const segmentUrl = `/api/livestreams/${stream.id}/hls/${segment}`;
    const downloaded = await get(segmentUrl, club.parent);
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get('content-type')).toBe('video/mp2t');
    expect(downloaded.headers.get('cache-control')).toBe('private, max-age=10');
    const bytes = Buffer.from(await downloaded.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(1_000);
    expect(bytes[0]).toBe(0x47); // MPEG-TS sync byte
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'sideline-hls-segment-')), segment);
    writeFileSync(file, bytes);
    const streams = await ffprobe(file);
    const [width, height] = PUBLISH_SIZE.split('x').map(Number);
    expect(streams.find((s) => s.codec_name === 'h264')).toMatchObject({
      profile: 'Constrained Baseline',
      width,
      height,
    });
    expect(streams.find((s) => s.codec_name === 'aac')).toMatchObject({ profile: 'LC', sample_rate: '44100' });
    rmSync(path.dirname(file), { recursive: true, force: true });

    // A private stream: members of the team only, segments included.
    for (const [who, client] of [
      ['a member of another team', club.bo],
      ['a coach of no team of the club', stranger],
    ] as const) {
      expect((await get(playlistUrl, client)).status, who).toBe(404);
      expect((await get(segmentUrl, client)).status, who).toBe(404);
    }
    expect((await get(playlistUrl)).status).toBe(401);
    expect((await get(segmentUrl)).status).toBe(401);
    expect((await get(playlistUrl, club.admin)).status).toBe(200);

    // Segment names are ours or refused: no way out of the stream's folder, nor to its other files.
    for (const name of [
      '..%2F..%2F..%2Fpackage.json',
      '..%2Findex.m3u8',
      '%2e%2e%2f%2e%2e%2fpackage.json',
      '..%5C..%5Cpackage.json',
      `${segment}.tmp`,
      'segment-1.ts%00.m3u8',
      'segment--1.ts',
      'index.m3u8.bak',
    ]) {
      const refused = await get(`/api/livestreams/${stream.id}/hls/${name}`, club.parent);
      expect(refused.status, name).toBe(400);
      expect((await readJson(refused)).fieldErrors, name).toEqual({ segment: ['A segment name is segment-N.ts'] });
    }
    for (const raw of [
      `/api/livestreams/${stream.id}/hls/../../../../package.json`,
      `/api/livestreams/${stream.id}/hls/..\\..\\package.json`,
    ]) {
      const refused = await rawGet(raw, club.parent.cookie);
      expect(refused.status, raw).not.toBe(200);
      expect(refused.body, raw).not.toContain('"workspaces"');
    }

    // The publisher stops: the stream ends, and its playlist and segments go with it.
    expect(await publisher.exited).toBe(0);
    await until(async () => (await statusOf(stream.id)).status === 'ended', 10_000);
    await until(async () => !existsSync(hlsDir(stream.id)), 5_000);
    expect((await get(playlistUrl, club.parent)).status).toBe(404);
    expect((await get(segmentUrl, club.parent)).status).toBe(404);
    expect((await statusOf(stream.id)).hlsPlaybackUrl).toBeNull();
  }, 60_000);

  it('counts HLS players as viewers while they keep asking (per player id, else per session)', async () => {
    const stream = await createStream(club.coach);
    startPublisher(stream.streamKey);
    await until(async () => (await statusOf(stream.id)).status === 'live', 6_000);
    const playlistUrl = `/api/livestreams/${stream.id}/hls/index.m3u8`;
    await firstPlaylist(playlistUrl, club.coach, FIRST_SEGMENT_WITHIN_MS + 2_000);
    // The coach's polling above (no player id) is one viewer, by session.
    expect((await statusOf(stream.id)).viewerCount).toBe(1);

    // Two players of the parent, each with its own id: the playlist names segments with that id.
    const first = await (await get(`${playlistUrl}?viewer=player-one-123`, club.parent)).text();
    const segment = first.split('\n').find((l) => l.startsWith('segment-'))!;
    expect(segment).toMatch(/^segment-\d+\.ts\?viewer=player-one-123$/);
    expect((await get(`/api/livestreams/${stream.id}/hls/${segment}`, club.parent)).status).toBe(200);
    await get(`${playlistUrl}?viewer=player-two-456`, club.parent);
    const watched = await statusOf(stream.id);
    expect(watched.viewerCount).toBe(3);
    expect(watched.maxViewers).toBe(3);
    expect((await get(`${playlistUrl}?viewer=bad`, club.parent)).status).toBe(400);

    // One player keeps asking; the others stop and leave the count within a few seconds.
    const keepAsking = setInterval(() => void get(`${playlistUrl}?viewer=player-one-123`, club.parent), 1000);
    try {
      await until(async () => (await statusOf(stream.id)).viewerCount === 1, 9_000);
    } finally {
      clearInterval(keepAsking);
    }
    await until(async () => (await statusOf(stream.id)).viewerCount === 0, 9_000);
    expect((await statusOf(stream.id)).maxViewers).toBe(3);

    const ended = await readJson(await club.coach.post(`/api/livestreams/${stream.id}/end`));
    expect(ended).toMatchObject({ status: 'ended', maxViewers: 3 });
    await until(async () => !existsSync(hlsDir(stream.id)), 5_000);
  }, 60_000);

  it('a public stream plays for anyone with the link; a drop keeps the playlist and a resume continues it', async () => {
    const stream = await createStream(club.coach, { isPublic: true });
    const playlistUrl = `/api/livestreams/${stream.id}/hls/index.m3u8`;
    const first = startPublisher(stream.streamKey);
    await until(async () => (await statusOf(stream.id)).status === 'live', 6_000);
    const playlist = await firstPlaylist(playlistUrl, undefined, FIRST_SEGMENT_WITHIN_MS + 2_000);
    const segment = segmentsOf(playlist)[0]!;
    const signedOut = await get(`/api/livestreams/${stream.id}/hls/${segment}`);
    expect(signedOut.status).toBe(200);
    expect(signedOut.headers.get('cache-control')).toBe('public, max-age=10');
    expect((await get(playlistUrl, stranger)).status).toBe(200);

    // The publisher drops: the stream is interrupted, its playlist stays (players keep their place).
    await new Promise((r) => setTimeout(r, 2_000));
    first.child.kill('SIGKILL');
    await first.exited;
    await until(async () => (await statusOf(stream.id)).ingest === 'interrupted', 5_000);
    const held = await get(playlistUrl);
    expect(held.status).toBe(200);
    const before = segmentsOf(await held.text());
    expect(before.length).toBeGreaterThan(0);

    // It resumes: new segments follow the old ones behind a discontinuity, numbered on.
    startPublisher(stream.streamKey);
    await until(async () => (await statusOf(stream.id)).ingest === 'on_air', 6_000);
    const resumed = await until(async () => {
      const text = await (await get(playlistUrl)).text();
      return text.includes('#EXT-X-DISCONTINUITY') && /#EXT-X-DISCONTINUITY\n#EXTINF[^\n]*\nsegment-/.test(text)
        ? text
        : null;
    }, FIRST_SEGMENT_WITHIN_MS + 2_000);
    const after = segmentsOf(resumed);
    const number = (name: string) => Number(/\d+/.exec(name)![0]);
    expect(number(after.at(-1)!)).toBeGreaterThan(number(before.at(-1)!));

    expect((await readJson(await club.coach.post(`/api/livestreams/${stream.id}/end`))).status).toBe('ended');
    await until(async () => !existsSync(hlsDir(stream.id)), 5_000);
    expect((await get(playlistUrl)).status).toBe(404);
  }, 60_000);

  it("a deleted team's stream: its playlist is gone at once", async () => {
    const other = await createClub(server, 'Hilltop');
    const created = await other.coach.post('/api/livestreams', {
      teamId: other.teamA.id,
      title: 'Derby',
      recordStream: false,
      isPublic: true,
    });
    const stream = await readJson(created);
    startPublisher(stream.streamKey);
    const playlistUrl = `/api/livestreams/${stream.id}/hls/index.m3u8`;
    await firstPlaylist(playlistUrl, undefined, FIRST_SEGMENT_WITHIN_MS + 4_000);
    expect((await other.admin.delete(`/api/admin/teams/${other.teamA.id}`)).status).toBe(204);
    expect((await get(playlistUrl)).status).toBe(404);
    await until(async () => !existsSync(hlsDir(stream.id)), 8_000);
  }, 60_000);
});
