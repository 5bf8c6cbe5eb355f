import { sql, type Generated, type Kysely, type Migration } from 'kysely';

export interface MediaTable {
  id: string;
  team_id: string;
  uploader_id: string;
  kind: string;
  title: string;
  description: string;
  content_type: string;
  bytes: number;
  width: number | null;
  height: number | null;
  url: string;
  thumbnail_url: string | null;
  created_at: Date;
  /** Added by 1050_: probed video length; null when unknown. */
  duration_seconds: number | null;
  /** Added by 1050_: count of rows in media_likes (kept by the projector, no COUNT per list). */
  likes: Generated<number>;
}

export interface MediaLikesTable {
  media_id: string;
  user_id: string;
}

export interface MediaTables {
  media: MediaTable;
  media_likes: MediaLikesTable;
}

export const mediaMigrations: Record<string, Migration> = {
  '1030_media': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('media')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('uploader_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('thumbnail_url', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('media_team_idx').on('media').columns(['team_id', 'created_at']).execute();
    },
  },
  '1050_media_hub': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('media').addColumn('duration_seconds', 'double precision').execute();
      await db.schema
        .alterTable('media')
        .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('media_likes')
        .addColumn('media_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('media_likes_pk', ['media_id', 'user_id'])
        .execute();
      // The list path: a team's media newest first, (created_at, id) as the cursor; and per kind.
      await db.schema.dropIndex('media_team_idx').execute();
      await sql`CREATE INDEX media_team_list_idx ON media (team_id, created_at DESC, id DESC)`.execute(db);
      await sql`CREATE INDEX media_team_kind_list_idx ON media (team_id, kind, created_at DESC, id DESC)`.execute(db);
    },
  },
};
