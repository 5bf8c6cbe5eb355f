import { randomBytes } from 'node:crypto';
import type { Kysely, Migration } from 'kysely';
import { generateTeamCode } from '@sideline/domain';

/**
 * Join codes are reserved in an ordinary table before the TeamCreated event is appended, so two
 * teams can never share a code (a read-model unique index would only fail later, in a projector).
 */
export interface TeamCodeTables {
  team_codes: { code: string; team_id: string };
}

export const teamCodeMigrations: Record<string, Migration> = {
  '2002_team_codes': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('team_codes')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('team_id', 'text', (c) => c.notNull().unique())
        .execute();
    },
  },
};

export async function reserveTeamCode(database: Kysely<TeamCodeTables>, teamId: string): Promise<string> {
  const db = database;
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = generateTeamCode((n) => randomBytes(n));
    const result = await db
      .insertInto('team_codes')
      .values({ code, team_id: teamId })
      .onConflict((oc) => oc.column('code').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 1) return code;
  }
  throw new Error('Could not find a free team code');
}

/** Reserves a code someone chose; false when another team has it. */
export async function reserveChosenTeamCode(
  database: Kysely<TeamCodeTables>,
  teamId: string,
  code: string,
): Promise<boolean> {
  const result = await database
    .insertInto('team_codes')
    .values({ code, team_id: teamId })
    .onConflict((oc) => oc.column('code').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function releaseTeamCode(database: Kysely<TeamCodeTables>, teamId: string): Promise<void> {
  await database.deleteFrom('team_codes').where('team_id', '=', teamId).execute();
}

export async function teamIdForCode(database: Kysely<TeamCodeTables>, code: string): Promise<string | null> {
  const row = await database.selectFrom('team_codes').select('team_id').where('code', '=', code).executeTakeFirst();
  return row?.team_id ?? null;
}
