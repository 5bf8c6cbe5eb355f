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
};
