import { sql, type Kysely, type Migration } from 'kysely';

export interface LivestreamsTables {
  livestreams: {
    id: string;
    team_id: string;
    org_id: string | null;
    title: string;
    description: string | null;
    stream_type: string;
    scheduled_start_time: Date | null;
    actual_start_time: Date | null;
    ended_at: Date | null;
    status: string;
    ingest: string | null;
    is_public: boolean;
    allow_chat: boolean;
    record_stream: boolean;
    max_viewers: number;
    key_hint: string;
    end_reason: string | null;
    recording_media_id: string | null;
    created_by: string;
    created_at: Date;
    /** When the stream's team was deleted (added by `1931_livestreams_access`): out of every read, never published again. */
    team_deleted_at: Date | null;
    /** Who was shown the current key: the creator, then whoever last rotated it. */
    key_issued_to: string | null;
    /** The organization deactivated the person the key was issued to: it publishes nothing until rotated. */
    key_revoked: boolean;
  };
  livestream_chat: {
    id: string;
    livestream_id: string;
    team_id: string;
    user_id: string;
    message: string;
    sent_at: Date;
    /** The event's revision in its stream: message order. */
    seq: number;
  };
}

export const livestreamsMigrations: Record<string, Migration> = {
  '1800_livestreams': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('livestreams')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('org_id', 'text')
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('stream_type', 'text', (c) => c.notNull())
        .addColumn('scheduled_start_time', 'timestamptz')
        .addColumn('actual_start_time', 'timestamptz')
        .addColumn('ended_at', 'timestamptz')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('ingest', 'text')
        .addColumn('is_public', 'boolean', (c) => c.notNull())
        .addColumn('allow_chat', 'boolean', (c) => c.notNull())
        .addColumn('record_stream', 'boolean', (c) => c.notNull())
        .addColumn('max_viewers', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('key_hint', 'text', (c) => c.notNull())
        .addColumn('end_reason', 'text')
        .addColumn('recording_media_id', 'text')
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('livestreams_team').on('livestreams').columns(['team_id', 'created_at']).execute();
      await db.schema.createIndex('livestreams_status').on('livestreams').column('status').execute();
      await db.schema
        .createTable('livestream_chat')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('livestream_id', 'text', (c) => c.notNull())
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('livestream_chat_stream')
        .on('livestream_chat')
        .columns(['livestream_id', 'seq'])
        .execute();
    },
  },
  // Broadcasting ends with access. A deleted team's streams are hidden and never published again;
  // the key of a stream stops working when the organization deactivates the person it was issued
  // to. The projector now keeps both; the rows projected before are brought up to date here: keys
  // were issued to the stream's creator as far as these rows know (a rotation by someone else
  // since is not in them, so such a key is revoked too: the team rotates it, which is the safe side).
  '1931_livestreams_access': {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('livestreams')
        .addColumn('team_deleted_at', 'timestamptz')
        .addColumn('key_issued_to', 'text')
        .addColumn('key_revoked', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
      // A deactivation revokes the keys of the person's open streams in that organization.
      await db.schema
        .createIndex('livestreams_key_holder')
        .on('livestreams')
        .columns(['key_issued_to', 'org_id'])
        .execute();
      await sql`UPDATE livestreams SET key_issued_to = created_by`.execute(db);
      await sql`
        UPDATE livestreams l SET team_deleted_at = t.deleted_at
        FROM teams t WHERE t.id = l.team_id AND t.deleted_at IS NOT NULL`.execute(db);
      await sql`
        UPDATE livestreams l SET key_revoked = true
        FROM deactivated_org_members d
        WHERE d.org_id = l.org_id AND d.user_id = l.key_issued_to AND l.status IN ('scheduled', 'live')
          AND l.team_deleted_at IS NULL`.execute(db);
    },
  },
};
