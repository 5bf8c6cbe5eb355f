import { sql, type ColumnType, type Generated, type Kysely, type Migration } from 'kysely';

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  role: string;
  avatar_url: string | null;
  created_at: Date;
  xp: Generated<number>;
  dulars: Generated<number>;
  streak: Generated<number>;
  /** The UTC day `streak` ends on; with it the streak is read as of today (added by `1061_users_streak_day`). */
  streak_day: Generated<string | null>;
  /** Null until the person first changes them (every kind on). */
  notification_preferences: ColumnType<unknown, string | null | undefined, string | null>;
}

export interface UsersTables {
  users: UsersTable;
}

export const usersMigrations: Record<string, Migration> = {
  '1001_users': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('avatar_url', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('xp', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('dulars', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('streak', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('users_email_idx').on('users').column('email').execute();
    },
  },
  '1002_users_notification_preferences': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('notification_preferences', 'jsonb').execute();
      // GET /api/avatars/{file} finds a picture's owner by its URL.
      await db.schema.createIndex('users_avatar_url_idx').on('users').column('avatar_url').execute();
    },
  },
};
