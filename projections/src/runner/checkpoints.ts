import { sql, type Kysely, type Migration } from 'kysely';
import { START, type Position } from '@sideline/infra';

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

export async function readCheckpoint(db: Kysely<any>, name: string): Promise<Position> {
  const row = await (db as Kysely<CheckpointTables>)
    .selectFrom('projection_checkpoints')
    .select(['commit_position', 'prepare_position'])
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) } : START;
}

export async function deleteCheckpoint(db: Kysely<any>, name: string): Promise<void> {
  await (db as Kysely<CheckpointTables>).deleteFrom('projection_checkpoints').where('name', '=', name).execute();
}

export async function writeCheckpoint(db: Kysely<any>, name: string, position: Position): Promise<void> {
  await (db as Kysely<CheckpointTables>)
    .insertInto('projection_checkpoints')
    .values({ name, commit_position: position.commit, prepare_position: position.prepare, updated_at: new Date() })
    // Monotonic: a periodic flush racing a projector's own commit can never move it backwards.
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({
          commit_position: position.commit,
          prepare_position: position.prepare,
          updated_at: new Date(),
        })
        .where(
          sql<boolean>`(projection_checkpoints.commit_position, projection_checkpoints.prepare_position) < (${position.commit}::bigint, ${position.prepare}::bigint)`,
        ),
    )
    .execute();
}
