import { sql, type Generated, type Kysely, type Migration } from 'kysely';
import { holdDeactivatedMemberships, recountMembers } from './deactivated-memberships.ts';

export interface TeamsTables {
  teams: {
    id: string;
    name: string;
    sport: string | null;
    age_group: string | null;
    is_indie: boolean;
    org_id: string | null;
    coach_id: string | null;
    creator_id: string;
    code: string | null;
    member_count: number;
    created_at: Date;
    /** An organization team's season (added by `1081_teams_season`). */
    season_id: Generated<string | null>;
    /** The zone the team's events are scheduled in (added by `1082_teams_time_zone`). */
    time_zone: Generated<string | null>;
    /** When an org admin deleted the team (added by `1900_teams_deleted_at`): kept for its history, out of every list. */
    deleted_at: Generated<Date | null>;
    /** When members are reminded of answers they owe (added by `1985_teams_reminders`). */
    reminders: Generated<string>;
  };
  /** Who has access to the team now: every membership check reads this table. */
  team_members: {
    team_id: string;
    user_id: string;
    assigned_role: string;
    joined_at: Date;
  };
  /**
   * Memberships of an organization's teams held while that organization has deactivated the
   * member: out of `team_members` (so out of every read, write and socket room), kept with their
   * role and join date for a reactivation to give back.
   */
  deactivated_team_members: {
    team_id: string;
    user_id: string;
    assigned_role: string;
    joined_at: Date;
  };
  /** Who each organization has deactivated, so that a membership made meanwhile is held too. */
  deactivated_org_members: {
    org_id: string;
    user_id: string;
  };
}

export const teamsMigrations: Record<string, Migration> = {
  '1002_teams': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('teams')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sport', 'text')
        .addColumn('age_group', 'text')
        .addColumn('is_indie', 'boolean', (c) => c.notNull())
        .addColumn('org_id', 'text')
        .addColumn('coach_id', 'text')
        .addColumn('creator_id', 'text', (c) => c.notNull())
        .addColumn('code', 'text')
        .addColumn('member_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('teams_org_idx').on('teams').column('org_id').execute();
      await db.schema
        .createTable('team_members')
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('assigned_role', 'text', (c) => c.notNull())
        .addColumn('joined_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('team_members_pkey', ['team_id', 'user_id'])
        .execute();
      // "Which teams is this user in?" is on every request's authorisation path.
      await db.schema.createIndex('team_members_user_idx').on('team_members').columns(['user_id', 'team_id']).execute();
    },
  },
  '1003_team_member_roles': {
    // Code joins were projected as 'member' before team roles existed; the projector now reads
    // those events as 'other' (upcastAssignedRole), so existing rows say the same.
    async up(db: Kysely<any>) {
      await db
        .updateTable('team_members')
        .set({ assigned_role: 'other' })
        .where('assigned_role', '=', 'member')
        .execute();
    },
  },
  // Teams got a zone of their own for their events (null: the organization's).
  '1082_teams_time_zone': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('teams').addColumn('time_zone', 'text').execute();
    },
  },
  // Reminders of unanswered events: every team starts with both (48 h and 24 h before).
  '1985_teams_reminders': {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('teams')
        .addColumn('reminders', 'text', (c) => c.notNull().defaultTo('48h+24h'))
        .execute();
    },
  },
  // A deleted team keeps its row (matches, messages and the audit still name it) but leaves every list.
  '1900_teams_deleted_at': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('teams').addColumn('deleted_at', 'timestamptz').execute();
    },
  },
  // A deactivation ends access to the deactivating organization's teams only (it used to refuse
  // sign-in instead): memberships of the people deactivated so far are held, as the projector
  // now holds them, so that no rebuild is needed for their access to end.
  '1910_deactivated_team_members': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('deactivated_team_members')
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('assigned_role', 'text', (c) => c.notNull())
        .addColumn('joined_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('deactivated_team_members_pkey', ['team_id', 'user_id'])
        .execute();
      // A reactivation gives back one person's memberships.
      await db.schema
        .createIndex('deactivated_team_members_user_idx')
        .on('deactivated_team_members')
        .columns(['user_id', 'team_id'])
        .execute();
      await db.schema
        .createTable('deactivated_org_members')
        .addColumn('org_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('deactivated_org_members_pkey', ['org_id', 'user_id'])
        .execute();
      await sql`INSERT INTO deactivated_org_members (org_id, user_id)
        SELECT org_id, user_id FROM org_deactivations`.execute(db);
      await recountMembers(db, await holdDeactivatedMemberships(db));
    },
  },
};
