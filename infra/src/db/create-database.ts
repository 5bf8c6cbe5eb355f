import type { Database } from './port.ts';
import { createPgliteDatabase } from './pglite-database.ts';
import { createPostgresDatabase } from './postgres-database.ts';

export interface CreateDatabaseOptions {
  /** `postgres://…`: use a `pg` Pool on that server. Otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite persists under `${dataDir}/pglite`. */
  dataDir?: string;
  /** PGlite in memory (tests); wins over `dataDir`. */
  inMemory?: boolean;
  /** PGlite starts from this `dumpDataDir()` tarball. */
  loadDataDir?: Blob | File;
  /** `pg` pool size. */
  maxConnections?: number;
  /** PGlite's thread (see PgliteDatabaseOptions). */
  pgliteThread?: 'main' | 'worker';
}

export async function createDatabase(options: CreateDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    return createPostgresDatabase({
      databaseUrl: options.databaseUrl,
      ...(options.maxConnections !== undefined && { maxConnections: options.maxConnections }),
    });
  }
  if (!options.inMemory && options.dataDir === undefined) {
    throw new Error('createDatabase needs databaseUrl, dataDir or inMemory');
  }
  return createPgliteDatabase({
    ...(!options.inMemory && options.dataDir !== undefined && { dataDir: options.dataDir }),
    ...(options.loadDataDir !== undefined && { loadDataDir: options.loadDataDir }),
    ...(options.pgliteThread !== undefined && { thread: options.pgliteThread }),
  });
}
