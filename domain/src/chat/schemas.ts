import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { safeText } from '../shared/text.ts';

import { MESSAGE_MAX_LENGTH, MESSAGES_PAGE_SIZE } from './limits.ts';

export { MESSAGE_MAX_LENGTH, MESSAGES_PAGE_SIZE } from './limits.ts';

/** A client-chosen id that makes a send idempotent (retries yield the same message). */
export const clientMessageIdSchema = z
  .string()
  .trim()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/**
 * A media URL Sideline served itself (chat images are uploaded first). External URLs are refused
 * so a message cannot make members' browsers fetch from elsewhere.
 */
export const ownMediaUrlSchema = z.string().regex(/^\/api\/media\/[A-Za-z0-9_-]+(\.[a-z0-9]+)?$/, 'Unknown media URL');

/** POST /api/teams/{teamId}/messages (HTTP fallback when the socket is down). */
export const sendMessageInputSchema = z
  .object({
    text: safeText.max(MESSAGE_MAX_LENGTH, `Messages are at most ${MESSAGE_MAX_LENGTH} characters`).default(''),
    mediaUrl: ownMediaUrlSchema.nullish().transform((v) => v ?? null),
    clientId: clientMessageIdSchema.optional(),
  })
  .refine((m) => m.text.trim().length > 0 || m.mediaUrl !== null, {
    message: 'Write a message or attach a photo',
    path: ['text'],
  });
export type SendMessageInput = z.input<typeof sendMessageInputSchema>;

/** A message as GET /api/teams/{teamId}/messages returns it. */
export const messageSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  userId: z.string(),
  text: z.string(),
  mediaUrl: z.string().nullable(),
  timestamp: z.string(),
  pinned: z.boolean(),
  clientId: z.string().nullable(),
  user: z.object({ name: z.string(), avatarUrl: z.string().nullable() }),
  /** Taken down by its sender or a manager: `text` is DELETED_MESSAGE_TEXT and `mediaUrl` null. */
  /** Always sent by the server; optional so clients may build pending messages without it. */
  deleted: z.boolean().optional(),
  /** When its sender last edited it (null: never). */
  editedAt: z.string().nullable().optional(),
});
export type Message = z.infer<typeof messageSchema>;

/** What members see in place of a deleted message (the original stays in the admins' audit). */
export const DELETED_MESSAGE_TEXT = 'Message deleted';

/** PATCH /api/teams/{teamId}/messages/{messageId}: the sender edits their text. */
export const editMessageInputSchema = z.object({
  text: safeText
    .max(MESSAGE_MAX_LENGTH, `Messages are at most ${MESSAGE_MAX_LENGTH} characters`)
    .refine((t) => t.trim().length > 0, 'Write a message'),
});

/** GET /api/teams/{teamId}/messages?before={messageId}&limit=n: oldest→newest within the page. */
export const messagesPageQuerySchema = z.object({
  before: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(MESSAGES_PAGE_SIZE),
});
