import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * A body that is not the form it says it is (no multipart boundary), a form that ends before
 * its closing boundary, and a connection that ends before the body it announced: every upload
 * route (team media, which the Media Hub uses too, and the avatar) answers 400 INVALID_UPLOAD
 * and keeps nothing of it. Sent as raw HTTP, since no client library sends such requests.
 */
let server: TestServer;
let dataDir: string;
let coach: ApiClient;
let team: { id: string };
let photo: Buffer;

const INVALID_UPLOAD = { message: 'The upload was cut off or is not a form upload', code: 'INVALID_UPLOAD' };
const BOUNDARY = '----SidelineBoundary7MA4YWxkTrZu0gW';

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sideline-cut-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
  coach = await signUp(server.url, 'coach', 'Casey Coach');
  team = await readJson(await coach.post('/api/teams', { name: 'Tigers', sport: 'Soccer' }));
  // Noise does not compress: the photo is big enough to cut in the middle of its bytes.
  const noise = randomBytes(96 * 96 * 3);
  photo = await sharp(noise, { raw: { width: 96, height: 96, channels: 3 } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function form(fields: Record<string, string>): Buffer {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="kickoff.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    photo,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

interface RawAnswer {
  status: number;
  body: unknown;
}

/**
 * One request on its own connection: `send` of `body` is written, announced as `length` bytes;
 * with `endEarly` the client then ends its side (as a client that crashed or lost its network
 * would) while still reading the answer.
 */
function rawPost(
  url: string,
  headers: Record<string, string>,
  body: Buffer,
  options: { length?: number; endEarly?: boolean } = {},
): Promise<RawAnswer> {
  const { port } = new URL(server.url);
  const head =
    `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n` +
    Object.entries({ ...headers, 'content-length': String(options.length ?? body.length) })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('') +
    '\r\n';
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      socket.write(head);
      socket.write(body);
      if (options.endEarly) socket.end();
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
      const text = answer.slice(answer.indexOf('\r\n\r\n') + 4);
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: kept as text for the assertion message.
      }
      resolve({ status, body });
    });
  });
}

/** Files under the data folder (uploads, avatars and the uploads' temporary files). */
function storedFiles(): string[] {
  return readdirSync(dataDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

async function nothingStored(): Promise<void> {
  // A cut-off connection is answered as soon as it ends; the route removes its temporary file
  // a moment later.
  for (let waited = 0; storedFiles().length > 0 && waited < 5_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(storedFiles()).toEqual([]);
  expect(await readJson(await coach.get(`/api/teams/${team.id}/media`))).toMatchObject({ length: 0 });
  expect((await readJson(await coach.get('/api/user'))).avatarUrl).toBeNull();
}

const routes = (): Array<{ name: string; url: string; fields: Record<string, string> }> => [
  { name: 'team media (and the Media Hub)', url: `/api/teams/${team.id}/media/upload`, fields: { type: 'photo' } },
  { name: 'avatar', url: '/api/user/avatar', fields: {} },
];

describe.each(['team media (and the Media Hub)', 'avatar'])('the %s upload', (name) => {
  const route = () => routes().find((r) => r.name === name)!;
  const headers = (contentType: string) => ({ cookie: coach.cookie, origin: server.url, 'content-type': contentType });

  it('answers a multipart body without a boundary with 400 INVALID_UPLOAD', async () => {
    const { url, fields } = route();
    for (const contentType of ['multipart/form-data', 'multipart/form-data; charset=utf-8']) {
      const answer = await rawPost(url, headers(contentType), form(fields));
      expect(answer, contentType).toEqual({ status: 400, body: INVALID_UPLOAD });
    }
    await nothingStored();
  });

  it('answers a form that ends before its closing boundary with 400 INVALID_UPLOAD', async () => {
    const { url, fields } = route();
    const whole = form(fields);
    // Cut in the middle of the photo's bytes, and in the middle of the part headers.
    for (const cut of [Math.floor(whole.length / 2), whole.indexOf('Content-Type: image/png') + 5]) {
      const answer = await rawPost(url, headers(`multipart/form-data; boundary=${BOUNDARY}`), whole.subarray(0, cut));
      expect(answer, `cut at ${cut} of ${whole.length}`).toEqual({ status: 400, body: INVALID_UPLOAD });
    }
    await nothingStored();
  });

  it('answers a connection that ends before the body it announced with 400 INVALID_UPLOAD', async () => {
    const { url, fields } = route();
    const whole = form(fields);
    const answer = await rawPost(
      url,
      headers(`multipart/form-data; boundary=${BOUNDARY}`),
      whole.subarray(0, Math.floor(whole.length / 2)),
      { length: whole.length, endEarly: true },
    );
    expect(answer).toEqual({ status: 400, body: INVALID_UPLOAD });
    await nothingStored();
  });
});

it('takes the same uploads sent whole (after all the refused ones)', async () => {
  const headers = {
    cookie: coach.cookie,
    origin: server.url,
    'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
  };
  const [media, avatar] = routes();
  expect((await rawPost(media!.url, headers, form(media!.fields))).status).toBe(201);
  expect((await rawPost(avatar!.url, headers, form(avatar!.fields))).status).toBe(200);
  expect(await readJson(await coach.get(`/api/teams/${team.id}/media`))).toMatchObject({ length: 1 });
  expect((await readJson(await coach.get('/api/user'))).avatarUrl).toEqual(expect.any(String));
});
