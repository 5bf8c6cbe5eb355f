import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, registerCompression, registerSpa } from '../src/spa/spa.ts';

/** A raw HTTP GET (no transparent decompression): status, headers and the bytes as sent. */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      }).on('error', reject);
    },
  );
}

const script = `export const greeting = ${JSON.stringify('hello from the build '.repeat(200))};\n`;
const asset = '/assets/index-Ab12Cd34.js';
let dist: string;
let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  // A built app as `vite build` leaves it: hashed assets with brotli and gzip copies beside them.
  dist = mkdtempSync(path.join(tmpdir(), 'sideline-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), `<!doctype html><script type="module" src="${asset}"></script>`);
  writeFileSync(path.join(dist, asset), script);
  writeFileSync(path.join(dist, `${asset}.br`), brotliCompressSync(script));
  writeFileSync(path.join(dist, `${asset}.gz`), gzipSync(script));
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Sideline"}');

  app = Fastify();
  await registerCompression(app);
  app.get('/api/list', async () => Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Item number ${i}` })));
  await registerSpa(app, dist);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  url = address;
});

afterAll(async () => {
  await app?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it('sends the precompressed brotli copy of a hashed asset to a browser that accepts it, cached a year as immutable', async () => {
    const response = await rawGet(`${url}${asset}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    // Never revalidated: no validators to send.
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers['last-modified']).toBeUndefined();
    expect(response.headers['accept-ranges']).toBeUndefined();
    expect(response.body.length).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(response.body).toString()).toBe(script);
  });

  it('sends the gzip copy to a client without brotli, and the plain file to one that accepts neither', async () => {
    const gzipped = await rawGet(`${url}${asset}`, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(script);
    expect(gzipped.headers['cache-control']).toBe(IMMUTABLE);

    const plain = await rawGet(`${url}${asset}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('revalidates index.html on every load (a new build is picked up), for / and client routes alike', async () => {
    for (const page of ['/', '/events/some-team']) {
      const response = await rawGet(`${url}${page}`, { 'accept-encoding': 'br' });
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-type']).toMatch(/text\/html/);
    }
    // A file without a hash in its name is cached for a short while only.
    expect((await rawGet(`${url}/favicon.svg`)).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('revalidates the service worker and the web app manifest: a cached worker would keep an old build', async () => {
    const worker = await rawGet(`${url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await rawGet(`${url}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('compresses API responses on the fly (brotli preferred, gzip otherwise)', async () => {
    const br = await rawGet(`${url}/api/list`, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    const list = JSON.parse(brotliDecompressSync(br.body).toString()) as unknown[];
    expect(list).toHaveLength(200);
    const gzip = await rawGet(`${url}/api/list`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(list);
  });

  it('answers unknown API paths with 404 JSON, not the app', async () => {
    const response = await rawGet(`${url}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body.toString())).toMatchObject({ code: 'NOT_FOUND' });
  });
});
