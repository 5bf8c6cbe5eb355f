import { sql } from 'kysely';
import type { Logger } from '../logger.ts';
import type { Database } from './port.ts';

/**
 * PGlite has no autovacuum, so without this the planner never learns how big the read models
 * are and picks scans and sorts that get slower as a club's history grows. ANALYZE samples each
 * table (milliseconds on small data) soon after start and then periodically.
 */
export function scheduleEmbeddedMaintenance(
  database: Database,
  logger: Logger,
  options: { firstAfterMs?: number; everyMs?: number } = {},
): () => void {
  if (database.kind !== 'pglite') return () => {};
  const run = async () => {
    const started = performance.now();
    try {
      await sql`ANALYZE`.execute(database.db);
      logger.debug({ ms: Math.round(performance.now() - started) }, 'embedded database analyzed');
    } catch (error) {
      logger.warn({ err: error }, 'embedded database ANALYZE failed');
    }
  };
  const first = setTimeout(() => void run(), options.firstAfterMs ?? 30_000);
  const every = setInterval(() => void run(), options.everyMs ?? 15 * 60_000);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
