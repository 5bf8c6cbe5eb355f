import type { Kysely } from 'kysely';
import type { MediaKind } from '@sideline/domain';
import type { MediaTables } from './media-read-model.ts';

/** What serving a media file needs: whose team it is and what was stored. */
export interface StoredMedia {
  id: string;
  teamId: string;
  kind: MediaKind;
  contentType: string;
  url: string;
  thumbnailUrl: string | null;
}

export async function findMedia(database: Kysely<any>, mediaId: string): Promise<StoredMedia | null> {
  const row = await (database as Kysely<MediaTables>)
    .selectFrom('media')
    .select(['id', 'team_id', 'kind', 'content_type', 'url', 'thumbnail_url'])
    .where('id', '=', mediaId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    teamId: row.team_id,
    kind: row.kind as MediaKind,
    contentType: row.content_type,
    url: row.url,
    thumbnailUrl: row.thumbnail_url,
  };
}
