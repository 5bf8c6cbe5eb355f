import { z } from 'zod';
import { boundedIsoDateTime } from '../shared/dates.ts';
import { ID_MESSAGE, ID_PATTERN } from '../shared/ids.ts';
import { safeText, text } from '../shared/text.ts';
import { LIVESTREAM_CHAT_MAX, LIVESTREAM_DESCRIPTION_MAX, LIVESTREAM_TITLE_MAX } from './limits.ts';
import { livestreamIngestStates, livestreamStatuses, livestreamUserCommandTypes } from './states.ts';

/** Stream types of the Create Livestream form (spec part 2 §2, §9); default match. */
export const livestreamTypes = ['match', 'practice', 'event', 'training'] as const;
export type LivestreamType = (typeof livestreamTypes)[number];

export { LIVESTREAM_CHAT_MAX, LIVESTREAM_DESCRIPTION_MAX, LIVESTREAM_TITLE_MAX } from './limits.ts';

/**
 * POST /api/livestreams: the Create Livestream form (spec part 2 §2, §5): only the title is
 * required; type defaults to match; public off, chat on, record on; scheduledStartTime an ISO
 * date-time or null/empty.
 */
export const createLivestreamInputSchema = z.object({
  teamId: z.string({ error: 'Team is required' }).trim().min(1, 'Team is required').regex(ID_PATTERN, ID_MESSAGE),
  title: text({ error: 'Stream title is required' })
    .trim()
    .min(1, 'Stream title is required')
    .max(LIVESTREAM_TITLE_MAX, `At most ${LIVESTREAM_TITLE_MAX} characters`),
  description: safeText
    .trim()
    .max(LIVESTREAM_DESCRIPTION_MAX, `At most ${LIVESTREAM_DESCRIPTION_MAX} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
  streamType: z
    .enum(livestreamTypes, { error: 'Choose match, practice, event or training' })
    .nullish()
    .transform((v) => v ?? 'match'),
  scheduledStartTime: z
    .union([z.literal(''), boundedIsoDateTime('Choose a date and a time')], {
      // What the date-time check says (out of range, not a date-time), not the union's "Invalid input".
      error: (issue) => (issue.code === 'invalid_union' && issue.errors[1]?.[0]?.message) || 'Choose a date and a time',
    })
    .nullish()
    .transform((v) => (v ? new Date(v).toISOString() : null)),
  isPublic: z.boolean({ error: 'Must be true or false' }).default(false),
  allowChat: z.boolean({ error: 'Must be true or false' }).default(true),
  recordStream: z.boolean({ error: 'Must be true or false' }).default(true),
});
export type CreateLivestreamInput = z.input<typeof createLivestreamInputSchema>;

/** POST /api/livestreams/{id}/chat: `{ message }`, sent trimmed; empty after trimming is a 400. */
export const livestreamChatInputSchema = z.object({
  message: text({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(LIVESTREAM_CHAT_MAX, `At most ${LIVESTREAM_CHAT_MAX} characters`),
  /** Optional client id: a retried send posts the message once. */
  clientId: z.string().regex(ID_PATTERN, ID_MESSAGE).optional(),
});

/** A livestream as every GET returns it (the spec's Livestream entity plus a few fields). */
export const livestreamSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  teamName: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  streamType: z.enum(livestreamTypes),
  scheduledStartTime: z.string().nullable(),
  /** When the first publish went live. */
  actualStartTime: z.string().nullable(),
  endedAt: z.string().nullable(),
  status: z.enum(livestreamStatuses),
  /** While live: the publisher is connected (`on_air`) or dropped and may come back (`interrupted`). */
  ingest: z.enum(livestreamIngestStates).nullable(),
  isPublic: z.boolean(),
  allowChat: z.boolean(),
  recordStream: z.boolean(),
  /** Current viewers: open HTTP-FLV playbacks and HLS players seen in the last few seconds. */
  viewerCount: z.number().int(),
  /** Peak concurrent viewers. */
  maxViewers: z.number().int(),
  /** rtmp://host:port/live — the publish URL is `${rtmpUrl}/${streamKey}`. Managers only, else null. */
  rtmpUrl: z.string().nullable(),
  /** The full key: only in the answers of create and rotate-key (shown once); null elsewhere. */
  streamKey: z.string().nullable(),
  /** The key's last 4 characters, for a masked display (`••••••••abcd`). Managers only, else null. */
  streamKeyHint: z.string().nullable(),
  /**
   * The key stopped working because the organization deactivated the person it was issued to: it
   * publishes nothing until a manager rotates it. Managers only (false for others).
   */
  streamKeyRevoked: z.boolean(),
  /** Same-origin HTTP-FLV URL (`/api/livestreams/{id}/live.flv`) while live, else null. */
  playbackUrl: z.string().nullable(),
  /**
   * Same-origin HLS playlist (`/api/livestreams/{id}/hls/index.m3u8`: H.264/AAC in 1–2 s MPEG-TS
   * segments) while live, else null. Same access as playbackUrl.
   */
  hlsPlaybackUrl: z.string().nullable(),
  /** The recording in the team's Media Hub once stored, else null. */
  recordingMediaId: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** The caller manages the stream (coach of the team or admin of its organization). */
  canManage: z.boolean(),
  /** What the caller may do now, from the lifecycle machine (managers only; chat for members). */
  actions: z.array(z.enum(livestreamUserCommandTypes)),
  /**
   * On the stream read by a manager, for a private stream not yet over: the rostered players
   * without `livestream` consent, to see before going live. Absent for everyone else.
   */
  playersWithoutConsent: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
});
export type Livestream = z.infer<typeof livestreamSchema>;

/** A chat message of a livestream (answer of POST …/chat, items of GET …/chat, the socket frame's). */
export const livestreamChatMessageSchema = z.object({
  id: z.string(),
  livestreamId: z.string(),
  teamId: z.string(),
  userId: z.string(),
  userName: z.string(),
  message: z.string(),
  sentAt: z.string(),
});
export type LivestreamChatMessage = z.infer<typeof livestreamChatMessageSchema>;
export const livestreamChatListSchema = z.array(livestreamChatMessageSchema);

// ---- socket frames (server → client, over /ws to the members of the stream's team) ----------

/** The stream changed (status, ingest, recording, key rotated): refetch its queries. */
export const livestreamUpdatedFrame = z.object({
  type: z.literal('livestream_updated'),
  livestreamId: z.string(),
  teamId: z.string(),
  status: z.enum(livestreamStatuses),
  /** While live: `on_air`, or `interrupted` while the publisher is away (within the grace period). */
  ingest: z.enum(livestreamIngestStates).nullable(),
});

/** Current and peak viewers, pushed when they change. */
export const livestreamViewersFrame = z.object({
  type: z.literal('livestream_viewers'),
  livestreamId: z.string(),
  teamId: z.string(),
  viewerCount: z.number().int(),
  maxViewers: z.number().int(),
});

/** A chat message was posted to the stream (append it; the same shape as GET …/chat items). */
export const livestreamChatFrame = z.object({
  type: z.literal('livestream_chat'),
  livestreamId: z.string(),
  teamId: z.string(),
  message: livestreamChatMessageSchema,
});
export type LivestreamViewersFrame = z.infer<typeof livestreamViewersFrame>;
