import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './port.ts';
import { pgliteParsers } from './pglite-type-parsers.ts';
import { PgliteWorkerClient, type PgliteLike } from './pglite-worker-client.ts';
import { PgliteWorkerDialect } from './pglite-worker-dialect.ts';

export interface PgliteDatabaseOptions {
  /** Persist under `${dataDir}/pglite`; in memory when absent. */
  dataDir?: string;
  /** Start from a `dumpDataDir()` tarball instead of an empty cluster. */
  loadDataDir?: Blob | File;
  /**
   * `worker`: PGlite runs in a worker thread of its own (pglite-worker-client.ts), so its work
   * runs beside the main thread's sockets and HTTP instead of between them. The server runs it
   * so; tests default to the main thread.
   */
  thread?: 'main' | 'worker';
}

export interface PgliteDatabase extends Database {
  readonly kind: 'pglite';
  readonly pglite: PgliteLike;
}

/**
 * PGlite's own start parameters, and:
 * - a smaller buffer pool than PostgreSQL's 128 MB. The pages it would keep are in memory already
 *   (PGlite's in-memory file system, or the OS's page cache under dataDir), and PostgreSQL touches
 *   its whole pool at start, so every MB of it is a MB of the server's RSS from the first moment.
 *   128 MB cost the embedded chat bench's server 70–110 MB of RSS, and 32 MB 16 MB more than
 *   16 MB, with no latency the bench could measure either time. 8 MB began to cost CPU (pages read
 *   back from the file system);
 * - new WAL segments created at their size, not written full of zeros first. PGlite is one
 *   session, so the statement that crossed into a new 16 MB segment held every other for the
 *   zeroing: 70–110 ms under chat load, the slowest moment of a run. The zeros only reserve disk
 *   space ahead of a later fsync, and PGlite runs with fsync off.
 * (docs/performance.md, Chat.)
 */
export const pgliteStartParams: readonly string[] = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'wal_init_zero=off',
];

export async function createPgliteDatabase(options: PgliteDatabaseOptions = {}): Promise<PgliteDatabase> {
  let dataDir: string | undefined;
  if (options.dataDir !== undefined) {
    dataDir = path.join(options.dataDir, 'pglite');
    await mkdir(dataDir, { recursive: true });
  }
  const pglite: PgliteLike =
    options.thread === 'worker'
      ? await PgliteWorkerClient.create({
          startParams: pgliteStartParams,
          ...(dataDir !== undefined && { dataDir }),
          ...(options.loadDataDir !== undefined && { loadDataDir: options.loadDataDir }),
        })
      : await PGlite.create({
          startParams: [...pgliteStartParams],
          ...(dataDir !== undefined && { dataDir }),
          ...(options.loadDataDir !== undefined && { loadDataDir: options.loadDataDir }),
          parsers: pgliteParsers,
        });
  // PGlite is one session. On the main thread the dialect queues callers and hands the session to
  // one kysely transaction at a time, so every statement must go through kysely: a statement sent
  // straight to PGlite while another caller holds a transaction open would run inside it. In the
  // worker, the worker itself keeps every other request out of an open transaction.
  const db = new Kysely<any>({
    dialect:
      pglite instanceof PgliteWorkerClient ? new PgliteWorkerDialect(pglite) : new PGliteDialect(pglite as PGlite),
  });
  let closing: Promise<void> | undefined;

  return {
    kind: 'pglite',
    db,
    pglite,
    async listen(channel, handler) {
      // LISTEN is transactional: take the connection through the queue so it is not issued (and
      // possibly rolled back) inside someone else's open transaction.
      const unlisten = await db.connection().execute(() => pglite.listen(channel, handler));
      return async () => {
        if (closing || pglite.closed) return;
        await db.connection().execute(() => unlisten());
      };
    },
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    close() {
      // Destroying the kysely instance waits for queued queries and closes PGlite, but only if
      // kysely ever opened a connection: close PGlite ourselves too, as an open instance keeps
      // Node alive.
      closing ??= db.destroy().then(async () => {
        if (!pglite.closed) await pglite.close();
      });
      return closing;
    },
  };
}
