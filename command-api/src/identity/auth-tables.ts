import { sql, type Kysely, type Migration } from 'kysely';

/** Credentials and sessions are secrets, not facts: ordinary tables, never events. */
export interface AuthTables {
  credentials: { user_id: string; email: string; password_hash: string; created_at: Date };
  sessions: {
    id_hash: string;
    user_id: string;
    created_at: Date;
    expires_at: Date;
    last_seen_at: Date;
    user_agent: string | null;
    ip: string | null;
  };
  rate_limits: { key: string; window_start: Date; hits: number };
  /** Failed sign-ins per account, address or device cookie, and how long each must wait (sign-in-throttle.ts). */
  sign_in_throttles: { key: string; failures: number; locked_until: Date; expires_at: Date };
  /** Secrets this deployment made for itself (the device cookie key when none is configured). */
  server_secrets: { name: string; value: string; created_at: Date };
}

export const authMigrations: Record<string, Migration> = {
  '2001_credentials_and_sessions': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('credentials')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('user_agent', 'text')
        .addColumn('ip', 'text')
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
      await db.schema.createIndex('sessions_expiry_idx').on('sessions').column('expires_at').execute();
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'timestamptz', (c) => c.notNull())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .execute();
    },
  },
  '2010_sign_in_throttles_and_server_secrets': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('sign_in_throttles')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('locked_until', 'timestamptz', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute();
      // The hourly purge of forgotten rows.
      await db.schema
        .createIndex('sign_in_throttles_expiry_idx')
        .on('sign_in_throttles')
        .column('expires_at')
        .execute();
      await db.schema
        .createTable('server_secrets')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
};
