import { sql, type Kysely } from 'kysely';
import type { ReadModels } from '../read-models.ts';
import { DELETED_MESSAGE_TEXT, MESSAGES_PAGE_SIZE, type Message } from '@sideline/domain';

/** Shown when a sender's user row is missing (spec §8 display fallback). */
export const UNKNOWN_SENDER = 'Unknown User';

const messageColumns = [
  'messages.id',
  'messages.team_id',
  'messages.user_id',
  'messages.text',
  'messages.media_url',
  'messages.client_id',
  'messages.pinned',
  'messages.created_at',
  'messages.deleted_at',
  'messages.edited_at',
  'users.name',
  'users.avatar_url',
] as const;

interface MessageRow {
  id: string;
  team_id: string;
  user_id: string;
  text: string;
  media_url: string | null;
  client_id: string | null;
  pinned: boolean;
  created_at: Date;
  deleted_at: Date | null;
  edited_at: Date | null;
  name: string | null;
  avatar_url: string | null;
}

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    teamId: row.team_id,
    userId: row.user_id,
    text: row.deleted_at ? DELETED_MESSAGE_TEXT : row.text,
    mediaUrl: row.deleted_at ? null : row.media_url,
    timestamp: row.created_at.toISOString(),
    pinned: row.pinned,
    clientId: row.client_id,
    user: { name: row.name ?? UNKNOWN_SENDER, avatarUrl: row.avatar_url },
    deleted: row.deleted_at !== null,
    editedAt: row.edited_at ? row.edited_at.toISOString() : null,
  };
}

function selectMessages(database: Kysely<ReadModels>) {
  return database.selectFrom('messages').leftJoin('users', 'users.id', 'messages.user_id').select(messageColumns);
}

/**
 * One page of a team's chat, oldest→newest within the page: the newest `limit` messages, or
 * those just older than the message `before` (the id of the oldest message the client has).
 */
export async function listMessages(
  database: Kysely<ReadModels>,
  teamId: string,
  options: { before?: string | undefined; limit?: number } = {},
): Promise<Message[]> {
  let query = selectMessages(database)
    .where('messages.team_id', '=', teamId)
    .orderBy('messages.created_at', 'desc')
    .orderBy('messages.seq', 'desc')
    .limit(options.limit ?? MESSAGES_PAGE_SIZE);
  if (options.before !== undefined) {
    // Row comparison on the index's own columns; a cursor from another team matches nothing.
    query = query.where(
      sql<boolean>`(messages.created_at, messages.seq) < (SELECT c.created_at, c.seq FROM messages c
                    WHERE c.id = ${options.before} AND c.team_id = ${teamId})`,
    );
  }
  const rows = await query.execute();
  return rows.reverse().map(toMessage);
}

/** The team's pinned messages, most recently pinned first (the banner shows the first). */
export async function listPinnedMessages(database: Kysely<ReadModels>, teamId: string): Promise<Message[]> {
  const rows = await selectMessages(database)
    .where('messages.team_id', '=', teamId)
    .where('messages.pinned', '=', true)
    .orderBy('messages.pinned_at', 'desc')
    .orderBy('messages.seq', 'desc')
    .execute();
  return rows.map(toMessage);
}

export async function findMessage(
  database: Kysely<ReadModels>,
  teamId: string,
  messageId: string,
): Promise<Message | null> {
  const row = await selectMessages(database)
    .where('messages.team_id', '=', teamId)
    .where('messages.id', '=', messageId)
    .executeTakeFirst();
  return row ? toMessage(row) : null;
}

/** The message a sender already sent with this retry key (unique index lookup). */
export async function findMessageByClientId(
  database: Kysely<ReadModels>,
  teamId: string,
  userId: string,
  clientId: string,
): Promise<Message | null> {
  const row = await selectMessages(database)
    .where('messages.team_id', '=', teamId)
    .where('messages.user_id', '=', userId)
    .where('messages.client_id', '=', clientId)
    .executeTakeFirst();
  return row ? toMessage(row) : null;
}

/** Whether the message exists in the team and is pinned (what a pin command needs to know). */
export async function messagePinState(
  database: Kysely<ReadModels>,
  teamId: string,
  messageId: string,
): Promise<{ pinned: boolean } | null> {
  const row = await database
    .selectFrom('messages')
    .select('pinned')
    .where('team_id', '=', teamId)
    .where('id', '=', messageId)
    .executeTakeFirst();
  return row ? { pinned: row.pinned } : null;
}

/** A message's sender and whether it is deleted: what a delete or edit command folds (or null). */
export async function messageOwnership(
  database: Kysely<ReadModels>,
  teamId: string,
  messageId: string,
): Promise<{ senderId: string; deleted: boolean } | null> {
  const row = await database
    .selectFrom('messages')
    .select(['user_id', 'deleted_at'])
    .where('team_id', '=', teamId)
    .where('id', '=', messageId)
    .executeTakeFirst();
  return row ? { senderId: row.user_id, deleted: row.deleted_at !== null } : null;
}
