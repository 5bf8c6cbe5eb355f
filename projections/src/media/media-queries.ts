import { sql, type Kysely } from 'kysely';
import type { ReadModels } from '../read-models.ts';
import type { MediaFilter, MediaItem, MediaKind } from '@sideline/domain';
import { hiddenByConsentSql, mediaConsentView, type MediaConsentView } from '../consent/media-consent.ts';

/** What serving a media file needs: whose team it is and what was stored. */
export interface StoredMedia {
  id: string;
  teamId: string;
  uploaderId: string;
  kind: MediaKind;
  title: string;
  contentType: string;
  url: string;
  thumbnailUrl: string | null;
}

export async function findMedia(database: Kysely<ReadModels>, mediaId: string): Promise<StoredMedia | null> {
  const row = await database
    .selectFrom('media')
    .select(['id', 'team_id', 'uploader_id', 'kind', 'title', 'content_type', 'url', 'thumbnail_url'])
    .where('id', '=', mediaId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    teamId: row.team_id,
    uploaderId: row.uploader_id,
    kind: row.kind as MediaKind,
    title: row.title,
    contentType: row.content_type,
    url: row.url,
    thumbnailUrl: row.thumbnail_url,
  };
}

/**
 * The team's items as `viewerId` sees them: an item naming a player without photo consent is
 * left out, except for its uploader and the organization's admins (marked `hiddenByConsent`).
 */
function itemsQuery(database: Kysely<ReadModels>, teamId: string, viewerId: string, view: MediaConsentView) {
  const hidden = hiddenByConsentSql(view);
  let query = database
    .selectFrom('media')
    .leftJoin('users', 'users.id', 'media.uploader_id')
    .select([
      'media.id',
      'media.kind',
      'media.title',
      'media.description',
      'media.url',
      'media.thumbnail_url',
      'media.content_type',
      'media.duration_seconds',
      'media.width',
      'media.height',
      'media.likes',
      'media.uploader_id',
      'media.created_at',
      'users.name as uploader_name',
      // One primary-key probe per row of the page (a join could scan all of the viewer's likes).
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('media_likes')
              .select(sql<number>`1`.as('one'))
              .whereRef('media_likes.media_id', '=', 'media.id')
              .where('media_likes.user_id', '=', viewerId),
          )
          .as('liked_by_me'),
      hidden.as('hidden_by_consent'),
    ])
    .where('media.team_id', '=', teamId);
  if (!view.seesHidden) {
    query = query.where((eb) => eb.or([eb('media.uploader_id', '=', viewerId), eb.not(hidden)]));
  }
  return query;
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof itemsQuery>['execute']>>[number];

function toItem(row: ItemRow): MediaItem {
  return {
    id: row.id,
    type: row.kind as MediaKind,
    title: row.title,
    description: row.description,
    url: row.url,
    thumbnailUrl: row.thumbnail_url,
    contentType: row.content_type,
    durationSeconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
    width: row.width,
    height: row.height,
    likes: Number(row.likes),
    likedByMe: Boolean(row.liked_by_me),
    uploader: { id: row.uploader_id, name: row.uploader_name ?? 'Unknown User' },
    createdAt: new Date(row.created_at).toISOString(),
    ...(row.hidden_by_consent ? { hiddenByConsent: true } : {}),
  };
}

/**
 * A page of the team's media, newest first, as `viewerId` sees it (likedByMe). `before` is the
 * id of the last item of the previous page; (created_at, id) orders ties, so no item is skipped.
 * One query: uploader name and the viewer's like are joins, the count a column.
 */
export async function listMedia(
  database: Kysely<ReadModels>,
  teamId: string,
  viewerId: string,
  options: { type?: MediaFilter; before?: string; limit?: number } = {},
): Promise<MediaItem[]> {
  let query = itemsQuery(database, teamId, viewerId, await mediaConsentView(database, teamId, viewerId));
  if (options.type && options.type !== 'all') query = query.where('media.kind', '=', options.type);
  if (options.before !== undefined) {
    const cursor = await database
      .selectFrom('media')
      .select(['created_at', 'id'])
      .where('id', '=', options.before)
      .where('team_id', '=', teamId)
      .executeTakeFirst();
    if (!cursor) return [];
    query = query.where(sql<boolean>`(media.created_at, media.id) < (${cursor.created_at}, ${cursor.id})`);
  }
  const rows = await query
    .orderBy('media.created_at', 'desc')
    .orderBy('media.id', 'desc')
    .limit(options.limit ?? 30)
    .execute();
  return rows.map(toItem);
}

/** One item of the team as `viewerId` sees it; null when it is not the team's (or deleted). */
export async function findMediaItem(
  database: Kysely<ReadModels>,
  teamId: string,
  mediaId: string,
  viewerId: string,
): Promise<MediaItem | null> {
  const view = await mediaConsentView(database, teamId, viewerId);
  const row = await itemsQuery(database, teamId, viewerId, view).where('media.id', '=', mediaId).executeTakeFirst();
  return row ? toItem(row) : null;
}
