import { sql, type Kysely } from 'kysely';
import { teamSubject, toEnvelope } from '@sideline/infra';
import type { MediaDeleted, MediaLiked, MediaUnliked, MediaUploaded } from '@sideline/domain';
import type { Projector } from '../runner/projector.ts';
import { changesFromEventData } from '../runner/read-model-changes.ts';
import type { MediaTables } from './media-read-model.ts';

/** Rows per INSERT (14 parameters a row, well under PostgreSQL's 65,535). */
const INSERT_CHUNK = 1000;

function uploadRow(d: MediaUploaded['data'], occurredAt: string) {
  return {
    id: d.mediaId,
    team_id: d.teamId,
    uploader_id: d.uploaderId,
    kind: d.kind,
    title: d.title,
    description: d.description,
    content_type: d.contentType,
    bytes: d.bytes,
    width: d.width,
    height: d.height,
    url: d.url,
    thumbnail_url: d.thumbnailUrl,
    duration_seconds: d.durationSeconds ?? null,
    created_at: new Date(occurredAt),
  };
}

export const mediaProjector: Projector<MediaTables> = {
  name: 'media',
  handles: ['MediaUploaded', 'MediaLiked', 'MediaUnliked', 'MediaDeleted'],
  tables: ['media', 'media_likes'],
  async apply(trx, events) {
    const db: Kysely<MediaTables> = trx;
    // Runs of uploads go in as one multi-row INSERT; likes and deletions one by one, in order.
    let pending: ReturnType<typeof uploadRow>[] = [];
    const flush = async () => {
      for (let i = 0; i < pending.length; i += INSERT_CHUNK) {
        // A retried upload that raced its original may appear twice in the log: one row.
        await db
          .insertInto('media')
          .values(pending.slice(i, i + INSERT_CHUNK))
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
      }
      pending = [];
    };
    for (const e of events) {
      if (e.type === 'MediaUploaded') {
        pending.push(uploadRow(e.data as MediaUploaded['data'], e.metadata.occurredAt));
        continue;
      }
      await flush();
      if (e.type === 'MediaLiked') {
        const d = e.data as MediaLiked['data'];
        const inserted = await db
          .insertInto('media_likes')
          .values({ media_id: d.mediaId, user_id: d.userId })
          .onConflict((oc) => oc.columns(['media_id', 'user_id']).doNothing())
          .returning('media_id')
          .execute();
        if (inserted.length > 0) {
          await db
            .updateTable('media')
            .set({ likes: sql`likes + 1` })
            .where('id', '=', d.mediaId)
            .execute();
        }
      } else if (e.type === 'MediaUnliked') {
        const d = e.data as MediaUnliked['data'];
        const removed = await db
          .deleteFrom('media_likes')
          .where('media_id', '=', d.mediaId)
          .where('user_id', '=', d.userId)
          .returning('media_id')
          .execute();
        if (removed.length > 0) {
          await db
            .updateTable('media')
            .set({ likes: sql`greatest(likes - 1, 0)` })
            .where('id', '=', d.mediaId)
            .execute();
        }
      } else if (e.type === 'MediaDeleted') {
        const d = e.data as MediaDeleted['data'];
        await db.deleteFrom('media_likes').where('media_id', '=', d.mediaId).execute();
        await db.deleteFrom('media').where('id', '=', d.mediaId).execute();
      }
    }
    await flush();
  },
  changes: (events) => changesFromEventData(events),

  afterCommit(events) {
    const teams = new Set(events.map((e) => (e.data as { teamId: string }).teamId));
    // The team's media lists refetch (GET /api/teams/{teamId}/media).
    return [...teams].map((teamId) => ({
      subject: teamSubject(teamId, 'media'),
      data: toEnvelope({ type: 'media_changed', teamId }),
    }));
  },
};
