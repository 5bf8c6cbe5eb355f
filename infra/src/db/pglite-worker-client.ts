import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import { tuneV8ForEmbeddedDatabase } from './embedded-v8-flags.ts';

/**
 * The part of PGlite Sideline uses (the kysely dialect's `query`, the append's `exec`, LISTEN,
 * dumps and close), served by PGlite running in a worker thread (pglite-worker.mjs).
 *
 * Embedded mode keeps everything in one process. With PGlite on the main thread, its WASM work
 * (about 60 % of the CPU under chat load) ran between the socket frames, so every message waited
 * behind every other message's database work. In its own thread the database works while the
 * main thread parses frames and fans messages out; a statement costs a message each way.
 *
 * Requests go in order and the worker runs them in order. The worker, not the main thread, keeps
 * one transaction at a time on the session (pglite-worker-dialect.ts).
 */
export interface PgliteLike {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Results<T>>;
  exec(text: string): Promise<Array<Results>>;
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression?: 'auto' | 'gzip' | 'none'): Promise<Blob>;
  close(): Promise<void>;
  readonly closed: boolean;
}

interface Reply {
  id: number;
  ok: boolean;
  value?: unknown;
  error?: Record<string, unknown> & { message: string };
}

/** An error from the worker, with PostgreSQL's fields (`code`, `constraint`, …) as PGlite has them. */
function revive(plain: Record<string, unknown> & { message: string }): Error {
  const error = new Error(plain.message);
  Object.assign(error, plain);
  return error;
}

export class PgliteWorkerClient implements PgliteLike {
  private nextId = 0;
  private nextListenId = 0;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private failure: Error | null = null;
  private closing: Promise<void> | null = null;
  private ended = false;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: Reply | { listenId: number; payload: string }) => {
      if ('listenId' in message) {
        this.listeners.get(message.listenId)?.(message.payload);
        return;
      }
      const waiter = this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id);
      if (message.ok) waiter.resolve(message.value);
      else waiter.reject(revive(message.error!));
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      this.ended = true;
      for (const waiter of this.pending.values()) waiter.reject(this.failure);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The embedded database's thread stopped (exit code ${code})`)));
  }

  /** Starts the worker and waits until its PGlite is open (or fails as PGlite.create would). */
  static async create(options: {
    dataDir?: string;
    loadDataDir?: Blob;
    startParams: readonly string[];
  }): Promise<PgliteWorkerClient> {
    const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    tuneV8ForEmbeddedDatabase();
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir: options.dataDir, loadDataDir, startParams: options.startParams },
      ...(loadDataDir ? { transferList: [loadDataDir] } : {}),
      // Not tsx's or vitest's loaders: the worker is plain JavaScript.
      execArgv: [],
    });
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`The embedded database's thread stopped (exit code ${code})`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      worker.once('message', (message: { ready: boolean; error?: Reply['error'] }) => {
        worker.off('error', reject);
        worker.off('exit', onExit);
        if (message.ready) resolve();
        else {
          void worker.terminate();
          reject(revive(message.error ?? { message: 'PGlite did not start' }));
        }
      });
    });
    return new PgliteWorkerClient(worker);
  }

  get closed(): boolean {
    return this.ended;
  }

  /**
   * A request on behalf of one kysely connection (`conn`; see pglite-worker.mjs for how the worker
   * keeps other requests out of that connection's transaction).
   */
  onConnection<T>(conn: number, op: 'query' | 'commit' | 'rollback', payload: Record<string, unknown> = {}) {
    return this.request<T>(op, { conn, ...payload });
  }

  /** The connection is done: the worker lets others in should its transaction still be open. */
  release(conn: number): void {
    if (!this.ended) this.worker.postMessage({ op: 'release', conn });
  }

  private request<T>(op: string, payload: Record<string, unknown> = {}): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.ended) return Promise.reject(new Error('PGlite is closed'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ id, op, ...payload });
    });
  }

  query<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<Results<T>> {
    return this.request('query', { text, params });
  }

  exec(text: string): Promise<Array<Results>> {
    return this.request('exec', { text });
  }

  async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    const listenId = this.nextListenId++;
    this.listeners.set(listenId, handler);
    await this.request('listen', { listenId, channel });
    return async () => {
      this.listeners.delete(listenId);
      if (!this.ended) await this.request('unlisten', { listenId });
    };
  }

  async dumpDataDir(compression: 'auto' | 'gzip' | 'none' = 'gzip'): Promise<Blob> {
    const bytes = await this.request<Uint8Array>('dump', { compression });
    return new Blob([bytes]);
  }

  /**
   * An uncompressed dump for a backup, taken between transactions after a CHECKPOINT. Compressing
   * is left to the caller: the database waits while the worker dumps, and tar is fast; gzip is not.
   */
  dumpForBackup(): Promise<Uint8Array> {
    return this.request<Uint8Array>('dump', { compression: 'none', checkpoint: true });
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      if (!this.ended) await this.request('close').catch(() => undefined);
      this.ended = true;
      await this.worker.terminate();
    })();
    return this.closing;
  }
}
