import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { scheduleEmbeddedMaintenance } from './embedded-maintenance.ts';
import { createPgliteDatabase } from './pglite-database.ts';

describe('embedded maintenance (PGlite has no autovacuum)', () => {
  // A fresh PGlite (initdb) starts in 3 s when the machine is idle, 30–60 s on a busy 2-core one.
  it('gives the planner row counts for the read models soon after start', { timeout: 120_000 }, async () => {
    const database = await createPgliteDatabase({});
    try {
      await sql`CREATE TABLE things AS SELECT g AS id FROM generate_series(1, 5000) g`.execute(database.db);
      const reltuples = async () =>
        (
          await sql<{ n: number }>`SELECT reltuples::int AS n FROM pg_class WHERE relname = 'things'`.execute(
            database.db,
          )
        ).rows[0]!.n;
      expect(await reltuples()).toBeLessThanOrEqual(0);

      const stop = scheduleEmbeddedMaintenance(database, createLogger({ level: 'silent' }), { firstAfterMs: 10 });
      await expect.poll(reltuples, { timeout: 5000 }).toBe(5000);
      stop();
    } finally {
      await database.close();
    }
  });
});
