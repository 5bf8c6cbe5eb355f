import type { Kysely, Migration } from 'kysely';

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
}

export interface MediaTables {
  media: MediaTable;
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
};
