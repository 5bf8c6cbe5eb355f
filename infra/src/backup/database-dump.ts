import type { PGlite } from '@electric-sql/pglite';
import type { PgliteDatabase } from '../db/pglite-database.ts';
import { PgliteWorkerClient } from '../db/pglite-worker-client.ts';

/**
 * The embedded database as one uncompressed tarball (PGlite's `dumpDataDir`), taken between
 * transactions after a CHECKPOINT: every committed transaction is in it, none half. Events, read
 * models and their checkpoints live in this one database, so the dump is consistent across them.
 */
export async function dumpEmbeddedDatabase(database: PgliteDatabase): Promise<Uint8Array> {
  const { pglite } = database;
  if (pglite instanceof PgliteWorkerClient) return pglite.dumpForBackup();
  // On the main thread, through kysely's queue: nothing runs inside another caller's transaction.
  return database.db.connection().execute(async () => {
    const local = pglite as PGlite;
    await local.exec('CHECKPOINT');
    return new Uint8Array(await (await local.dumpDataDir('none')).arrayBuffer());
  });
}
