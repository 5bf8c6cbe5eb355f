import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let dataDir: string;
let coach: ApiClient;
let parent: ApiClient;
let outsider: ApiClient;
let team: { id: string; code: string };
let otherTeam: { id: string; code: string };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sideline-media-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
  [coach, parent, outsider] = await Promise.all([
    signUp(server.url, 'coach', 'Casey Coach'),
    signUp(server.url, 'parent', 'Pat Parent'),
    signUp(server.url, 'coach', 'Olly Outsider'),
  ]);
  team = await readJson(await coach.post('/api/teams', { name: 'Tigers', sport: 'Soccer' }));
  otherTeam = await readJson(await outsider.post('/api/teams', { name: 'Bears', sport: 'Soccer' }));
  expect((await parent.post('/api/teams/join', { code: team.code })).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function upload(
  client: ApiClient,
  file: { data: Uint8Array; name: string; type: string } | null,
  options: { teamId?: string; fields?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? { type: 'photo', description: '' })) {
    form.append(name, value);
  }
  if (file) form.append('file', new Blob([file.data], { type: file.type }), file.name);
  return fetch(`${server.url}/api/teams/${options.teamId ?? team.id}/media/upload`, {
    method: 'POST',
    headers: { cookie: client.cookie, origin: server.url, ...options.headers },
    body: form,
  });
}

const get = (client: ApiClient | null, url: string) =>
  fetch(`${server.url}${url}`, { headers: client ? { cookie: client.cookie } : {} });

const png = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: '#1d6f42' } })
    .png()
    .toBuffer();

describe('media upload', () => {
  it('accepts a PNG, stores it outside the web root and serves it (and a thumbnail) to members only', async () => {
    const response = await upload(parent, { data: await png(), name: 'team-photo.png', type: 'image/png' });
    expect(response.status).toBe(201);
    const body = await readJson(response);
    expect(body).toEqual({
      url: `/api/media/${body.id}.png`,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      thumbnailUrl: `/api/media/${body.id}-thumb.webp`,
    });
    expect(existsSync(path.join(dataDir, 'uploads', team.id, `${body.id}.png`))).toBe(true);

    const served = await get(coach, body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toMatch(/^private/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const image = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([image.format, image.width, image.height]).toEqual(['png', 800, 600]);

    const thumb = await get(parent, body.thumbnailUrl);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const thumbnail = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([thumbnail.width, thumbnail.height]).toEqual([400, 300]);

    // Another team's coach, a made-up name and an unknown id all get the same 404.
    const foreign = await get(outsider, body.url);
    expect(foreign.status).toBe(404);
    const unknown = await get(outsider, '/api/media/00000000-0000-0000-0000-000000000000.png');
    expect(await readJson(foreign)).toEqual(await readJson(unknown));
    expect((await get(coach, body.url.replace('.png', '.gif'))).status).toBe(404);
    expect((await get(coach, '/api/media/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    expect((await get(null, body.url)).status).toBe(401);

    const events = await server.eventStore.readStream(`media-${body.id}`);
    expect(events.map((e) => [e.type, e.data])).toEqual([
      [
        'MediaUploaded',
        {
          mediaId: body.id,
          teamId: team.id,
          uploaderId: parent.userId,
          kind: 'photo',
          title: 'team-photo',
          description: '',
          contentType: 'image/png',
          bytes: expect.any(Number),
          width: 800,
          height: 600,
          url: body.url,
          thumbnailUrl: body.thumbnailUrl,
          durationSeconds: null,
        },
      ],
    ]);
  });

  it('refuses a text file renamed .png, whatever its declared type', async () => {
    const text = new TextEncoder().encode('definitely not a picture\n'.repeat(20));
    const response = await upload(parent, { data: text, name: 'holiday.png', type: 'image/png' });
    expect(response.status).toBe(400);
    expect(await readJson(response)).toMatchObject({
      message: 'Please select an image or video file.',
      code: 'UNSUPPORTED_TYPE',
    });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(parent, { data: svg, name: 'x.svg', type: 'image/svg+xml' })).status).toBe(400);
    // A PNG signature on garbage is caught when decoding.
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    const broken = await upload(parent, { data: fake, name: 'broken.png', type: 'image/png' });
    expect(broken.status).toBe(400);
    expect(await readJson(broken)).toMatchObject({ code: 'INVALID_IMAGE' });
  });

  it('refuses a file over 10 MiB with 413 FILE_TOO_LARGE', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1024, 0);
    (await png(2, 2)).copy(big);
    const response = await upload(parent, { data: big, name: 'huge.png', type: 'image/png' });
    expect(response.status).toBe(413);
    expect(await readJson(response)).toEqual({ message: 'Images can be at most 10 MB.', code: 'FILE_TOO_LARGE' });
  });

  it('strips EXIF and GPS from a JPEG, turning it upright first', async () => {
    const original = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const geotagged = withExif(original);
    const before = await sharp(geotagged).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // GPS IFD pointer tag

    const response = await upload(coach, { data: geotagged, name: 'IMG_0042.jpg', type: 'image/jpeg' });
    expect(response.status).toBe(201);
    const { url } = await readJson(response);
    expect(url).toMatch(/\.jpg$/);
    const stored = Buffer.from(await (await get(parent, url)).arrayBuffer());
    const after = await sharp(stored).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect([after.width, after.height]).toEqual([48, 64]);
    expect(stored.includes(Buffer.from('Exif\0\0'))).toBe(false);
    expect(stored.includes(Buffer.from('TestCam'))).toBe(false);
  });

  it('answers a retry with the same Idempotency-Key with the first upload', async () => {
    const headers = { 'idempotency-key': 'upload-0001-abcdef' };
    const file = { data: await png(120, 90), name: 'a.png', type: 'image/png' };
    const first = await upload(parent, file, { headers });
    expect(first.status).toBe(201);
    const retry = await upload(parent, file, { headers });
    expect(retry.status).toBe(201);
    const [a, b] = [await readJson(first), await readJson(retry)];
    expect(b).toEqual(a);
    expect(await server.eventStore.readStream(`media-${a.id}`)).toHaveLength(1);
    // The same key from someone else is their own upload.
    expect((await readJson(await upload(coach, file, { headers }))).id).not.toBe(a.id);
    expect((await upload(parent, file, { headers: { 'idempotency-key': 'x' } })).status).toBe(400);
  });

  it("is for the team's members: others get 404; a missing file or bad field gets 400", async () => {
    const file = { data: await png(10, 10), name: 'a.png', type: 'image/png' };
    expect((await upload(outsider, file)).status).toBe(404);
    expect((await upload(parent, file, { teamId: otherTeam.id })).status).toBe(404);
    const missing = await upload(parent, null);
    expect(missing.status).toBe(400);
    expect(await readJson(missing)).toMatchObject({ code: 'FILE_REQUIRED' });
    const badType = await upload(parent, file, { fields: { type: 'audio' } });
    expect(badType.status).toBe(400);
    expect((await readJson(badType)).fieldErrors).toHaveProperty('type');
    const notMultipart = await parent.post(`/api/teams/${team.id}/media/upload`, { file: 'x' });
    expect(notMultipart.status).toBe(415);
  });

  it("lets chat share the team's own uploads, and refuses another team's", async () => {
    const mine = await readJson(await upload(parent, { data: await png(30, 30), name: 'a.png', type: 'image/png' }));
    const sent = await parent.post(`/api/teams/${team.id}/messages`, { text: '📷 Photo shared', mediaUrl: mine.url });
    expect(sent.status).toBe(201);
    expect(await readJson(sent)).toMatchObject({ mediaUrl: mine.url });

    const theirs = await readJson(
      await upload(outsider, { data: await png(30, 30), name: 'b.png', type: 'image/png' }, { teamId: otherTeam.id }),
    );
    const refused = await coach.post(`/api/teams/${team.id}/messages`, { text: 'look', mediaUrl: theirs.url });
    expect(refused.status).toBe(400);
    expect(await readJson(refused)).toMatchObject({ code: 'UNKNOWN_MEDIA' });
  });
});

/**
 * Inserts an APP1 Exif segment after the JPEG's SOI: IFD0 with Make "TestCam", Orientation 6
 * (rotate 90°) and a GPS IFD (latitude 51°30'12.34" N), as a phone camera writes them.
 */
function withExif(jpeg: Buffer): Buffer {
  const tiff = Buffer.alloc(112);
  tiff.write('II', 0, 'ascii');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    tiff.writeUInt16LE(tag, at);
    tiff.writeUInt16LE(type, at + 2);
    tiff.writeUInt32LE(count, at + 4);
    tiff.writeUInt32LE(value, at + 8);
  };
  // IFD0 at 8: three entries, sorted by tag.
  tiff.writeUInt16LE(3, 8);
  entry(10, 0x010f, 2, 8, 50); // Make → "TestCam\0" at 50
  entry(22, 0x0112, 3, 1, 6); // Orientation = 6
  entry(34, 0x8825, 4, 1, 58); // GPS IFD at 58
  tiff.writeUInt32LE(0, 46);
  tiff.write('TestCam\0', 50, 'ascii');
  // GPS IFD at 58: LatitudeRef "N", Latitude = 3 rationals at 88.
  tiff.writeUInt16LE(2, 58);
  entry(60, 0x0001, 2, 2, 0x4e); // "N\0" inline
  entry(72, 0x0002, 5, 3, 88);
  tiff.writeUInt32LE(0, 84);
  [51, 1, 30, 1, 1234, 100].forEach((n, i) => tiff.writeUInt32LE(n, 88 + i * 4));
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'ascii'), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, payload, jpeg.subarray(2)]);
}
