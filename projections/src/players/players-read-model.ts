import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The roster with its history. A link or a team role is a period: `valid_from` is when the event
 * that began it occurred, `valid_to` when the event that ended it occurred (null: still true).
 * The current roster is the open periods; the roster at a moment is the periods that cover it,
 * so a later change closes a period and never rewrites an earlier answer. Each period's key is
 * the id of the event that opened it.
 */
export interface PlayersTables {
  players: {
    id: string;
    team_id: string;
    name: string;
    jersey_number: string | null;
    added_by: string;
    added_at: Date;
  };
  player_guardians: {
    id: string;
    player_id: string;
    team_id: string;
    user_id: string;
    invitation_id: string | null;
    valid_from: Date;
    valid_to: Date | null;
  };
  player_accounts: {
    id: string;
    player_id: string;
    team_id: string;
    user_id: string;
    invitation_id: string | null;
    valid_from: Date;
    valid_to: Date | null;
  };
  team_member_periods: {
    id: string;
    team_id: string;
    user_id: string;
    assigned_role: string;
    joined_at: Date;
    valid_from: Date;
    valid_to: Date | null;
  };
}

const periodTable = (db: Kysely<any>, name: string) =>
  db.schema
    .createTable(name)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('valid_from', 'timestamptz', (c) => c.notNull())
    .addColumn('valid_to', 'timestamptz');

export const playersMigrations: Record<string, Migration> = {
  '1100_players_roster': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('players')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('jersey_number', 'text')
        .addColumn('added_by', 'text', (c) => c.notNull())
        .addColumn('added_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('players_team_idx').on('players').columns(['team_id', 'added_at']).execute();

      await periodTable(db, 'player_guardians')
        .addColumn('player_id', 'text', (c) => c.notNull())
        .addColumn('invitation_id', 'text')
        .execute();
      await db.schema
        .createIndex('player_guardians_team_idx')
        .on('player_guardians')
        .columns(['team_id', 'valid_from'])
        .execute();
      // "Which children is this guardian linked to?"
      await db.schema.createIndex('player_guardians_user_idx').on('player_guardians').column('user_id').execute();

      await periodTable(db, 'player_accounts')
        .addColumn('player_id', 'text', (c) => c.notNull())
        .addColumn('invitation_id', 'text')
        .execute();
      await db.schema
        .createIndex('player_accounts_team_idx')
        .on('player_accounts')
        .columns(['team_id', 'valid_from'])
        .execute();

      await periodTable(db, 'team_member_periods')
        .addColumn('assigned_role', 'text', (c) => c.notNull())
        .addColumn('joined_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('team_member_periods_team_idx')
        .on('team_member_periods')
        .columns(['team_id', 'valid_from'])
        .execute();
    },
  },
  // A team's deletion ends its members' roles (the projector now closes them on TeamDeleted):
  // the roles in teams deleted so far end at their deletion, so that no rebuild is needed.
  '1930_member_periods_of_deleted_teams': {
    async up(db: Kysely<any>) {
      await sql`
        UPDATE team_member_periods p SET valid_to = t.deleted_at
        FROM teams t
        WHERE t.id = p.team_id AND t.deleted_at IS NOT NULL AND p.valid_to IS NULL`.execute(db);
    },
  },
};
