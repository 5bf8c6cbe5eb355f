import { sql, type Kysely, type Migration } from 'kysely';

export interface NoticeProofTables {
  /**
   * Each schedule change the sender worked on: the proof a coach reads lists them per event.
   * `notice_id` is the change's event id (the outbox's), which pushes carry as `noticeId`.
   */
  notice_records: {
    notice_id: string;
    team_id: string;
    subject_id: string;
    at: Date;
    summary: string;
  };
  /** The first time each person saw a notice: tapped its notification, or viewed the event after it. */
  notice_seen: {
    notice_id: string;
    user_id: string;
    seen_at: Date;
    how: 'tap' | 'view';
  };
}

export const noticeProofMigrations: Record<string, Migration> = {
  '2920_notice_proof': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('notice_records')
        .addColumn('notice_id', 'text', (c) => c.primaryKey())
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('subject_id', 'text', (c) => c.notNull())
        .addColumn('at', 'timestamptz', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull())
        .execute();
      // The proof's read (an event's changes, newest first) and a view's write (its changes so far).
      await sql`CREATE INDEX notice_records_subject_idx ON notice_records (subject_id, at DESC)`.execute(db);
      await db.schema
        .createTable('notice_seen')
        .addColumn('notice_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('seen_at', 'timestamptz', (c) => c.notNull())
        .addColumn('how', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('notice_seen_pk', ['notice_id', 'user_id'])
        .execute();
      // Push or email: the proof names each family's channel. Existing rows are pushes.
      await db.schema
        .alterTable('push_deliveries')
        .addColumn('channel', 'text', (c) => c.notNull().defaultTo('push'))
        .execute();
    },
  },
};
