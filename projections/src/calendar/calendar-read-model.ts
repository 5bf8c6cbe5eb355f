import { sql, type Generated, type Kysely, type Migration } from 'kysely';
import { lastOccurrence, LEGACY_TIME_ZONE, type Recurrence } from '@sideline/domain';

export interface CalendarTables {
  /** One row per event (a series, or a one-off). */
  calendar_events: {
    id: string;
    team_id: string;
    title: string;
    description: string;
    location: string;
    starts_at: Date;
    /** The domain's Recurrence as JSON text, or null for a one-off. */
    recurrence: string | null;
    /** The IANA zone the series repeats in ('UTC' for events recorded before zones). */
    time_zone: string;
    /** The start of the last occurrence; null for a series that never ends. */
    last_starts_at: Date | null;
    created_by: string;
    created_at: Date;
    /** Added by 1950_: the series this one was split off ("this and following events"). */
    split_from: Generated<string | null>;
    /** When the series itself last changed (any field); null: never. */
    changed_at: Generated<Date | null>;
    /** Added by 1961_: answers close this many hours before each occurrence; null: never. */
    rsvp_deadline_hours: Generated<number | null>;
    /** When the series' time or place last changed; null: never. */
    time_place_changed_at: Generated<Date | null>;
    /** That change's wall-clock shift of every occurrence (minutes) and the place before it. */
    previous_shift_minutes: Generated<number | null>;
    previous_location: Generated<string | null>;
    /** How many changes the event has had: the iCalendar SEQUENCE. */
    sequence: Generated<number>;
  };
  /**
   * Added by 1950_: one occurrence's own values (null: the series'), its cancellation, and its
   * time and place before their last change. Keyed by the occurrence's start by the rule.
   */
  calendar_occurrence_changes: {
    event_id: string;
    team_id: string;
    occurrence_date: Date;
    starts_at: Date | null;
    title: string | null;
    description: string | null;
    location: string | null;
    cancelled: boolean;
    cancel_reason: string | null;
    changed_at: Date | null;
    time_place_changed_at: Date | null;
    previous_starts_at: Date | null;
    previous_location: string | null;
  };
  /** Added by 1950_: the answers for roster players, one per occurrence and player. */
  calendar_player_rsvps: {
    event_id: string;
    occurrence_date: Date;
    player_id: string;
    team_id: string;
    /** The id of the event that first recorded this player's answer for this occurrence. */
    id: string;
    status: string;
    answered_by: string;
    updated_at: Date;
    late_change: boolean;
  };
  /** Added by 1950_: every schedule change, newest first per event (GET …/history). */
  calendar_event_history: {
    id: string;
    event_id: string;
    team_id: string;
    at: Date;
    by: string;
    scope: string;
    occurrence_date: Date | null;
    /** The change's fields from → to, as JSON text. */
    changes: string;
    reason: string | null;
  };
  calendar_rsvps: {
    event_id: string;
    occurrence_date: Date;
    user_id: string;
    /** The id of the event that first recorded this user's answer for this occurrence. */
    id: string;
    status: string;
    updated_at: Date;
    /** Added by 1702_: the answer is a change to Not Going within 24 hours of the start. */
    late_change: boolean;
    /** Added by 1950_: who gave it (null for answers recorded before: the member themself). */
    answered_by: Generated<string | null>;
  };
  /**
   * Added by 1702_: every RSVP change, never overwritten: who it is for (`user_id`), who gave it
   * (`answered_by`, the event's actor), when, what it was before, and whether it was a late
   * change to Not Going (within 24 hours of the start).
   */
  rsvp_ledger: {
    /** The RsvpRecorded event's id. */
    id: string;
    event_id: string;
    team_id: string;
    occurrence_date: Date;
    /** Null for a roster player's answer (added by 1950_). */
    user_id: string | null;
    /** Added by 1950_: the roster player the answer is for. */
    player_id: Generated<string | null>;
    answered_by: string | null;
    status: string;
    previous_status: string | null;
    recorded_at: Date;
    late: boolean;
  };
}

/** Within this long before an occurrence starts, a change to Not Going is flagged to the coaches. */
export const LATE_CHANGE_WINDOW_MS = 24 * 60 * 60_000;

export const calendarMigrations: Record<string, Migration> = {
  '1040_calendar': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('calendar_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('location', 'text', (c) => c.notNull())
        .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
        .addColumn('recurrence', 'text')
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('calendar_events_team_idx')
        .on('calendar_events')
        .columns(['team_id', 'starts_at'])
        .execute();
      await db.schema
        .createTable('calendar_occurrences')
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('calendar_occurrences_pkey', ['event_id', 'starts_at'])
        .execute();
      // Team pages (all, upcoming) are one index range scan.
      await sql`CREATE INDEX calendar_occurrences_team_idx ON calendar_occurrences (team_id, starts_at, event_id)`.execute(
        db,
      );
      await db.schema
        .createTable('calendar_rsvps')
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('occurrence_date', 'timestamptz', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('calendar_rsvps_pkey', ['event_id', 'occurrence_date', 'user_id'])
        .execute();
    },
  },
  // Occurrences are expanded on read from the series' rule, in its zone, for the range asked
  // for: a series without an end then never runs out (the materialised table stopped a year
  // after the start). Existing series were expanded in UTC and keep that zone.
  '1041_calendar_zones_and_open_series': {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('calendar_events')
        .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo(LEGACY_TIME_ZONE))
        .execute();
      await db.schema.alterTable('calendar_events').addColumn('last_starts_at', 'timestamptz').execute();
      const rows = await db.selectFrom('calendar_events').select(['id', 'starts_at', 'recurrence']).execute();
      for (const row of rows as Array<{ id: string; starts_at: Date; recurrence: string | null }>) {
        const recurrence = row.recurrence ? (JSON.parse(row.recurrence) as Recurrence) : null;
        const last = lastOccurrence(recurrence, new Date(row.starts_at), LEGACY_TIME_ZONE);
        await db.updateTable('calendar_events').set({ last_starts_at: last }).where('id', '=', row.id).execute();
      }
      await db.schema.dropTable('calendar_occurrences').execute();
      // A team's repeating series that may still have occurrences: one index range scan.
      await sql`CREATE INDEX calendar_events_series_idx ON calendar_events (team_id, last_starts_at) WHERE recurrence IS NOT NULL`.execute(
        db,
      );
    },
  },
  '1702_rsvp_ledger': {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('calendar_rsvps')
        .addColumn('late_change', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
      await db.schema
        .createTable('rsvp_ledger')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('occurrence_date', 'timestamptz', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('answered_by', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('previous_status', 'text')
        .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
        .addColumn('late', 'boolean', (c) => c.notNull())
        .execute();
      // A team's ledger newest first; an occurrence's answers as they stood at a moment; late ones.
      await sql`CREATE INDEX rsvp_ledger_team_idx ON rsvp_ledger (team_id, recorded_at DESC)`.execute(db);
      await sql`CREATE INDEX rsvp_ledger_answer_idx ON rsvp_ledger (event_id, occurrence_date, user_id, recorded_at)`.execute(
        db,
      );
      await sql`CREATE INDEX rsvp_ledger_team_occurrence_idx ON rsvp_ledger (team_id, occurrence_date)`.execute(db);
      // Answers recorded before the ledger existed: their current state is their one known entry.
      await sql`INSERT INTO rsvp_ledger (id, event_id, team_id, occurrence_date, user_id, answered_by, status,
                  previous_status, recorded_at, late)
                SELECT r.id, r.event_id, e.team_id, r.occurrence_date, r.user_id, r.user_id, r.status, NULL,
                  r.updated_at, false
                FROM calendar_rsvps r JOIN calendar_events e ON e.id = r.event_id`.execute(db);
    },
  },
  // Schedule changes, answers per roster player, and the read paths of attendance and of a
  // member's upcoming occurrences across their teams.
  '1950_calendar_schedule_changes': {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('calendar_events')
        .addColumn('split_from', 'text')
        .addColumn('changed_at', 'timestamptz')
        .addColumn('time_place_changed_at', 'timestamptz')
        .addColumn('previous_shift_minutes', 'integer')
        .addColumn('previous_location', 'text')
        .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('calendar_occurrence_changes')
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('occurrence_date', 'timestamptz', (c) => c.notNull())
        .addColumn('starts_at', 'timestamptz')
        .addColumn('title', 'text')
        .addColumn('description', 'text')
        .addColumn('location', 'text')
        .addColumn('cancelled', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('cancel_reason', 'text')
        .addColumn('changed_at', 'timestamptz')
        .addColumn('time_place_changed_at', 'timestamptz')
        .addColumn('previous_starts_at', 'timestamptz')
        .addColumn('previous_location', 'text')
        .addPrimaryKeyConstraint('calendar_occurrence_changes_pkey', ['event_id', 'occurrence_date'])
        .execute();
      // Occurrences moved into a range from outside it (lists, upcoming), and a team's changed
      // occurrences (the iCalendar feed).
      await sql`CREATE INDEX calendar_occurrence_changes_moved_idx ON calendar_occurrence_changes (team_id, starts_at)
                WHERE starts_at IS NOT NULL`.execute(db);
      await sql`CREATE INDEX calendar_occurrence_changes_team_idx ON calendar_occurrence_changes (team_id, event_id)`.execute(
        db,
      );
      await db.schema
        .createTable('calendar_player_rsvps')
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('occurrence_date', 'timestamptz', (c) => c.notNull())
        .addColumn('player_id', 'text', (c) => c.notNull())
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('answered_by', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addColumn('late_change', 'boolean', (c) => c.notNull().defaultTo(false))
        .addPrimaryKeyConstraint('calendar_player_rsvps_pkey', ['event_id', 'occurrence_date', 'player_id'])
        .execute();
      await db.schema.alterTable('calendar_rsvps').addColumn('answered_by', 'text').execute();
      await db.schema
        .alterTable('rsvp_ledger')
        .alterColumn('user_id', (c) => c.dropNotNull())
        .execute();
      await db.schema.alterTable('rsvp_ledger').addColumn('player_id', 'text').execute();
      await db.schema
        .createTable('calendar_event_history')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('at', 'timestamptz', (c) => c.notNull())
        .addColumn('by', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('occurrence_date', 'timestamptz')
        .addColumn('changes', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .execute();
      await sql`CREATE INDEX calendar_event_history_event_idx ON calendar_event_history (event_id, at DESC, id)`.execute(
        db,
      );
      // A member's upcoming occurrences: besides the teams they are in (team_members_user_idx) and
      // the children they are a guardian of (player_guardians_user_idx), their own roster entries.
      await sql`CREATE INDEX player_accounts_user_idx ON player_accounts (user_id)`.execute(db);
      // A player's own account, beside each answer for them and each roster entry expected to answer.
      await sql`CREATE INDEX player_accounts_player_idx ON player_accounts (player_id) WHERE valid_to IS NULL`.execute(
        db,
      );
    },
  }, // Answers close this many hours before each occurrence (RsvpDeadlineSet); null: never.
  '1961_calendar_rsvp_deadline': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('calendar_events').addColumn('rsvp_deadline_hours', 'integer').execute();
    },
  },
};
