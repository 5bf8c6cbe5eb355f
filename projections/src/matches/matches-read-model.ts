import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Stat values and scores are kept in whole hundredths (values are entered in steps of 0.01), so
 * sums are exact and both drivers return the same numbers.
 */
export interface MatchesTables {
  matches: {
    id: string;
    /** Null for an independent team's match (added nullable by `1122_matches_opponents`). */
    season_id: string | null;
    org_id: string | null;
    sport_id: string;
    status: string;
    start_time: Date;
    location: string | null;
    format: string | null;
    team_a_id: string;
    /** Null when the other side is an opponent outside Sideline (`opponent_name`). */
    team_b_id: string | null;
    opponent_name: string | null;
    score_a_h: number | string;
    score_b_h: number | string;
    winner_id: string | null;
    /** teamA, teamB or opponent once complete (null on a tie). */
    winner_side: string | null;
    participant_count: number;
    started_at: Date | null;
    ended_at: Date | null;
    created_by: string;
    created_at: Date;
  };
  match_participants: {
    id: string;
    match_id: string;
    /** The ParticipantAdded's revision: lineup order. */
    seq: number;
    user_id: string | null;
    player_id: string | null;
    name: string;
    team_id: string;
    position_id: string | null;
    is_starter: boolean;
    on_field: boolean;
  };
  /** Surviving stats, as they stand after their corrections. */
  match_stats: {
    id: string;
    match_id: string;
    season_id: string | null;
    /** Null for the opponent's stats (side `opponent`), as is `team_id`. */
    participant_id: string | null;
    user_id: string | null;
    player_id: string | null;
    team_id: string | null;
    side: string;
    stat_type: string;
    value_h: number;
    context: string | null;
    recorded_at: Date;
    amended: boolean;
    /** The StatRecorded's revision: recording order. */
    seq: number;
  };
  /**
   * Every stat event of a match in log order, corrections and retractions included: the match
   * page's timeline (`match_stats` keeps only what stands).
   */
  match_timeline: {
    match_id: string;
    /** The event's revision in the match's stream. */
    seq: number;
    kind: string;
    stat_id: string;
    side: string;
    team_id: string | null;
    participant_id: string | null;
    /** The player's name when recorded (null for the opponent). */
    player_name: string | null;
    stat_type: string;
    value_h: number;
    previous_value_h: number | null;
    reason: string | null;
    at: Date;
    by: string;
  };
  /**
   * The playing-time ledger: one row per stretch a participant spent on the field, with the match
   * events that began and ended it (a parent can see how a figure was computed).
   */
  match_segments: {
    match_id: string;
    participant_id: string;
    from_at: Date;
    to_at: Date | null;
    position_id: string | null;
    started_by_type: string;
    started_by_revision: number;
    ended_by_type: string | null;
    ended_by_revision: number | null;
  };
}

export const matchesMigrations: Record<string, Migration> = {
  '1120_matches': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('matches')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('season_id', 'text', (c) => c.notNull())
        .addColumn('org_id', 'text')
        .addColumn('sport_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('start_time', 'timestamptz', (c) => c.notNull())
        .addColumn('location', 'text')
        .addColumn('format', 'text')
        .addColumn('team_a_id', 'text', (c) => c.notNull())
        .addColumn('team_b_id', 'text', (c) => c.notNull())
        .addColumn('score_a_h', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('score_b_h', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('winner_id', 'text')
        .addColumn('participant_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('started_at', 'timestamptz')
        .addColumn('ended_at', 'timestamptz')
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      // A member's matches are those of their teams; an admin's, those of their organizations.
      await db.schema.createIndex('matches_team_a_idx').on('matches').columns(['team_a_id', 'start_time']).execute();
      await db.schema.createIndex('matches_team_b_idx').on('matches').columns(['team_b_id', 'start_time']).execute();
      await db.schema.createIndex('matches_season_idx').on('matches').columns(['season_id', 'start_time']).execute();
      await db.schema.createIndex('matches_org_idx').on('matches').columns(['org_id', 'start_time']).execute();
      await db.schema
        .createTable('match_participants')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('match_id', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('player_id', 'text')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('position_id', 'text')
        .addColumn('is_starter', 'boolean', (c) => c.notNull())
        .addColumn('on_field', 'boolean', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('match_participants_match_idx')
        .on('match_participants')
        .columns(['match_id', 'seq'])
        .execute();
      await db.schema
        .createTable('match_stats')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('match_id', 'text', (c) => c.notNull())
        .addColumn('season_id', 'text', (c) => c.notNull())
        .addColumn('participant_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('player_id', 'text')
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('stat_type', 'text', (c) => c.notNull())
        .addColumn('value_h', 'integer', (c) => c.notNull())
        .addColumn('context', 'text')
        .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
        .addColumn('amended', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('match_stats_match_idx').on('match_stats').columns(['match_id', 'seq']).execute();
      // Season totals and leaderboards.
      await db.schema
        .createIndex('match_stats_season_idx')
        .on('match_stats')
        .columns(['season_id', 'stat_type'])
        .execute();
      await db.schema
        .createTable('match_segments')
        .addColumn('match_id', 'text', (c) => c.notNull())
        .addColumn('participant_id', 'text', (c) => c.notNull())
        .addColumn('from_at', 'timestamptz', (c) => c.notNull())
        .addColumn('to_at', 'timestamptz')
        .addColumn('position_id', 'text')
        .addColumn('started_by_type', 'text', (c) => c.notNull())
        .addColumn('started_by_revision', 'integer', (c) => c.notNull())
        .addColumn('ended_by_type', 'text')
        .addColumn('ended_by_revision', 'integer')
        .addPrimaryKeyConstraint('match_segments_pkey', ['match_id', 'participant_id', 'started_by_revision'])
        .execute();
      await sql`CREATE INDEX match_segments_open_idx ON match_segments (match_id) WHERE to_at IS NULL`.execute(db);
    },
  },
  // Opponents outside Sideline and independent teams' season-less matches; sides on stats and
  // results; the timeline. The read model is emptied and its checkpoint dropped, so the projector
  // replays the match streams and fills the new columns and the timeline from the log.
  '1122_matches_opponents': {
    async up(db: Kysely<any>) {
      for (const table of ['match_segments', 'match_stats', 'match_participants', 'matches']) {
        await sql`DELETE FROM ${sql.table(table)}`.execute(db);
      }
      await sql`DELETE FROM projection_checkpoints WHERE name = 'matches'`.execute(db);
      await sql`ALTER TABLE matches ALTER COLUMN season_id DROP NOT NULL, ALTER COLUMN team_b_id DROP NOT NULL,
                ADD COLUMN opponent_name text, ADD COLUMN winner_side text`.execute(db);
      await sql`ALTER TABLE match_stats ALTER COLUMN season_id DROP NOT NULL,
                ALTER COLUMN participant_id DROP NOT NULL, ALTER COLUMN team_id DROP NOT NULL,
                ADD COLUMN side text NOT NULL`.execute(db);
      // "Live now": an organization's matches in progress.
      await sql`CREATE INDEX matches_in_progress_idx ON matches (org_id, start_time) WHERE status = 'in_progress'`.execute(
        db,
      );
      await db.schema
        .createTable('match_timeline')
        .addColumn('match_id', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('stat_id', 'text', (c) => c.notNull())
        .addColumn('side', 'text', (c) => c.notNull())
        .addColumn('team_id', 'text')
        .addColumn('participant_id', 'text')
        .addColumn('player_name', 'text')
        .addColumn('stat_type', 'text', (c) => c.notNull())
        .addColumn('value_h', 'integer', (c) => c.notNull())
        .addColumn('previous_value_h', 'integer')
        .addColumn('reason', 'text')
        .addColumn('at', 'timestamptz', (c) => c.notNull())
        .addColumn('by', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('match_timeline_pkey', ['match_id', 'seq'])
        .execute();
    },
  },
};
