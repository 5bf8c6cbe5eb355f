import { sql, type Kysely, type RawBuilder } from 'kysely';
import { teamSubject, toEnvelope, type RecordedEvent } from '@sideline/infra';
import {
  DELETED_MESSAGE_TEXT,
  type MessageDeleted,
  type MessageEdited,
  type MessagePinned,
  type MessageSent,
  type MessageUnpinned,
  type RealtimeMessage,
} from '@sideline/domain';
import type { UsersTables } from '../identity/users-read-model.ts';
import type { AfterCommitMessage, Projector } from '../runner/projector.ts';
import { changesFromEventData } from '../runner/read-model-changes.ts';
import type { ChatTables } from './chat-read-model.ts';
import { UNKNOWN_SENDER } from './chat-queries.ts';

type DB = ChatTables & UsersTables;

/**
 * Events older than this are projected without a realtime notification: a catch-up after
 * downtime or a rebuild must not replay old chat to open sockets (clients refetch on reconnect).
 */
export const LIVE_NOTIFICATION_WINDOW_MS = 10 * 60_000;

/**
 * Messages inserted by `apply`, by event, for `afterCommit` (which gets the same event objects).
 * A WeakMap: entries of a batch whose transaction failed are simply never read and go with it.
 */
const published = new WeakMap<RecordedEvent, RealtimeMessage>();

export const chatProjector: Projector<DB> = {
  name: 'chat',
  handles: ['MessageSent', 'MessagePinned', 'MessageUnpinned', 'MessageDeleted', 'MessageEdited'],
  tables: ['messages', 'message_versions'],

  async apply(trx, events) {
    const db: Kysely<DB> = trx;
    await insertMessages(db, events);
    await applyPins(db, events);
    await applyModeration(db, events);
  },

  // A batch of new messages only (a busy chat's every batch) is one statement with its
  // checkpoint: no transaction, so nothing holds PGlite's session or costs PostgreSQL's BEGIN
  // and COMMIT round trips.
  applyAsOneStatement(events) {
    const sent = events.every((e) => e.type === 'MessageSent') ? sentMessages(events) : null;
    if (!sent) return null;
    return {
      statement: (checkpoint) => insertMessagesSql(sent, checkpoint),
      applied: (rows) => rememberPublished(sent, rows),
    };
  },

  changes: (events) => changesFromEventData(events),

  afterCommit(events) {
    // A duplicate of a message already projected was not inserted, so it has no entry.
    return notifications(events, (event) => published.get(event));
  },

  async reannounce(db, events) {
    const live = events.filter(isLive);
    const ids = live.filter((e) => e.type === 'MessageSent').map((e) => (e.data as MessageSent['data']).messageId);
    const rows =
      ids.length === 0
        ? []
        : await db
            .selectFrom('messages')
            .leftJoin('users', 'users.id', 'messages.user_id')
            .select([
              'messages.id',
              'messages.team_id',
              'messages.user_id',
              'messages.text',
              'messages.media_url',
              'messages.client_id',
              'messages.pinned',
              'messages.created_at',
              'users.name',
              'users.avatar_url',
            ])
            .where('messages.id', 'in', ids)
            .execute();
    const byId = new Map(
      rows.map((r) => [
        r.id,
        realtimeMessage(r, r.name === null ? undefined : { name: r.name, avatar_url: r.avatar_url }),
      ]),
    );
    // Only the event that inserted a row announces it; a duplicate sent later stays quiet.
    const first = new Set<RecordedEvent>();
    const seen = new Set<string>();
    for (const event of live) {
      if (event.type !== 'MessageSent') continue;
      const { messageId } = event.data as MessageSent['data'];
      if (!seen.has(messageId)) first.add(event);
      seen.add(messageId);
    }
    return notifications(live, (event) =>
      first.has(event) ? byId.get((event.data as MessageSent['data']).messageId) : undefined,
    );
  },
};

const isLive = (event: RecordedEvent) =>
  Date.now() - Date.parse(event.metadata.occurredAt) <= LIVE_NOTIFICATION_WINDOW_MS;

function notifications(
  events: readonly RecordedEvent[],
  messageOf: (event: RecordedEvent) => RealtimeMessage | undefined,
): AfterCommitMessage[] {
  const messages: AfterCommitMessage[] = [];
  const pinnedTeams = new Set<string>();
  for (const event of events) {
    if (!isLive(event)) continue;
    if (event.type === 'MessageSent') {
      const message = messageOf(event);
      if (!message) continue;
      messages.push({
        subject: teamSubject(message.teamId, 'message'),
        data: toEnvelope({ type: 'new_message', message }),
      });
    } else if (event.type === 'MessageDeleted' || event.type === 'MessageEdited') {
      // Small notices: members replace the message in place (deleted: 'Message deleted').
      const d = event.data as MessageDeleted['data'] | MessageEdited['data'];
      const deleted = event.type === 'MessageDeleted';
      messages.push({
        subject: teamSubject(d.teamId, 'message'),
        data: toEnvelope({
          type: deleted ? 'message_deleted' : 'message_edited',
          teamId: d.teamId,
          messageId: d.messageId,
          ...(deleted
            ? { text: DELETED_MESSAGE_TEXT, deleted: true, deletedAt: event.metadata.occurredAt }
            : { text: d.text, deleted: false, editedAt: event.metadata.occurredAt }),
        }),
      });
    } else {
      pinnedTeams.add((event.data as MessagePinned['data']).teamId);
    }
  }
  for (const teamId of pinnedTeams) {
    messages.push({ subject: teamSubject(teamId, 'pinned'), data: toEnvelope({ type: 'pinned_changed', teamId }) });
  }
  return messages;
}

interface MessageRow {
  id: string;
  team_id: string;
  user_id: string;
  text: string;
  media_url: string | null;
  client_id: string | null;
  pinned: boolean;
  created_at: Date;
}

/** The new_message payload: the REST shape plus the spec's socket field names. */
function realtimeMessage(
  row: MessageRow,
  user: { name: string; avatar_url: string | null } | undefined,
): RealtimeMessage {
  const name = user?.name ?? UNKNOWN_SENDER;
  return {
    id: row.id,
    teamId: row.team_id,
    userId: row.user_id,
    text: row.text,
    mediaUrl: row.media_url,
    timestamp: row.created_at.toISOString(),
    pinned: row.pinned,
    clientId: row.client_id,
    user: { name, avatarUrl: user?.avatar_url ?? null },
    deleted: false,
    editedAt: null,
    content: row.text,
    senderId: row.user_id,
    senderName: name,
  };
}

/** A batch's new messages: one row per id, even if the log holds a duplicate (a retry racing its original). */
interface SentMessages {
  byId: Map<string, RecordedEvent>;
  rows: Array<Omit<MessageRow, 'pinned'>>;
}

function sentMessages(events: readonly RecordedEvent[]): SentMessages | null {
  const byId = new Map<string, RecordedEvent>();
  for (const event of events) {
    if (event.type !== 'MessageSent') continue;
    const { messageId } = event.data as MessageSent['data'];
    if (!byId.has(messageId)) byId.set(messageId, event);
  }
  if (byId.size === 0) return null;
  const rows = [...byId.values()].map((e) => {
    const d = e.data as MessageSent['data'];
    return {
      id: d.messageId,
      team_id: d.teamId,
      user_id: d.userId,
      text: d.text,
      media_url: d.mediaUrl,
      client_id: d.clientId,
      created_at: new Date(e.metadata.occurredAt),
    };
  });
  return { byId, rows };
}

/**
 * One statement, one round trip: DO NOTHING on any unique index (a known id, or a (team,
 * sender, clientId) already used); the inserted ones get their 'sent' version, and come back
 * with their sender's name for the realtime frames. The rows travel as one JSON parameter, in
 * log order: built as a VALUES list, the statement cost a query-builder node per value, a good
 * part of what the server allocated and compiled under a busy chat. With `checkpoint` (see
 * `Projector.applyAsOneStatement`) it also moves the projector's checkpoint, and writes and
 * returns nothing if the checkpoint had moved.
 */
function insertMessagesSql({ byId, rows }: SentMessages, checkpoint?: RawBuilder<unknown>) {
  const source = JSON.stringify(
    [...byId].map(([, event], i) => ({ ...rows[i]!, created_at: event.metadata.occurredAt, event_id: event.id })),
  );
  return sql<{ id: string | null; name: string | null; avatar_url: string | null }>`
    WITH ${checkpoint ? sql`${checkpoint},` : sql``}
    src AS (
      SELECT * FROM ROWS FROM (json_to_recordset(${source}::json) AS (
        id text, team_id text, user_id text, text text, media_url text, client_id text,
        created_at timestamptz, event_id text)) WITH ORDINALITY
        AS r(id, team_id, user_id, text, media_url, client_id, created_at, event_id, ord)),
    ins AS (
      INSERT INTO messages (id, team_id, user_id, text, media_url, client_id, created_at)
      SELECT id, team_id, user_id, text, media_url, client_id, created_at
        FROM src ${checkpoint ? sql`CROSS JOIN checkpoint` : sql``} ORDER BY ord
      ON CONFLICT DO NOTHING
      RETURNING id, team_id, user_id, text, created_at),
    versions AS (
      INSERT INTO message_versions (id, message_id, team_id, sender_id, kind, text, by, at)
      SELECT src.event_id, ins.id, ins.team_id, ins.user_id, 'sent', ins.text, ins.user_id, ins.created_at
        FROM ins JOIN src ON src.id = ins.id
      ON CONFLICT DO NOTHING),
    sent AS (SELECT ins.id, users.name, users.avatar_url FROM ins LEFT JOIN users ON users.id = ins.user_id)
    ${checkpoint ? sql`SELECT sent.* FROM checkpoint LEFT JOIN sent ON true` : sql`SELECT * FROM sent`}`;
}

/** The realtime frames of the messages the statement inserted (a duplicate was not, and has none). */
function rememberPublished(
  { byId, rows }: SentMessages,
  inserted: ReadonlyArray<{ id: string | null; name: string | null; avatar_url: string | null }>,
): void {
  const rowById = new Map(rows.map((r) => [r.id, r]));
  for (const { id, name, avatar_url } of inserted) {
    if (id === null) continue;
    const row = rowById.get(id)!;
    const sender = name === null ? undefined : { name, avatar_url };
    published.set(byId.get(id)!, realtimeMessage({ ...row, pinned: false }, sender));
  }
}

async function insertMessages(db: Kysely<DB>, events: readonly RecordedEvent[]): Promise<void> {
  const sent = sentMessages(events);
  if (!sent) return;
  const { rows: inserted } = await insertMessagesSql(sent).execute(db);
  rememberPublished(sent, inserted);
}

async function applyPins(db: Kysely<DB>, events: readonly RecordedEvent[]): Promise<void> {
  // The last pin or unpin of each message in the batch decides its state: one UPDATE in all.
  const last = new Map<string, { pinned: boolean; at: string; by: string }>();
  for (const event of events) {
    if (event.type !== 'MessagePinned' && event.type !== 'MessageUnpinned') continue;
    const { messageId, by } = event.data as MessagePinned['data'] | MessageUnpinned['data'];
    last.set(messageId, { pinned: event.type === 'MessagePinned', at: event.metadata.occurredAt, by });
  }
  if (last.size === 0) return;
  const values = sql.join(
    [...last].map(
      ([id, p]) =>
        sql`(${id}::text, ${p.pinned}::boolean, ${p.pinned ? p.at : null}::timestamptz, ${p.pinned ? p.by : null}::text)`,
    ),
  );
  await sql`UPDATE messages SET pinned = v.pinned, pinned_at = v.pinned_at, pinned_by = v.pinned_by
            FROM (VALUES ${values}) AS v(id, pinned, pinned_at, pinned_by)
            WHERE messages.id = v.id`.execute(db);
}

/** Deletions and edits: the member-facing row changes in place; every version is kept apart. */
async function applyModeration(db: Kysely<DB>, events: readonly RecordedEvent[]): Promise<void> {
  const moderated = events.filter((e) => e.type === 'MessageDeleted' || e.type === 'MessageEdited');
  if (moderated.length === 0) return;
  await db
    .insertInto('message_versions')
    .values(
      moderated.map((e) => {
        const d = e.data as MessageDeleted['data'] | MessageEdited['data'];
        return {
          id: e.id,
          message_id: d.messageId,
          team_id: d.teamId,
          sender_id: d.senderId,
          kind: e.type === 'MessageDeleted' ? ('deleted' as const) : ('edited' as const),
          text: d.text,
          by: d.by,
          at: new Date(e.metadata.occurredAt),
        };
      }),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  for (const e of moderated) {
    const d = e.data as MessageDeleted['data'] | MessageEdited['data'];
    const at = new Date(e.metadata.occurredAt);
    if (e.type === 'MessageDeleted') {
      // Members keep no copy of a deleted text (nor its picture): the audit has it.
      await db
        .updateTable('messages')
        .set({
          text: '',
          media_url: null,
          deleted_at: at,
          deleted_by: d.by,
          pinned: false,
          pinned_at: null,
          pinned_by: null,
        })
        .where('id', '=', d.messageId)
        .execute();
    } else {
      await db
        .updateTable('messages')
        .set({ text: d.text, edited_at: at })
        .where('id', '=', d.messageId)
        .where('deleted_at', 'is', null)
        .execute();
    }
  }
}
