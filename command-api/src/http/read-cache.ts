import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ReadModelVersions } from '@sideline/projections';
import { compression, type Encoding } from './compression.ts';

/**
 * How a GET route's answer may be cached. Its scopes are the read-model scopes (`teamScope`,
 * `userScope`) the answer was read from: it is served from memory until one of them changes (the
 * projectors announce every change before a command waiting for it returns) or `expiresAt`.
 * The route's own hooks (sign-in, team membership) still run on every request: a cached answer
 * is only ever sent where the fresh one would have been.
 */
export interface CachedReadRule {
  /** One answer per signed-in user (it holds something of theirs), or one for every caller allowed in. */
  perUser: boolean;
  scopes(request: FastifyRequest, payload: unknown): readonly string[];
  /**
   * When time alone changes the answer (epoch ms); null when only a change can. `readAt` is a
   * moment before the route read anything: reckon from it and the answer expires no later than
   * it should.
   */
  expiresAt?(request: FastifyRequest, payload: unknown, readAt: number): number | null | Promise<number | null>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    cachedRead?: CachedReadRule;
  }
}

interface Entry {
  stamp: number;
  scopes: readonly string[];
  expiresAt: number | null;
  bytes: number;
  body?: string;
  bodyBytes?: number;
  etag?: string;
  /** The body as sent to a client that accepts an encoding, made the first time one asks. */
  encoded?: Partial<Record<Encoding, Buffer>>;
  value?: unknown;
}

interface Pending {
  key: string;
  stamp: number;
  readAt: number;
  scopes?: readonly string[];
  expiresAt?: number | null;
}

const pendingReads = new WeakMap<FastifyRequest, Pending>();

export interface ReadCacheOptions {
  /** Answer bodies kept, in bytes of JSON (the oldest go first). */
  maxBytes?: number;
  maxEntries?: number;
  now?: () => number;
}

/**
 * Answers of the read models, kept per process and validated by the projectors' change notices
 * (`ReadModelVersions`), so a read that nothing has changed since costs no query. Entries are
 * stamped before their read starts: a change committed while the read ran makes them stale.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly maxBytes: number;
  private readonly maxEntries: number;
  readonly clock: () => number;

  constructor(
    readonly versions: ReadModelVersions,
    options: ReadCacheOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.maxEntries = options.maxEntries ?? 50_000;
    this.clock = options.now ?? Date.now;
  }

  /** The value under `key` while fresh; otherwise loads it (and keeps it if still fresh then). */
  async memo<T>(key: string, scopes: readonly string[], load: () => Promise<T>): Promise<T> {
    const hit = this.lookup(key);
    if (hit) return hit.value as T;
    const stamp = this.versions.stamp();
    const value = await load();
    this.store(key, { stamp, scopes, expiresAt: null, bytes: 64 + key.length, value });
    return value;
  }

  lookup(key: string): Entry | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (
      (entry.expiresAt !== null && entry.expiresAt <= this.clock()) ||
      !this.versions.isFresh(entry.stamp, entry.scopes)
    ) {
      this.remove(key, entry);
      return null;
    }
    return entry;
  }

  /** The entry's body in this encoding (kept with the entry, and counted in its bytes). */
  encoded(key: string, entry: Entry, body: string, encoding: Encoding): Buffer {
    const kept = entry.encoded?.[encoding];
    if (kept) return kept;
    const bytes = compression.compress(encoding, body);
    if (this.entries.get(key) === entry) {
      (entry.encoded ??= {})[encoding] = bytes;
      entry.bytes += bytes.length;
      this.bytes += bytes.length;
      this.evict();
    }
    return bytes;
  }

  store(key: string, entry: Entry): void {
    // Read across a change: whatever it holds, the next request reads again.
    if (!this.versions.isFresh(entry.stamp, entry.scopes)) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    if (entry.bytes > this.maxBytes / 16) return;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.evict();
  }

  private evict(): void {
    for (const [oldest, evicted] of this.entries) {
      if (this.bytes <= this.maxBytes && this.entries.size <= this.maxEntries) break;
      this.remove(oldest, evicted);
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** Whether If-None-Match names this ETag (a list, weak validators, or `*`). */
function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

function setValidators(reply: FastifyReply, etag: string): void {
  // Per-user answers: no shared cache keeps them, and a browser asks again each time (a 304 then).
  void reply.header('etag', etag).header('cache-control', 'private, no-cache');
}

/**
 * Serves the GET routes that declare `config.cachedRead` from the cache, with an ETag (304 on
 * If-None-Match), and keeps their fresh 200 answers. Register before the routes.
 *
 * A client that accepts brotli or gzip (every browser) gets the kept answer in the encoding
 * @fastify/compress would have chosen, compressed once per answer rather than once per request:
 * brotli of a 16 KB message page costs about 150 µs, several times the rest of a cached read.
 *
 * The hooks take callbacks, not promises: they run on every request, and an async hook that sends
 * resolves to the reply, whose `then` makes Fastify watch the response's end (about 3 % of the
 * CPU of a read answered from memory).
 */
export function registerReadCache(app: FastifyInstance, cache: ReadCache): void {
  app.addHook('preHandler', (request, reply, done) => {
    const rule = request.routeOptions.config.cachedRead;
    if (!rule || request.method !== 'GET' || !request.userId) return done();
    const key = rule.perUser ? `${request.userId} ${request.url}` : request.url;
    const hit = cache.lookup(key);
    const body = hit?.body;
    if (hit && body !== undefined) {
      // Answered here: the route's handler does not run (no `done`).
      setValidators(reply, hit.etag!);
      if (matches(request, hit.etag!)) return void reply.code(304).send();
      void reply.type('application/json; charset=utf-8');
      const encoding = hit.bodyBytes! >= compression.threshold ? compression.negotiate(request) : null;
      if (!encoding) return void reply.send(body);
      // @fastify/compress leaves an answer that has a content-encoding as it is.
      void reply.header('vary', 'accept-encoding').header('content-encoding', encoding);
      return void reply.send(cache.encoded(key, hit, body, encoding));
    }
    pendingReads.set(request, { key, stamp: cache.versions.stamp(), readAt: cache.clock() });
    done();
  });

  app.addHook('preSerialization', (request, reply, payload, done) => {
    const pending = pendingReads.get(request);
    const rule = request.routeOptions.config.cachedRead;
    if (!pending || !rule || reply.statusCode !== 200) return done(null, payload);
    pending.scopes = rule.scopes(request, payload);
    Promise.resolve(rule.expiresAt?.(request, payload, pending.readAt)).then(
      (expiresAt) => {
        pending.expiresAt = expiresAt ?? null;
        done(null, payload);
      },
      (error: Error) => done(error),
    );
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const pending = pendingReads.get(request);
    if (!pending?.scopes || reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload);
    pendingReads.delete(request);
    const etag = etagOf(payload);
    const bodyBytes = Buffer.byteLength(payload);
    cache.store(pending.key, {
      stamp: pending.stamp,
      scopes: pending.scopes,
      expiresAt: pending.expiresAt ?? null,
      bytes: bodyBytes + pending.key.length + 64,
      body: payload,
      bodyBytes,
      etag,
    });
    setValidators(reply, etag);
    if (!matches(request, etag)) return done(null, payload);
    void reply.code(304);
    done(null, null);
  });
}
