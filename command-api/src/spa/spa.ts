import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { compression } from '../http/compression.ts';
import type { FastifyInstance } from 'fastify';

/** Hashed build output (`/assets/name-HASH.js`): its name changes whenever its content does. */
const HASHED_ASSET = /^\/assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Files that name the current build and must be revalidated on every load: the page, the service
 * worker (a cached one would keep an old build installed) and the web app manifest.
 */
const REVALIDATED = /(?:\.html|^\/sw\.js|^\/manifest\.webmanifest)$/;

/** The cache policy of a file of the build, by its URL path. */
export function cacheControlOf(urlPath: string): string {
  if (HASHED_ASSET.test(urlPath)) return IMMUTABLE;
  return REVALIDATED.test(urlPath) ? 'no-cache' : 'public, max-age=3600';
}

/**
 * Compresses API responses (JSON, NDJSON, the OpenAPI page) with brotli or gzip, whichever the
 * client prefers. Register it before any route: it attaches itself to routes as they are added.
 * Brotli runs at a low quality here: on-the-fly responses are small and latency matters more than
 * the last percent (static assets come precompressed at the highest level, see registerSpa).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: [...compression.encodings],
    threshold: compression.threshold,
    brotliOptions: compression.brotliOptions,
  });
}

/**
 * Serves the built React app. Unknown `/api/...` paths and `/metrics` answer 404 JSON; any other
 * unknown path gets the SPA, whose router shows the 404 page.
 *
 * The build writes `.br` and `.gz` copies of every text asset (web/vite.config.ts); they are sent
 * as they are to a browser that accepts them. Hashed assets are cached for a year as immutable
 * (a new build has new names); index.html, the service worker and the web app manifest are
 * revalidated on every load, so a new build is seen.
 */
export async function registerSpa(app: FastifyInstance, webDist: string | null): Promise<void> {
  const hasSpa = webDist !== null && existsSync(path.join(webDist, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const urlPath = `/${path.relative(webDist, filePath).split(path.sep).join('/')}`.replace(/\.(br|gz)$/, '');
        const cacheControl = cacheControlOf(urlPath);
        reply.header('cache-control', cacheControl);
        // A file cached as immutable is never revalidated nor fetched in ranges: its validators
        // would only add bytes to each of the 20-odd files a screen loads.
        if (cacheControl === IMMUTABLE)
          reply.removeHeader('etag').removeHeader('last-modified').removeHeader('accept-ranges');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0]!;
    // Prometheus metrics are served on METRICS_PORT only: a scrape of this port is told so,
    // rather than handed the web app's page.
    if (urlPath === '/metrics') {
      return reply
        .status(404)
        .send({ message: 'Metrics are served on METRICS_PORT only, never on this port', code: 'NOT_FOUND' });
    }
    if (request.url.startsWith('/api/') || request.url === '/api' || !hasSpa || request.method !== 'GET') {
      return reply
        .status(404)
        .send({ message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
