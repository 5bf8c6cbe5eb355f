import type { Kysely } from 'kysely';
import { teamSubject, toEnvelope, type RecordedEvent } from '@sideline/infra';
import { livestreamEventTypes, type LivestreamEvent } from '@sideline/domain';
import type { AfterCommitMessage, Projector } from '../runner/projector.ts';
import { changesFromEventData } from '../runner/read-model-changes.ts';
import type { LivestreamsTables } from './livestreams-read-model.ts';
import { chatMessageOf, type LivestreamChatRow } from './livestreams-queries.ts';

type DB = LivestreamsTables & { users: { id: string; name: string } };

/** The chat messages a batch stored, for afterCommit (with the sender's name from the read model). */
const posted = new WeakMap<RecordedEvent, LivestreamChatRow>();
/** The status (and ingest state) each event left its stream in, for the `livestream_updated` notice. */
const statusAfter = new WeakMap<RecordedEvent, { status: string; ingest: string | null }>();

/** Livestreams and their chat, from the `livestream-{id}` streams. */
export const livestreamsProjector: Projector<DB> = {
  name: 'livestreams',
  handles: livestreamEventTypes,
  tables: ['livestreams', 'livestream_chat'],

  async apply(trx, events) {
    const db = trx as Kysely<DB>;
    for (const recorded of events) {
      const e = { type: recorded.type, data: recorded.data } as LivestreamEvent;
      const id = e.data.livestreamId;
      const update = (values: Partial<LivestreamsTables['livestreams']>) =>
        db.updateTable('livestreams').set(values).where('id', '=', id).execute();
      switch (e.type) {
        case 'LivestreamScheduled': {
          const d = e.data;
          await db
            .insertInto('livestreams')
            .values({
              id,
              team_id: d.teamId,
              org_id: d.orgId,
              title: d.title,
              description: d.description,
              stream_type: d.streamType,
              scheduled_start_time: d.scheduledStartTime ? new Date(d.scheduledStartTime) : null,
              actual_start_time: null,
              ended_at: null,
              status: 'scheduled',
              ingest: null,
              is_public: d.isPublic,
              allow_chat: d.allowChat,
              record_stream: d.recordStream,
              max_viewers: 0,
              key_hint: d.keyHint,
              end_reason: null,
              recording_media_id: null,
              created_by: d.by,
              created_at: new Date(d.at),
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'LivestreamCancelled':
          await update({ status: 'cancelled', ingest: null, ended_at: new Date(e.data.at) });
          break;
        case 'StreamKeyRotated':
          await update({ key_hint: e.data.keyHint });
          break;
        case 'LivestreamStarted':
          await update({ status: 'live', ingest: 'on_air', actual_start_time: new Date(e.data.at) });
          break;
        case 'LivestreamResumed':
          await update({ status: 'live', ingest: 'on_air' });
          break;
        case 'LivestreamInterrupted':
          await update({ status: 'live', ingest: 'interrupted' });
          break;
        case 'LivestreamEnded':
          await update({
            status: 'ended',
            ingest: null,
            ended_at: new Date(e.data.at),
            end_reason: e.data.reason,
            max_viewers: e.data.maxViewers,
          });
          break;
        case 'LivestreamRecordingSaved':
          await update({ recording_media_id: e.data.mediaId });
          break;
        case 'LivestreamChatMessagePosted': {
          const d = e.data;
          const row = {
            id: d.messageId,
            livestream_id: id,
            team_id: d.teamId,
            user_id: d.userId,
            message: d.message,
            sent_at: new Date(d.at),
            seq: recorded.revision,
          };
          await db
            .insertInto('livestream_chat')
            .values(row)
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          const user = await db.selectFrom('users').select('name').where('id', '=', d.userId).executeTakeFirst();
          posted.set(recorded, { ...row, user_name: user?.name ?? 'Unknown' });
          break;
        }
      }
      const now = await db
        .selectFrom('livestreams')
        .select(['status', 'ingest'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (now) statusAfter.set(recorded, { status: now.status, ingest: now.ingest });
    }
  },

  afterCommit(events) {
    return livestreamNotices(events);
  },

  // Every event names its team: cached answers of other teams stay valid.
  changes(events) {
    return changesFromEventData(events);
  },
};

/** `livestream_chat` per message and one `livestream_updated` per changed stream, to its team. */
export function livestreamNotices(events: readonly RecordedEvent[]): AfterCommitMessage[] {
  const out: AfterCommitMessage[] = [];
  const changed = new Map<string, { teamId: string; status: string; ingest: string | null }>();
  for (const e of events) {
    const { livestreamId, teamId } = e.data as { livestreamId: string; teamId: string };
    const row = posted.get(e);
    if (row) {
      out.push({
        subject: teamSubject(teamId, 'livestream'),
        data: toEnvelope({ type: 'livestream_chat', livestreamId, teamId, message: chatMessageOf(row) }),
      });
      continue;
    }
    if (e.type === 'LivestreamChatMessagePosted') continue;
    changed.set(livestreamId, { teamId, ...(statusAfter.get(e) ?? { status: 'scheduled', ingest: null }) });
  }
  for (const [livestreamId, { teamId, status, ingest }] of changed) {
    out.push({
      subject: teamSubject(teamId, 'livestream'),
      data: toEnvelope({ type: 'livestream_updated', livestreamId, teamId, status, ingest }),
    });
  }
  return out;
}
