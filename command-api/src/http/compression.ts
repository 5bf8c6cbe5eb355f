import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

const brotliOptions = { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } };
const encodings: Encoding[] = ['br', 'gzip'];
// As @fastify/compress reads the header: `*` and `x-gzip` mean gzip.
const gzipAlias = /\*|x-gzip/gu;

/**
 * How API answers are compressed: by @fastify/compress as they go out (registerCompression), and
 * kept compressed with the read cache's answers (read-cache.ts), which then are not compressed
 * again for every request. Brotli runs at a low quality: on-the-fly answers are small and
 * latency matters more than the last percent.
 */
export const compression = {
  encodings,
  /** Answers smaller than this (bytes) go out as they are. */
  threshold: 1024,
  brotliOptions,

  /** The encoding @fastify/compress would choose for this request's answer, or null for none. */
  negotiate(request: FastifyRequest): Encoding | null {
    const header = request.headers['accept-encoding'];
    if (!header || request.headers['x-no-compression'] !== undefined) return null;
    return negotiate(header.toLowerCase().replace(gzipAlias, 'gzip'), encodings);
  },

  compress(encoding: Encoding, body: string): Buffer {
    return encoding === 'br' ? brotliCompressSync(body, brotliOptions) : gzipSync(body);
  },
};
