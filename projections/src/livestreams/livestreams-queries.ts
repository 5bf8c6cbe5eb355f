import type { Kysely } from 'kysely';
import type { ReadModels } from '../read-models.ts';
import type { LivestreamChatMessage, LivestreamIngestState, LivestreamStatus, LivestreamType } from '@sideline/domain';

export interface LivestreamRow {
  id: string;
  teamId: string;
  teamName: string;
  orgId: string | null;
  title: string;
  description: string | null;
  streamType: LivestreamType;
  scheduledStartTime: string | null;
  actualStartTime: string | null;
  endedAt: string | null;
  status: LivestreamStatus;
  ingest: LivestreamIngestState | null;
  isPublic: boolean;
  allowChat: boolean;
  recordStream: boolean;
  maxViewers: number;
  keyHint: string;
  endReason: string | null;
  recordingMediaId: string | null;
  createdBy: string;
  createdAt: string;
  /** Its team was deleted: the stream is out of every read (kept for its history). */
  teamDeleted: boolean;
  /** Its key was revoked (the person it was issued to lost access): it publishes nothing until rotated. */
  keyRevoked: boolean;
}

export interface LivestreamChatRow {
  id: string;
  livestream_id: string;
  team_id: string;
  user_id: string;
  user_name: string;
  message: string;
  sent_at: Date;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toRow(r: any): LivestreamRow {
  return {
    id: r.id,
    teamId: r.team_id,
    teamName: r.team_name ?? '',
    orgId: r.org_id,
    title: r.title,
    description: r.description,
    streamType: r.stream_type,
    scheduledStartTime: iso(r.scheduled_start_time),
    actualStartTime: iso(r.actual_start_time),
    endedAt: iso(r.ended_at),
    status: r.status,
    ingest: r.ingest,
    isPublic: r.is_public,
    allowChat: r.allow_chat,
    recordStream: r.record_stream,
    maxViewers: Number(r.max_viewers),
    keyHint: r.key_hint,
    endReason: r.end_reason,
    recordingMediaId: r.recording_media_id,
    createdBy: r.created_by,
    createdAt: iso(r.created_at)!,
    teamDeleted: r.team_deleted_at !== null || r.team_gone_at !== null,
    keyRevoked: r.key_revoked,
  };
}

// The team's own deletion as well as the stream's: a stream scheduled just as its team was deleted
// is projected after the deletion and never marked.
const base = (db: Kysely<ReadModels>) =>
  db
    .selectFrom('livestreams as l')
    .leftJoin('teams as t', 't.id', 'l.team_id')
    .selectAll('l')
    .select(['t.name as team_name', 't.deleted_at as team_gone_at']);

/** Streams whose team is not deleted. */
const ofLiveTeams = <Q extends ReturnType<typeof base>>(query: Q) =>
  query.where('l.team_deleted_at', 'is', null).where('t.deleted_at', 'is', null) as Q;

/** The stream, whatever became of its team (`teamDeleted` says): readers must check it. */
export async function findLivestreamRow(db: Kysely<ReadModels>, id: string): Promise<LivestreamRow | null> {
  const r = await base(db).where('l.id', '=', id).executeTakeFirst();
  return r ? toRow(r) : null;
}

/** A team's livestreams, newest first. */
export async function listTeamLivestreams(db: Kysely<ReadModels>, teamId: string): Promise<LivestreamRow[]> {
  const rows = await ofLiveTeams(base(db))
    .where('l.team_id', '=', teamId)
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id')
    .limit(200)
    .execute();
  return rows.map(toRow);
}

/** Streams live now that the user may watch: their teams' and public ones (never a deleted team's). */
export async function listActiveLivestreams(db: Kysely<ReadModels>, userId: string): Promise<LivestreamRow[]> {
  const rows = await ofLiveTeams(base(db))
    .where('l.status', '=', 'live')
    .where((eb) =>
      eb.or([
        eb('l.is_public', '=', true),
        eb('l.team_id', 'in', eb.selectFrom('team_members').select('team_id').where('user_id', '=', userId)),
        // Admins of the team's organization see its streams without being members.
        eb(
          'l.team_id',
          'in',
          eb
            .selectFrom('teams as ot')
            .innerJoin('org_admins as oa', 'oa.org_id', 'ot.org_id')
            .select('ot.id')
            .where('oa.user_id', '=', userId),
        ),
      ]),
    )
    .orderBy('l.actual_start_time', 'desc')
    .limit(200)
    .execute();
  return rows.map(toRow);
}

/**
 * Every live stream (the ingest resumes its grace timers after a restart, and ends those whose
 * team was deleted meanwhile).
 */
export async function listLiveLivestreamIds(
  db: Kysely<ReadModels>,
): Promise<{ id: string; ingest: string | null; teamDeleted: boolean }[]> {
  const rows = await base(db).where('l.status', '=', 'live').execute();
  return rows.map((r: any) => ({
    id: r.id,
    ingest: r.ingest,
    teamDeleted: r.team_deleted_at !== null || r.team_gone_at !== null,
  }));
}

export const chatMessageOf = (r: LivestreamChatRow): LivestreamChatMessage => ({
  id: r.id,
  livestreamId: r.livestream_id,
  teamId: r.team_id,
  userId: r.user_id,
  userName: r.user_name,
  message: r.message,
  sentAt: new Date(r.sent_at).toISOString(),
});

/** A stream's chat, oldest first (the latest `limit`). */
export async function listLivestreamChat(
  db: Kysely<ReadModels>,
  livestreamId: string,
  limit = 200,
): Promise<LivestreamChatMessage[]> {
  const rows = await db
    .selectFrom('livestream_chat as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.livestream_id',
      'c.team_id',
      'c.user_id',
      'c.message',
      'c.sent_at',
      'c.seq',
      'u.name as user_name',
    ])
    .where('c.livestream_id', '=', livestreamId)
    .orderBy('c.seq', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map((r) => chatMessageOf({ ...r, user_name: r.user_name ?? 'Unknown' } as LivestreamChatRow));
}

export async function findLivestreamChatMessage(
  db: Kysely<ReadModels>,
  messageId: string,
): Promise<LivestreamChatMessage | null> {
  const r = await db
    .selectFrom('livestream_chat as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.livestream_id', 'c.team_id', 'c.user_id', 'c.message', 'c.sent_at', 'u.name as user_name'])
    .where('c.id', '=', messageId)
    .executeTakeFirst();
  return r ? chatMessageOf({ ...r, user_name: r.user_name ?? 'Unknown' } as LivestreamChatRow) : null;
}
