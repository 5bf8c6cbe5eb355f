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
    /** The roster says the player is an adult now (PlayerAdultSet). */
    adult: boolean;
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
  /** The organization of each organization's team (TeamCreated): whose deactivation ends a role in it. */
  roster_team_orgs: {
    team_id: string;
    org_id: string;
  };
  /** Whom each organization has deactivated now (OrgMemberDeactivated, until OrgMemberReactivated). */
  roster_deactivations: {
    org_id: string;
    user_id: string;
  };
  /**
   * The roles of people deactivated by the team's organization: not held while deactivated (their
   * period ended at the deactivation), given back as a new period at the reactivation. A role
   * assigned meanwhile replaces the one kept here.
   */
  held_member_roles: {
    team_id: string;
    user_id: string;
    assigned_role: string;
    joined_at: Date;
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
  // A deactivation ends the person's roles in the organization's teams (the projector now closes
  // them at the deactivation and opens them again at the reactivation). For the people deactivated
  // now, their open roles end at their deactivation here and are kept for the reactivation. A
  // deactivation already undone is no longer in any read model: `npm run projections:rebuild --
  // roster` replays it from the log, when that history matters.
  '1960_roster_deactivations': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('roster_team_orgs')
        .addColumn('team_id', 'text', (c) => c.primaryKey())
        .addColumn('org_id', 'text', (c) => c.notNull())
        .execute();
      // A deactivation's teams.
      await db.schema
        .createIndex('roster_team_orgs_org_idx')
        .on('roster_team_orgs')
        .columns(['org_id', 'team_id'])
        .execute();
      await db.schema
        .createTable('roster_deactivations')
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('roster_deactivations_pkey', ['org_id', 'user_id'])
        .execute();
      await db.schema
        .createTable('held_member_roles')
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('assigned_role', 'text', (c) => c.notNull())
        .addColumn('joined_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('held_member_roles_pkey', ['team_id', 'user_id'])
        .execute();
      // A reactivation gives back one person's roles.
      await db.schema
        .createIndex('held_member_roles_user_idx')
        .on('held_member_roles')
        .columns(['user_id', 'team_id'])
        .execute();
      await sql`INSERT INTO roster_team_orgs (team_id, org_id) SELECT id, org_id FROM teams WHERE org_id IS NOT NULL`.execute(
        db,
      );
      await sql`INSERT INTO roster_deactivations (org_id, user_id) SELECT org_id, user_id FROM org_deactivations`.execute(
        db,
      );
      await sql`
        WITH closed AS (
          UPDATE team_member_periods p SET valid_to = GREATEST(p.valid_from, d.at)
          FROM roster_team_orgs o, org_deactivations d
          WHERE o.team_id = p.team_id AND d.org_id = o.org_id AND d.user_id = p.user_id AND p.valid_to IS NULL
          RETURNING p.team_id, p.user_id, p.assigned_role, p.joined_at)
        INSERT INTO held_member_roles (team_id, user_id, assigned_role, joined_at)
        SELECT team_id, user_id, assigned_role, joined_at FROM closed
        ON CONFLICT (team_id, user_id) DO NOTHING`.execute(db);
    },
  },
  // The roster's adult marker: an adult player's own account answers their consents.
  '1992_players_adult': {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('players')
        .addColumn('adult', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
    },
  },
};
