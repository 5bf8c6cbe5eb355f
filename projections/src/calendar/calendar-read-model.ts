import { sql, type Kysely, type Migration } from 'kysely';

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
    created_by: string;
    created_at: Date;
  };
  /** Every occurrence's start, materialised on schedule (a never-ending series up to its horizon). */
  calendar_occurrences: {
    event_id: string;
    team_id: string;
    starts_at: Date;
  };
  calendar_rsvps: {
    event_id: string;
    occurrence_date: Date;
    user_id: string;
    /** The id of the event that first recorded this user's answer for this occurrence. */
    id: string;
    status: string;
    updated_at: Date;
  };
}

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
};
