import type { Kysely } from 'kysely';
import { teamSubject, toEnvelope, type RecordedEvent } from '@sideline/infra';
import {
  livestreamEventTypes,
  type LivestreamEvent,
  type OrgMemberDeactivated,
  type TeamDeleted,
} from '@sideline/domain';
import type { AfterCommitMessage, Projector } from '../runner/projector.ts';
import { changesFromEventData } from '../runner/read-model-changes.ts';
import type { LivestreamsTables } from './livestreams-read-model.ts';
import { chatMessageOf, type LivestreamChatRow } from './livestreams-queries.ts';

type DB = LivestreamsTables & { users: { id: string; name: string } };

/** The chat messages a batch stored, for afterCommit (with the sender's name from the read model). */
const posted = new WeakMap<RecordedEvent, LivestreamChatRow>();
/** A stream as its `livestream_updated` notice tells it. */
interface StreamNotice {
  livestreamId: string;
  teamId: string;
  status: string;
  ingest: string | null;
}
/** The streams each event changed, as it left them, for their `livestream_updated` notices. */
const changedBy = new WeakMap<RecordedEvent, StreamNotice[]>();

/** Scheduled or live: what a key may still publish, and what an ingest must hear about. */
const OPEN = ['scheduled', 'live'];

const noticeOf = (r: { id: string; team_id: string; status: string; ingest: string | null }): StreamNotice => ({
  livestreamId: r.id,
  teamId: r.team_id,
  status: r.status,
  ingest: r.ingest,
});

/**
 * Livestreams and their chat, from the `livestream-{id}` streams; and where access to them ends:
 * a deleted team's streams are hidden (TeamDeleted), and a key stops working when the organization
 * deactivates the person it was issued to (OrgMemberDeactivated). Each of those changes is
 * announced as the stream's `livestream_updated`, on which every RTMP ingest reloads its keys.
 */
export const livestreamsProjector: Projector<DB> = {
  name: 'livestreams',
  handles: [...livestreamEventTypes, 'TeamDeleted', 'OrgMemberDeactivated'],
  tables: ['livestreams', 'livestream_chat'],

  async apply(trx, events) {
    const db: Kysely<DB> = trx;
    for (const recorded of events) {
      if (recorded.type === 'TeamDeleted') {
        const d = recorded.data as TeamDeleted['data'];
        const rows = await db
          .updateTable('livestreams')
          .set({ team_deleted_at: new Date(recorded.metadata.occurredAt) })
          .where('team_id', '=', d.teamId)
          .where('team_deleted_at', 'is', null)
          .returning(['id', 'team_id', 'status', 'ingest'])
          .execute();
        changedBy.set(recorded, rows.filter((r) => OPEN.includes(r.status)).map(noticeOf));
        continue;
      }
      if (recorded.type === 'OrgMemberDeactivated') {
        const d = recorded.data as OrgMemberDeactivated['data'];
        const rows = await db
          .updateTable('livestreams')
          .set({ key_revoked: true })
          .where('key_issued_to', '=', d.userId)
          .where('org_id', '=', d.orgId)
          .where('status', 'in', OPEN)
          .where('key_revoked', '=', false)
          .where('team_deleted_at', 'is', null)
          .returning(['id', 'team_id', 'status', 'ingest'])
          .execute();
        changedBy.set(recorded, rows.map(noticeOf));
        continue;
      }
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
              team_deleted_at: null,
              key_issued_to: d.by,
              key_revoked: false,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'LivestreamCancelled':
          await update({ status: 'cancelled', ingest: null, ended_at: new Date(e.data.at) });
          break;
        case 'StreamKeyRotated':
          // A new key, shown to whoever rotated it: it works again even if the last one was revoked.
          await update({ key_hint: e.data.keyHint, key_issued_to: e.data.by, key_revoked: false });
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
      if (e.type === 'LivestreamChatMessagePosted') continue;
      const now = await db
        .selectFrom('livestreams')
        .select(['id', 'team_id', 'status', 'ingest'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (now) changedBy.set(recorded, [noticeOf(now)]);
    }
  },

  afterCommit(events) {
    return livestreamNotices(events);
  },

  // After a takeover: the streams the events changed, as they are now (chat is not sent again).
  async reannounce(db, events) {
    const ids = new Set<string>();
    const teams = new Set<string>();
    const holders: Array<{ orgId: string; userId: string }> = [];
    for (const e of events) {
      if (e.type === 'TeamDeleted') teams.add((e.data as TeamDeleted['data']).teamId);
      else if (e.type === 'OrgMemberDeactivated') holders.push(e.data as OrgMemberDeactivated['data']);
      else if (e.type !== 'LivestreamChatMessagePosted') ids.add((e.data as { livestreamId: string }).livestreamId);
    }
    if (ids.size === 0 && teams.size === 0 && holders.length === 0) return [];
    const rows = await db
      .selectFrom('livestreams')
      .select(['id', 'team_id', 'status', 'ingest'])
      .where((eb) =>
        eb.or([
          ...(ids.size > 0 ? [eb('id', 'in', [...ids])] : []),
          ...(teams.size > 0 ? [eb.and([eb('team_id', 'in', [...teams]), eb('status', 'in', OPEN)])] : []),
          ...holders.map((h) =>
            eb.and([eb('key_issued_to', '=', h.userId), eb('org_id', '=', h.orgId), eb('key_revoked', '=', true)]),
          ),
        ]),
      )
      .execute();
    return rows.map((r) => updatedNotice(noticeOf(r)));
  },

  // Every livestream event and a team's deletion name the team: cached answers of other teams stay
  // valid (a deactivation names none: everything may have changed).
  changes(events) {
    return changesFromEventData(events);
  },
};

const updatedNotice = ({ livestreamId, teamId, status, ingest }: StreamNotice): AfterCommitMessage => ({
  subject: teamSubject(teamId, 'livestream'),
  data: toEnvelope({ type: 'livestream_updated', livestreamId, teamId, status, ingest }),
});

/** `livestream_chat` per message and one `livestream_updated` per changed stream (as it was left), to its team. */
export function livestreamNotices(events: readonly RecordedEvent[]): AfterCommitMessage[] {
  const out: AfterCommitMessage[] = [];
  const changed = new Map<string, StreamNotice>();
  for (const e of events) {
    const row = posted.get(e);
    if (row) {
      const { livestreamId, teamId } = e.data as { livestreamId: string; teamId: string };
      out.push({
        subject: teamSubject(teamId, 'livestream'),
        data: toEnvelope({ type: 'livestream_chat', livestreamId, teamId, message: chatMessageOf(row) }),
      });
      continue;
    }
    for (const notice of changedBy.get(e) ?? []) changed.set(notice.livestreamId, notice);
  }
  for (const notice of changed.values()) out.push(updatedNotice(notice));
  return out;
}
