import { sql, type Kysely, type Migration } from 'kysely';

/** One row per rewarded event: the history that explains every XP and dular a user has. */
export interface RewardGrantsTable {
  user_id: string;
  /** The recorded event's id. */
  event_id: string;
  action: string;
  xp: number;
  dulars: number;
  /** UTC day (YYYY-MM-DD) the grant counts against for the daily caps. */
  day: string;
  team_id: string | null;
  created_at: Date;
  /** The event's log position: a stable order (and paging cursor) that a rebuild reproduces. */
  pos_commit: string | bigint;
  pos_prepare: string | bigint;
}

/** What a user did per UTC day and action (the daily caps are checked against it). */
export interface RewardCountersTable {
  user_id: string;
  day: string;
  action: string;
  count: number;
  xp: number;
  dulars: number;
}

export interface UserBadgesTable {
  user_id: string;
  badge: string;
  earned_at: Date;
}

/** Running totals per user; `users.xp/dulars/streak` are copied from here. */
export interface UserRewardsTable {
  user_id: string;
  xp: number;
  dulars: number;
  streak: number;
  best_streak: number;
  last_day: string | null;
  messages: number;
  rsvps: number;
  rsvps_yes: number;
  uploads: number;
}

/** Keys of actions already counted (a message id, an RSVP's event occurrence, …): idempotence. */
export interface RewardSeenTable {
  user_id: string;
  key: string;
}

/** The recap's view of the calendar: events and their RSVPs (kept here, not read from calendar's tables). */
export interface RecapEventsTable {
  event_id: string;
  team_id: string;
  title: string;
  location: string;
  starts_at: Date;
  cancelled: boolean;
}

export interface RecapRsvpsTable {
  event_id: string;
  occurrence_date: string;
  user_id: string;
  status: string;
  updated_at: Date;
}

export interface RewardsTables {
  reward_grants: RewardGrantsTable;
  reward_counters: RewardCountersTable;
  user_badges: UserBadgesTable;
  user_rewards: UserRewardsTable;
  reward_seen: RewardSeenTable;
}

export interface RecapTables {
  recap_events: RecapEventsTable;
  recap_rsvps: RecapRsvpsTable;
}

export const rewardsMigrations: Record<string, Migration> = {
  '1060_rewards': {
    async up(db: Kysely<any>) {
      await sql`CREATE TABLE reward_grants (
        user_id text NOT NULL,
        event_id text NOT NULL,
        action text NOT NULL,
        xp integer NOT NULL,
        dulars integer NOT NULL,
        day text NOT NULL,
        team_id text,
        created_at timestamptz NOT NULL,
        pos_commit bigint NOT NULL,
        pos_prepare bigint NOT NULL,
        PRIMARY KEY (event_id, user_id))`.execute(db);
      // History pages, newest first, per user; a team's recent contributors.
      await sql`CREATE INDEX reward_grants_user_idx ON reward_grants (user_id, pos_commit DESC, pos_prepare DESC)`.execute(
        db,
      );
      await sql`CREATE INDEX reward_grants_team_idx ON reward_grants (team_id, created_at)`.execute(db);
      await sql`CREATE TABLE reward_counters (
        user_id text NOT NULL,
        day text NOT NULL,
        action text NOT NULL,
        count integer NOT NULL,
        xp integer NOT NULL,
        dulars integer NOT NULL,
        PRIMARY KEY (user_id, day, action))`.execute(db);
      await sql`CREATE TABLE user_badges (
        user_id text NOT NULL,
        badge text NOT NULL,
        earned_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, badge))`.execute(db);
      await sql`CREATE TABLE user_rewards (
        user_id text PRIMARY KEY,
        xp integer NOT NULL,
        dulars integer NOT NULL,
        streak integer NOT NULL,
        best_streak integer NOT NULL,
        last_day text,
        messages integer NOT NULL,
        rsvps integer NOT NULL,
        rsvps_yes integer NOT NULL,
        uploads integer NOT NULL)`.execute(db);
      await sql`CREATE TABLE reward_seen (user_id text NOT NULL, key text NOT NULL, PRIMARY KEY (user_id, key))`.execute(
        db,
      );
      await sql`CREATE TABLE recap_events (
        event_id text PRIMARY KEY,
        team_id text NOT NULL,
        title text NOT NULL,
        location text NOT NULL,
        starts_at timestamptz NOT NULL,
        cancelled boolean NOT NULL DEFAULT false)`.execute(db);
      await sql`CREATE INDEX recap_events_team_idx ON recap_events (team_id, starts_at)`.execute(db);
      await sql`CREATE TABLE recap_rsvps (
        event_id text NOT NULL,
        occurrence_date text NOT NULL,
        user_id text NOT NULL,
        status text NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (event_id, occurrence_date, user_id))`.execute(db);
    },
  },
};
