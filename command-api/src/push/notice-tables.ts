import { sql, type Kysely, type Migration } from 'kysely';

export interface NoticeDeliveryTables {
  /**
   * One row per push handed to a push service: written before the push is sent, so a notice
   * resumed after a restart (or taken over by another process) never sends one twice.
   */
  push_deliveries: {
    event_id: string;
    user_id: string;
    endpoint: string;
    sent_at: Date;
    status: number | null;
    delivered_at: Date | null;
  };
}

export const noticeDeliveryMigrations: Record<string, Migration> = {
  '2910_push_deliveries': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('push_deliveries')
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('endpoint', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('status', 'integer')
        .addColumn('delivered_at', 'timestamptz')
        .addPrimaryKeyConstraint('push_deliveries_pk', ['event_id', 'user_id', 'endpoint'])
        .execute();
    },
  },
};
