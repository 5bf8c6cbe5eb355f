import type { Kysely } from 'kysely';
import { teamSubject, toEnvelope } from '@sideline/infra';
import type { MediaUploaded } from '@sideline/domain';
import type { Projector } from '../runner/projector.ts';
import type { MediaTables } from './media-read-model.ts';

export const mediaProjector: Projector<MediaTables> = {
  name: 'media',
  handles: ['MediaUploaded'],
  tables: ['media'],
  async apply(trx, events) {
    const rows = events
      .filter((e) => e.type === 'MediaUploaded')
      .map((e) => {
        const d = e.data as MediaUploaded['data'];
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
          created_at: new Date(e.metadata.occurredAt),
        };
      });
    if (rows.length === 0) return;
    // A retried upload that raced its original may appear twice in the log: one row.
    await (trx as Kysely<MediaTables>)
      .insertInto('media')
      .values(rows)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  },
  afterCommit(events) {
    const teams = new Set(events.map((e) => (e.data as MediaUploaded['data']).teamId));
    // The team's media lists refetch (GET /api/teams/{teamId}/media).
    return [...teams].map((teamId) => ({
      subject: teamSubject(teamId, 'media'),
      data: toEnvelope({ type: 'media_changed', teamId }),
    }));
  },
};
