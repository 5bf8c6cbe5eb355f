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
  /** Added by 1700_: when and by whom it was taken down (its text is then emptied here). */
  deleted_at: Date | null;
  deleted_by: string | null;
  /** Added by 1700_: when its sender last edited it. */
  edited_at: Date | null;
}

/**
 * Every version of every message, for the organization's admins (safeguarding): what was sent,
 * each edit, and the text a deletion took down, with who and when. Members never read this.
 */
export interface MessageVersionsTable {
  /** The event's id. */
  id: string;
  message_id: string;
  team_id: string;
  sender_id: string;
  kind: 'sent' | 'edited' | 'deleted';
  text: string;
  by: string;
  at: Date;
  seq: Generated<bigint>;
}

export interface ChatTables {
  messages: MessagesTable;
  message_versions: MessageVersionsTable;
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
  '1700_chat_moderation': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('messages').addColumn('deleted_at', 'timestamptz').execute();
      await db.schema.alterTable('messages').addColumn('deleted_by', 'text').execute();
      await db.schema.alterTable('messages').addColumn('edited_at', 'timestamptz').execute();
      await db.schema
        .createTable('message_versions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('message_id', 'text', (c) => c.notNull())
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('sender_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('by', 'text', (c) => c.notNull())
        .addColumn('at', 'timestamptz', (c) => c.notNull())
        .addColumn('seq', 'bigint', (c) => c.notNull().generatedAlwaysAsIdentity())
        .execute();
      // A message's history in order: one index range scan.
      await sql`CREATE INDEX message_versions_message_idx ON message_versions (message_id, seq)`.execute(db);
      // Messages sent before versions were kept: their first version is what the read model holds.
      await sql`INSERT INTO message_versions (id, message_id, team_id, sender_id, kind, text, by, at)
                SELECT 'sent-' || id, id, team_id, user_id, 'sent', text, user_id, created_at FROM messages`.execute(
        db,
      );
    },
  },
};
