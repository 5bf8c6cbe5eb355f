import { sql, type ColumnType, type Generated, type Kysely, type Migration } from 'kysely';

export interface NoticesTables {
  /**
   * Events someone is to be told about, in log order, waiting for the sender: written by the
   * notices projector (so exactly once per event, by the leading projector), sent and marked done
   * by one process at a time.
   */
  notice_outbox: {
    seq: Generated<string>;
    event_id: string;
    event_type: string;
    data: ColumnType<unknown, string, string>;
    actor_id: string | null;
    occurred_at: Date;
    claimed_until: Date | null;
    done_at: Date | null;
  };
  /** What a notice about a calendar event says of it, kept even after the event is deleted. */
  notice_events: { event_id: string; team_id: string; title: string; time_zone: string; starts_at: Date };
  /** The reminder windows done (ReminderSent), so the scheduler looks only at those still due. */
  reminders_sent: { event_id: string; occurrence_date: Date; reminder_window: string; team_id: string; sent_at: Date };
}

export const noticesMigrations: Record<string, Migration> = {
  '1976_notice_outbox': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('notice_outbox')
        .addColumn('seq', 'bigserial', (c) => c.primaryKey())
        .addColumn('event_id', 'text', (c) => c.notNull().unique())
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('data', 'jsonb', (c) => c.notNull())
        .addColumn('actor_id', 'text')
        .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
        .addColumn('claimed_until', 'timestamptz')
        .addColumn('done_at', 'timestamptz')
        .execute();
      // The sender's scan: only what is still to send.
      await sql`CREATE INDEX notice_outbox_pending_idx ON notice_outbox (seq) WHERE done_at IS NULL`.execute(db);
      await db.schema
        .createTable('notice_events')
        .addColumn('event_id', 'text', (c) => c.primaryKey())
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  '1986_reminders_sent': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('reminders_sent')
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('occurrence_date', 'timestamptz', (c) => c.notNull())
        .addColumn('reminder_window', 'text', (c) => c.notNull())
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('reminders_sent_pk', ['event_id', 'occurrence_date', 'reminder_window'])
        .execute();
    },
  },
};
