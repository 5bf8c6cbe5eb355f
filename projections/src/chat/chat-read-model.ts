import { sql, type Generated, type Kysely, type Migration } from 'kysely';

export interface MessagesTable {
  id: string;
  /** Log order, to order messages sent within the same millisecond. */
  seq: Generated<bigint>;
  team_id: string;
  user_id: string;
  text: string;
  media_url: string | null;
  client_id: string | null;
  pinned: Generated<boolean>;
  pinned_at: Date | null;
  pinned_by: string | null;
  created_at: Date;
}

export interface ChatTables {
  messages: MessagesTable;
}

export const chatMigrations: Record<string, Migration> = {
  '1020_chat_messages': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('seq', 'bigint', (c) => c.notNull().generatedAlwaysAsIdentity())
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('media_url', 'text')
        .addColumn('client_id', 'text')
        .addColumn('pinned', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('pinned_at', 'timestamptz')
        .addColumn('pinned_by', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      // Pages are read newest first from a cursor: one index range scan per page.
      await sql`CREATE INDEX messages_team_page_idx ON messages (team_id, created_at DESC, seq DESC)`.execute(db);
      // A sender's retry key is unique within the team (idempotent sends; lookups on every send).
      await sql`CREATE UNIQUE INDEX messages_client_id_idx ON messages (team_id, user_id, client_id)
                WHERE client_id IS NOT NULL`.execute(db);
      await sql`CREATE INDEX messages_pinned_idx ON messages (team_id, pinned_at DESC) WHERE pinned`.execute(db);
    },
  },
};
