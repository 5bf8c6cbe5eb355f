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

export interface RewardsTables {
  reward_grants: RewardGrantsTable;
  reward_counters: RewardCountersTable;
  user_badges: UserBadgesTable;
  user_rewards: UserRewardsTable;
  reward_seen: RewardSeenTable;
}

export const rewardsMigrations: Record<string, Migration> = {
  // The game recap reads the calendar's own occurrences and RSVPs now: its copy of them (which
  // knew no series' occurrences) goes, with its projector's checkpoint. (Listed first, applied
  // after 1060 like every migration: by name.)
  '1065_recap_view_dropped': {
    async up(db: Kysely<any>) {
      await sql`DROP TABLE IF EXISTS recap_rsvps`.execute(db);
      await sql`DROP TABLE IF EXISTS recap_events`.execute(db);
      await sql`DELETE FROM projection_checkpoints WHERE name = 'recap-events'`.execute(db);
    },
  },
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
  // The users row carries a copy of the streak for GET /api/user; without its last day it could
  // not decay there as it does on GET /api/rewards/me. Written by the rewards projector.
  '1061_users_streak_day': {
    async up(db: Kysely<any>) {
      await sql`ALTER TABLE users ADD COLUMN streak_day text`.execute(db);
      await sql`UPDATE users SET streak_day = r.last_day FROM user_rewards r WHERE r.user_id = users.id`.execute(db);
    },
  },
};
