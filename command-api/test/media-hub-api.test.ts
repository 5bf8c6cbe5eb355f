import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const run = promisify(execFile);
const requireServices = process.env.SIDELINE_REQUIRE_SERVICES === '1';
const hasFfmpeg = await run('ffmpeg', ['-version']).then(
  () => true,
  () => false,
);
if (!hasFfmpeg) {
  if (requireServices) throw new Error('ffmpeg is required under SIDELINE_REQUIRE_SERVICES=1 (video probing)');
  console.warn('media-hub-api: ffmpeg not found, skipping the video tests (install ffmpeg to run them)');
}

let server: TestServer;
let dataDir: string;
let coach: ApiClient;
let parent: ApiClient;
let player: ApiClient;
let outsider: ApiClient;
let team: { id: string; code: string };
let mp4: Buffer;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sideline-media-hub-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
  [coach, parent, player, outsider] = await Promise.all([
    signUp(server.url, 'coach', 'Casey Coach'),
    signUp(server.url, 'parent', 'Pat Parent'),
    signUp(server.url, 'player', 'Pia Player'),
    signUp(server.url, 'coach', 'Olly Outsider'),
  ]);
  team = await readJson(await coach.post('/api/teams', { name: 'Tigers', sport: 'Soccer' }));
  expect((await parent.post('/api/teams/join', { code: team.code })).status).toBe(200);
  expect((await player.post('/api/teams/join', { code: team.code })).status).toBe(200);
  if (hasFfmpeg) {
    const out = path.join(dataDir, 'clip.mp4');
    await run('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=2:size=160x120:rate=10',
      '-pix_fmt',
      'yuv420p',
      out,
    ]);
    mp4 = readFileSync(out);
  }
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function upload(
  client: ApiClient,
  file: { data: Uint8Array; name: string; type: string },
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ type: 'photo', description: '', ...fields })) form.append(name, value);
  form.append('file', new Blob([file.data], { type: file.type }), file.name);
  return fetch(`${server.url}/api/teams/${team.id}/media/upload`, {
    method: 'POST',
    headers: { cookie: client.cookie, origin: server.url },
    body: form,
  });
}

const get = (client: ApiClient, url: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${url}`, { headers: { cookie: client.cookie, ...headers } });

const png = (width = 80, height = 60) =>
  sharp({ create: { width, height, channels: 3, background: '#1d6f42' } })
    .png()
    .toBuffer();

const list = async (client: ApiClient, query = '') => readJson(await client.get(`/api/teams/${team.id}/media${query}`));

describe.skipIf(!hasFfmpeg)('video uploads (ffmpeg)', () => {
  it('stores an MP4 with its real duration, size and a poster frame, and serves it with Range (206)', async () => {
    const response = await upload(parent, { data: mp4, name: 'goal.mp4', type: 'video/mp4' }, { type: 'video' });
    expect(response.status).toBe(201);
    const body = await readJson(response);
    expect(body.url).toBe(`/api/media/${body.id}.mp4`);
    expect(body.thumbnailUrl).toBe(`/api/media/${body.id}-thumb.webp`);

    const [item] = await list(coach, '?type=video');
    expect(item).toMatchObject({
      id: body.id,
      type: 'video',
      title: 'goal',
      contentType: 'video/mp4',
      width: 160,
      height: 120,
      likes: 0,
      likedByMe: false,
      uploader: { id: parent.userId, name: 'Pat Parent' },
    });
    expect(item.durationSeconds).toBeCloseTo(2, 0);
    const poster = await sharp(Buffer.from(await (await get(coach, body.thumbnailUrl)).arrayBuffer())).metadata();
    expect([poster.format, poster.width, poster.height]).toEqual(['webp', 160, 120]);

    const whole = await get(coach, body.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    // Stored rewritten without metadata (video-metadata.test.ts), the same size as listed.
    const stored = Buffer.from(await whole.arrayBuffer());
    const [uploaded] = await server.eventStore.readStream(`media-${body.id}`);
    expect(uploaded!.data).toMatchObject({ bytes: stored.length });
    expect(readFileSync(path.join(dataDir, 'uploads', team.id, `${body.id}.mp4`)).equals(stored)).toBe(true);

    const part = await get(coach, body.url, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${stored.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(stored.subarray(100, 200))).toBe(true);
    const tail = await get(coach, body.url, { range: 'bytes=-10' });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(stored.subarray(stored.length - 10))).toBe(true);
    const beyond = await get(coach, body.url, { range: `bytes=${stored.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${stored.length}`);

    const download = await get(coach, `${body.url}?download=1`);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="goal.mp4"; filename*=UTF-8''goal.mp4`,
    );
  });

  it('accepts a video over the photo limit and the JSON body limit (streamed to disk)', async () => {
    const out = path.join(dataDir, 'big.mp4');
    await run('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=640x480:rate=25'],
      ...['-vf', 'noise=alls=100:allf=t', '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-pix_fmt', 'yuv420p'],
      out,
    ]);
    const big = readFileSync(out);
    expect(big.length).toBeGreaterThan(10 * 1024 * 1024);
    const response = await upload(coach, { data: big, name: 'noise.mp4', type: 'video/mp4' }, { type: 'video' });
    expect(response.status).toBe(201);
    const { url } = await readJson(response);
    const served = await get(parent, url, { range: 'bytes=0-' });
    expect(served.status).toBe(206);
    const stored = Buffer.from(await served.arrayBuffer());
    expect(served.headers.get('content-range')).toBe(`bytes 0-${stored.length - 1}/${stored.length}`);
    // The same frames, copied (not re-encoded): about the same size.
    expect(stored.length).toBeGreaterThan(big.length * 0.99);
    expect(stored.length).toBeLessThanOrEqual(big.length);
  }, 60_000);

  it('marks a video as a highlight; a file that only starts like a video is refused', async () => {
    const response = await upload(coach, { data: mp4, name: 'top-save.mp4', type: 'video/mp4' }, { type: 'highlight' });
    expect(response.status).toBe(201);
    const { id } = await readJson(response);
    expect((await list(parent, '?type=highlight')).map((m: { id: string }) => m.id)).toEqual([id]);
    expect((await list(parent, '?type=video')).map((m: { id: string }) => m.id)).not.toContain(id);

    const fake = Buffer.concat([mp4.subarray(0, 32), Buffer.alloc(4096, 7)]);
    const refused = await upload(parent, { data: fake, name: 'fake.mp4', type: 'video/mp4' }, { type: 'video' });
    expect(refused.status).toBe(400);
    expect(await readJson(refused)).toMatchObject({ code: 'INVALID_VIDEO' });
  });
});

describe('media hub API', () => {
  it('lists newest first with the filter, pages with `before`, and is for members only', async () => {
    const ids: string[] = [];
    for (const name of ['one', 'two', 'three']) {
      ids.push(
        (await readJson(await upload(player, { data: await png(), name: `${name}.png`, type: 'image/png' }))).id,
      );
    }
    const photos = await list(coach, '?type=photo');
    expect(photos.slice(0, 3).map((m: { id: string }) => m.id)).toEqual([...ids].reverse());
    expect(photos[0]).toMatchObject({
      type: 'photo',
      title: 'three',
      durationSeconds: null,
      width: 80,
      height: 60,
      uploader: { id: player.userId, name: 'Pia Player' },
      createdAt: expect.stringMatching(/Z$/),
    });
    const all = await list(coach);
    expect(all.every((m: { type: string }) => ['photo', 'video', 'highlight'].includes(m.type))).toBe(true);
    const page = await list(coach, `?type=photo&limit=1&before=${ids[2]}`);
    expect(page.map((m: { id: string }) => m.id)).toEqual([ids[1]]);
    expect((await coach.get(`/api/teams/${team.id}/media?type=audio`)).status).toBe(400);
    expect((await coach.get(`/api/teams/${team.id}/media?before=nope`)).status).toBe(400);

    expect((await outsider.get(`/api/teams/${team.id}/media`)).status).toBe(404);
    expect((await outsider.post(`/api/teams/${team.id}/media/${ids[0]}/like`)).status).toBe(404);
    expect((await outsider.delete(`/api/teams/${team.id}/media/${ids[0]}`)).status).toBe(404);
  });

  it('counts one like per user, idempotently, and shows likedByMe per viewer', async () => {
    const { id } = await readJson(await upload(parent, { data: await png(), name: 'likes.png', type: 'image/png' }));
    const like = (c: ApiClient) => c.post(`/api/teams/${team.id}/media/${id}/like`);
    const first = await like(coach);
    expect(first.status).toBe(200);
    expect(await readJson(first)).toMatchObject({ id, likes: 1, likedByMe: true });
    expect(await readJson(await like(coach))).toMatchObject({ likes: 1, likedByMe: true });
    expect(await readJson(await like(player))).toMatchObject({ likes: 2, likedByMe: true });
    const item = (await list(parent)).find((m: { id: string }) => m.id === id);
    expect(item).toMatchObject({ likes: 2, likedByMe: false });

    const unliked = await coach.delete(`/api/teams/${team.id}/media/${id}/like`);
    expect(await readJson(unliked)).toMatchObject({ likes: 1, likedByMe: false });
    expect(await readJson(await coach.delete(`/api/teams/${team.id}/media/${id}/like`))).toMatchObject({ likes: 1 });
    const events = await server.eventStore.readStream(`media-${id}`);
    expect(events.map((e) => e.type)).toEqual(['MediaUploaded', 'MediaLiked', 'MediaLiked', 'MediaUnliked']);
    expect((await coach.post(`/api/teams/${team.id}/media/00000000-0000-0000-0000-000000000000/like`)).status).toBe(
      404,
    );
  });

  it('lets the uploader or a manager delete; others get 403; deleted files are gone', async () => {
    const own = await readJson(await upload(parent, { data: await png(), name: 'mine.png', type: 'image/png' }));
    const byPlayer = await player.delete(`/api/teams/${team.id}/media/${own.id}`);
    expect(byPlayer.status).toBe(403);
    const deleted = await parent.delete(`/api/teams/${team.id}/media/${own.id}`);
    expect(deleted.status).toBe(204);
    expect((await get(parent, own.url)).status).toBe(404);
    expect(existsSync(path.join(dataDir, 'uploads', team.id, `${own.id}.png`))).toBe(false);
    expect((await list(parent)).map((m: { id: string }) => m.id)).not.toContain(own.id);
    expect((await parent.delete(`/api/teams/${team.id}/media/${own.id}`)).status).toBe(404);

    const theirs = await readJson(await upload(player, { data: await png(), name: 'p.png', type: 'image/png' }));
    expect((await coach.delete(`/api/teams/${team.id}/media/${theirs.id}`)).status).toBe(204);
    const events = await server.eventStore.readStream(`media-${theirs.id}`);
    expect(events.at(-1)).toMatchObject({ type: 'MediaDeleted', data: { deletedBy: coach.userId } });
  });

  it('refuses an oversized video with 413 and an unsupported file with 400', async () => {
    // An MP4 signature, then 200 MiB + 1 of nothing: refused once it is over, with a clear message.
    const head = Buffer.from([0, 0, 0, 0x20, ...Buffer.from('ftypisom'), 0, 0, 2, 0]);
    const big = Buffer.alloc(200 * 1024 * 1024 + 1, 0);
    head.copy(big);
    const response = await upload(parent, { data: big, name: 'long.mp4', type: 'video/mp4' }, { type: 'video' });
    expect(response.status).toBe(413);
    expect(await readJson(response)).toEqual({ message: 'Videos can be at most 200 MB.', code: 'FILE_TOO_LARGE' });

    const avi = Buffer.concat([Buffer.from('RIFF\0\0\0\0AVI LIST'), Buffer.alloc(256, 1)]);
    const refused = await upload(parent, { data: avi, name: 'old.avi', type: 'video/x-msvideo' }, { type: 'video' });
    expect(refused.status).toBe(400);
    expect(await readJson(refused)).toMatchObject({ code: 'UNSUPPORTED_TYPE' });
    // Nothing is left behind in the incoming folder.
    const incoming = path.join(dataDir, 'uploads', '.incoming');
    expect(existsSync(incoming) ? (await import('node:fs')).readdirSync(incoming) : []).toEqual([]);
  }, 60_000);
});
