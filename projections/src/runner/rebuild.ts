import { sql, type Kysely } from 'kysely';
import type { Bus, Database, EventStore, Logger, Position } from '@sideline/infra';
import { deleteCheckpoint } from './checkpoints.ts';
import type { Projector } from './projector.ts';
import { ProjectionRunner } from './projection-runner.ts';
import type { ReadModels } from '../read-models.ts';

/**
 * Rebuilds read models from the event log: empties the projectors' tables, forgets their
 * checkpoints and replays `$all` up to the current head. Run it while no other runner applies
 * the same projectors (the app stopped, or its projector role paused).
 */
export async function rebuildProjections(options: {
  database: Database;
  eventStore: EventStore;
  bus: Bus;
  logger: Logger;
  projectors: readonly Projector[];
  /** Replay up to here (default: the head of the log as consumers see it now). */
  until?: Position;
}): Promise<{ projectors: string[]; ms: number }> {
  const started = performance.now();
  const { database, projectors } = options;
  const db: Kysely<ReadModels> = database.db;
  await db.transaction().execute(async (trx) => {
    for (const projector of projectors) {
      for (const table of projector.tables) await sql`TRUNCATE TABLE ${sql.table(table)} CASCADE`.execute(trx);
      await deleteCheckpoint(trx, projector.name);
    }
  });
  const head = options.until ?? (await options.eventStore.headPosition());
  const runner = new ProjectionRunner({ ...options, checkpointFlushMs: 60_000 });
  await runner.start();
  try {
    await runner.waitUntil(head, 10 * 60_000);
  } finally {
    await runner.stop();
  }
  const failed = runner.status().filter((s) => s.state === 'failed');
  if (failed.length > 0) throw new Error(`Rebuild failed: ${failed.map((f) => `${f.name}: ${f.error}`).join('; ')}`);
  return { projectors: projectors.map((p) => p.name), ms: Math.round(performance.now() - started) };
}
