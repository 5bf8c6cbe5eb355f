import http from 'node:http';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setVideoTools } from '../src/media/video-processing.ts';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let parent: ApiClient;
let outsider: ApiClient;
let team: { id: string; code: string };
/** One keep-alive connection at a time, as a browser reuses its connection to the same origin. */
let agent: http.Agent;

beforeAll(async () => {
  server = await startTestServer();
  let coach: ApiClient;
  [coach, parent, outsider] = await Promise.all([
    signUp(server.url, 'coach', 'Casey Coach'),
    signUp(server.url, 'parent', 'Pat Parent'),
    signUp(server.url, 'coach', 'Olly Outsider'),
  ]);
  team = await readJson(await coach.post('/api/teams', { name: 'Tigers', sport: 'Soccer' }));
  expect((await parent.post('/api/teams/join', { code: team.code })).status).toBe(200);
});
afterEach(() => agent?.destroy());
afterAll(async () => {
  await server?.close();
});

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/** One request over the shared agent; resolves with the whole answer. */
function send(
  client: ApiClient,
  method: string,
  path: string,
  body?: { data: Buffer; contentType: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${server.url}${path}`,
      {
        method,
        agent,
        headers: {
          cookie: client.cookie,
          origin: server.url,
          ...(body ? { 'content-type': body.contentType, 'content-length': String(body.data.length) } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            connection: response.headers.connection,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    // The server may answer (and close) before the whole body is written: the answer is what counts.
    request.on('error', reject);
    request.end(body?.data);
  });
}

/** A multipart body exactly as a browser's FormData sends it. */
async function multipart(fields: Record<string, string>, file: { data: Buffer; name: string; type: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([file.data], { type: file.type }), file.name);
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return { data: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

const png = (size = 8) =>
  sharp({ create: { width: size, height: size, channels: 3, background: '#1d6f42' } })
    .png()
    .toBuffer();

/** The request after a refusal, on the same agent: it must be answered, not wait for a timeout. */
async function nextRequestIsAnswered(): Promise<void> {
  const teams = await send(parent, 'GET', '/api/teams');
  expect(teams.status).toBe(200);
  expect(JSON.parse(teams.body)).toEqual(expect.arrayContaining([expect.objectContaining({ id: team.id })]));
}

const uploadPath = (teamId = team.id) => `/api/teams/${teamId}/media/upload`;

describe('a refused upload leaves the keep-alive connection usable', () => {
  it('after 413 for a photo over 10 MB, the next request on the same connection is answered', async () => {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const big = Buffer.alloc(12 * 1024 * 1024, 0);
    (await png()).copy(big);
    const body = await multipart({ type: 'photo' }, { data: big, name: 'huge.png', type: 'image/png' });
    const refused = await send(parent, 'POST', uploadPath(), body);
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body)).toEqual({ message: 'Images can be at most 10 MB.', code: 'FILE_TOO_LARGE' });
    await nextRequestIsAnswered();
  }, 30_000);

  it('after 400 for a file that is not a photo or video, the next request is answered', async () => {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const text = Buffer.from('not a picture, just text\n'.repeat(200_000));
    const body = await multipart({ type: 'photo' }, { data: text, name: 'notes.png', type: 'image/png' });
    const refused = await send(parent, 'POST', uploadPath(), body);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'UNSUPPORTED_TYPE' });
    await nextRequestIsAnswered();
  }, 30_000);

  it('after 503 for a video the server cannot clean (no ffmpeg), the next request is answered', async () => {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const video = Buffer.alloc(8 * 1024 * 1024, 0);
    Buffer.from([0, 0, 0, 0x20, ...Buffer.from('ftypisom'), 0, 0, 2, 0]).copy(video);
    const body = await multipart({ type: 'video' }, { data: video, name: 'clip.mp4', type: 'video/mp4' });
    setVideoTools({ ffprobe: '/nonexistent/ffprobe', ffmpeg: '/nonexistent/ffmpeg' });
    try {
      const refused = await send(parent, 'POST', uploadPath(), body);
      expect(refused.status).toBe(503);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'VIDEO_UPLOADS_UNAVAILABLE' });
    } finally {
      setVideoTools({ ffprobe: 'ffprobe', ffmpeg: 'ffmpeg' });
    }
    await nextRequestIsAnswered();
  }, 30_000);

  it('after 413 for two files in one upload, the next request is answered', async () => {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const form = new FormData();
    form.append('type', 'photo');
    const photo = await png();
    form.append('file', new Blob([photo], { type: 'image/png' }), 'a.png');
    form.append('file', new Blob([Buffer.alloc(4 * 1024 * 1024, 1)], { type: 'image/png' }), 'b.png');
    const encoded = new Request('http://localhost/', { method: 'POST', body: form });
    const body = { data: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
    const refused = await send(parent, 'POST', uploadPath(), body);
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'TOO_MANY_FILES' });
    await nextRequestIsAnswered();
  }, 30_000);

  it("after 404 for another team's upload and 401 when signed out, the next request is answered", async () => {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const body = await multipart(
      { type: 'photo' },
      { data: Buffer.alloc(2 * 1024 * 1024, 1), name: 'x.png', type: 'image/png' },
    );
    expect((await send(outsider, 'POST', uploadPath(), body)).status).toBe(404);
    await nextRequestIsAnswered();
    expect((await send({ ...parent, cookie: '' }, 'POST', uploadPath(), body)).status).toBe(401);
    await nextRequestIsAnswered();
  }, 30_000);

  it('an accepted upload keeps the connection for the next request too', async () => {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const body = await multipart({ type: 'photo' }, { data: await png(), name: 'ok.png', type: 'image/png' });
    const accepted = await send(parent, 'POST', uploadPath(), body);
    expect([accepted.status, accepted.connection]).toEqual([201, 'keep-alive']);
    await nextRequestIsAnswered();
  }, 30_000);
});
