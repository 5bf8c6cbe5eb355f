import { sql, type ColumnType, type Kysely, type Migration } from 'kysely';

export interface PushTables {
  /** A person's browsers that accept pushes (several people may share one browser's endpoint). */
  push_subscriptions: {
    user_id: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    created_at: Date;
  };
  team_notification_mutes: { user_id: string; team_id: string };
  /** Quiet hours per person; no row: none. */
  quiet_hours: { user_id: string; quiet_hours: ColumnType<unknown, string, string> };
}

export const pushMigrations: Record<string, Migration> = {
  '1975_push_subscriptions': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('push_subscriptions')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('endpoint', 'text', (c) => c.notNull())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('push_subscriptions_pk', ['user_id', 'endpoint'])
        .execute();
      await db.schema
        .createTable('team_notification_mutes')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('team_notification_mutes_pk', ['user_id', 'team_id'])
        .execute();
      await db.schema
        .createTable('quiet_hours')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('quiet_hours', 'jsonb', (c) => c.notNull())
        .execute();
    },
  },
};
