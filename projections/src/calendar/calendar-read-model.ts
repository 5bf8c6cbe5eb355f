import { sql, type Kysely, type Migration } from 'kysely';
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
    user_id: string;
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
};
