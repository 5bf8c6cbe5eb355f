import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import { START, type Position } from '@sideline/infra';
import type { ReadModels } from '../read-models.ts';

export interface CheckpointTables {
  projection_checkpoints: {
    name: string;
    commit_position: bigint;
    prepare_position: bigint;
    updated_at: Date;
  };
}

export const checkpointMigrations: Record<string, Migration> = {
  '1000_projection_checkpoints': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('projection_checkpoints')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('commit_position', 'bigint', (c) => c.notNull())
        .addColumn('prepare_position', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
};

export async function readCheckpoint(db: Kysely<ReadModels>, name: string): Promise<Position> {
  const row = await db
    .selectFrom('projection_checkpoints')
    .select(['commit_position', 'prepare_position'])
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) } : START;
}

export async function deleteCheckpoint(db: Kysely<ReadModels>, name: string): Promise<void> {
  await db.deleteFrom('projection_checkpoints').where('name', '=', name).execute();
}

/** Another writer moved a checkpoint this runner believed it owned. */
export class CheckpointMovedError extends Error {
  constructor(readonly projector: string) {
    super(`The checkpoint of ${projector} was moved by another writer`);
    this.name = 'CheckpointMovedError';
  }
}

/**
 * Moves a checkpoint from `from` to `to`, only if it is still at `from` (compare-and-set): a
 * runner that is not the only writer (a rebuild, or a leader that lost its lock) fails here, and
 * its read-model writes in the same transaction roll back with it.
 */
export async function advanceCheckpoint(
  db: Kysely<ReadModels>,
  name: string,
  from: Position,
  to: Position,
): Promise<void> {
  const values = { commit_position: to.commit, prepare_position: to.prepare, updated_at: new Date() };
  const moved =
    from.commit === START.commit && from.prepare === START.prepare
      ? await db
          .insertInto('projection_checkpoints')
          .values({ name, ...values })
          .onConflict((oc) =>
            oc
              .column('name')
              .doUpdateSet(values)
              .where(
                sql<boolean>`(projection_checkpoints.commit_position, projection_checkpoints.prepare_position) = (${from.commit}::bigint, ${from.prepare}::bigint)`,
              ),
          )
          .returning('name')
          .executeTakeFirst()
      : (await sql<{ moved: number }>`WITH ${checkpointCte(name, from, to)} SELECT moved FROM checkpoint`.execute(db))
          .rows[0];
  if (!moved) throw new CheckpointMovedError(name);
}

/**
 * `advanceCheckpoint` for several projectors in one statement (a shared batch): each moves only
 * if it is still where its runner left it, and if any did not, none does (the caller's
 * transaction rolls back). Every one must have a checkpoint row already.
 */
export async function advanceCheckpoints(
  db: Kysely<ReadModels>,
  moves: ReadonlyArray<{ name: string; from: Position; to: Position }>,
): Promise<void> {
  if (moves.length === 0) return;
  const values = sql.join(
    moves.map(
      (m) =>
        sql`(${m.name}::text, ${m.from.commit}::bigint, ${m.from.prepare}::bigint, ${m.to.commit}::bigint, ${m.to.prepare}::bigint)`,
    ),
  );
  const { rows } = await sql<{ name: string }>`
    UPDATE projection_checkpoints AS c
       SET commit_position = v.to_commit, prepare_position = v.to_prepare, updated_at = now()
      FROM (VALUES ${values}) AS v(name, from_commit, from_prepare, to_commit, to_prepare)
     WHERE c.name = v.name AND c.commit_position = v.from_commit AND c.prepare_position = v.from_prepare
 RETURNING c.name`.execute(db);
  if (rows.length !== moves.length) {
    const moved = new Set(rows.map((r) => r.name));
    throw new CheckpointMovedError(moves.find((m) => !moved.has(m.name))!.name);
  }
}

/**
 * The compare-and-set of an existing checkpoint as a CTE named `checkpoint`: one row when the
 * checkpoint was still at `from` and moved to `to`. `advanceCheckpoint` runs it alone; a
 * projector's single statement carries it (see `Projector.applyAsOneStatement`).
 */
export function checkpointCte(name: string, from: Position, to: Position): RawBuilder<unknown> {
  return sql`checkpoint AS (
    UPDATE projection_checkpoints
       SET commit_position = ${to.commit}::bigint, prepare_position = ${to.prepare}::bigint, updated_at = now()
     WHERE name = ${name} AND commit_position = ${from.commit}::bigint AND prepare_position = ${from.prepare}::bigint
 RETURNING 1 AS moved)`;
}
