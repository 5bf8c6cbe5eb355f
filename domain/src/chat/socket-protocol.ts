import { z } from 'zod';
import { ID_PATTERN } from '../shared/ids.ts';
import { safeText } from '../shared/text.ts';
import { messageSchema } from './schemas.ts';
import { rsvpStatuses } from '../calendar/schemas.ts';
import { livestreamChatFrame, livestreamUpdatedFrame, livestreamViewersFrame } from '../livestreams/schemas.ts';

/**
 * The `/ws` protocol of the spec (part 1 §7 "Realtime socket"), as zod schemas shared by the
 * realtime gateway and the web client (both import it from `@sideline/domain`). Every frame is a
 * JSON object with a `type`.
 *
 * Client frames keep the spec's identity fields (`userId`, `senderId`, `senderName`,
 * `userName`) as optional and IGNORED: the gateway always uses the session's user, so an old or
 * malicious client cannot speak for someone else.
 */

/** Ids travel as NATS subject tokens: the shared id shape has no '.', '*', '>', whitespace or NUL. */
const id = z.string().regex(ID_PATTERN, 'must be an id');

const ignoredIdentity = z.unknown().optional();

// ---- client → server -----------------------------------------------------------------------

export const joinTeamsFrame = z.object({
  type: z.literal('join_teams'),
  userId: ignoredIdentity,
  teamIds: z.array(id).max(500),
});

export const sendMessageFrame = z.object({
  type: z.literal('send_message'),
  teamId: id,
  content: safeText.max(10_000).default(''),
  mediaUrl: safeText.max(2_048).nullish(),
  /**
   * Client-generated id: makes a retried send idempotent and lets the sender match the echo.
   * Loose here so a bad one still gets its error frame with the clientId echoed; the SendMessage
   * command enforces `clientMessageIdSchema`.
   */
  clientId: safeText.min(1).max(128).optional(),
  senderId: ignoredIdentity,
  senderName: ignoredIdentity,
});

export const typingFrame = z.object({
  type: z.literal('typing'),
  teamId: id,
  isTyping: z.boolean(),
  userId: ignoredIdentity,
  userName: ignoredIdentity,
});

export const presenceStatus = z.enum(['online', 'away', 'offline']);

export const presenceFrame = z.object({
  type: z.literal('presence'),
  status: presenceStatus,
  /** Accepted for compatibility; the gateway stamps its own clock instead. */
  lastSeen: z.unknown().optional(),
  userId: ignoredIdentity,
});

export const clientFrameSchemas = {
  join_teams: joinTeamsFrame,
  send_message: sendMessageFrame,
  typing: typingFrame,
  presence: presenceFrame,
} as const;

export const clientFrame = z.discriminatedUnion('type', [joinTeamsFrame, sendMessageFrame, typingFrame, presenceFrame]);

export type JoinTeamsFrame = z.infer<typeof joinTeamsFrame>;
export type SendMessageFrame = z.infer<typeof sendMessageFrame>;
export type TypingFrame = z.infer<typeof typingFrame>;
export type ClientFrame = z.infer<typeof clientFrame>;
/** What a client writes (identity fields optional, content defaulted). */
export type ClientFrameInput = z.input<typeof clientFrame>;
export type PresenceStatus = z.infer<typeof presenceStatus>;

// ---- server → client -----------------------------------------------------------------------

/**
 * A chat message as the chat projector publishes it in `new_message`: the API's `Message` (what
 * GET /api/teams/{teamId}/messages returns, so the client can insert it as is) plus the spec's
 * realtime fields (§3: `content`, `senderId`, `senderName`; `teamId` and `mediaUrl` are shared).
 * Loose: fields may be added (e.g. reactions) without a protocol change.
 */
export const realtimeMessage = messageSchema
  .extend({
    /** = text */
    content: z.string(),
    /** = userId */
    senderId: z.string(),
    /** = user.name, from the read model (never from the sending client). */
    senderName: z.string(),
  })
  .loose();

export const joinedFrame = z.object({
  type: z.literal('joined'),
  teamIds: z.array(z.string()),
  /**
   * Present when some of those teams had a "this changed" frame in the last minute (before this
   * socket followed them): `changedAt` by team, in the server's epoch ms, and the server's `now`
   * to read them against the client's clock. Reads of such a team answered before its change are
   * stale: fetch them again.
   */
  recentChanges: z.object({ now: z.number(), changedAt: z.record(z.string(), z.number()) }).optional(),
});

export const newMessageFrame = z.object({
  type: z.literal('new_message'),
  message: realtimeMessage,
});

export const typingUpdateFrame = z.object({
  type: z.literal('typing_update'),
  teamId: z.string(),
  userId: z.string(),
  userName: z.string(),
  isTyping: z.boolean(),
});

export const presenceUpdateFrame = z.object({
  type: z.literal('presence_update'),
  /** The team whose members are told; a user in several shared teams is announced per team. */
  teamId: z.string(),
  userId: z.string(),
  userName: z.string(),
  status: presenceStatus,
  lastSeen: z.string(),
});

export const errorFrame = z.object({
  type: z.literal('error'),
  message: z.string(),
  /** Machine-readable reason, e.g. 'bad_frame', 'not_joined', 'rate_limited'. */
  code: z.string().optional(),
  /** Echoes the `clientId` of the send_message that failed, so the client can mark it. */
  clientId: z.string().optional(),
});

/** The team's pinned list changed: refetch GET /api/teams/{teamId}/messages/pinned. */
export const pinnedChangedFrame = z.object({
  type: z.literal('pinned_changed'),
  teamId: z.string(),
});

/** A photo was uploaded to the team: refetch GET /api/teams/{teamId}/media. */
export const mediaChangedFrame = z.object({
  type: z.literal('media_changed'),
  teamId: z.string(),
});

/**
 * The signed-in user's team list changed: refetch GET /api/teams and send join_teams again. Sent
 * to the user's own sockets only: `teamId` when they joined a team or their role in it changed,
 * `orgId` when an organization changed their standing there (admin rights, deactivation), which
 * may touch all of its teams.
 */
export const membershipChangedFrame = z.object({
  type: z.literal('membership_changed'),
  teamId: z.string().optional(),
  orgId: z.string().optional(),
});

/** A team's member list changed: refetch GET /api/teams/{teamId}/members (and the teams). */
export const teamMembersChangedFrame = z.object({
  type: z.literal('team_members_changed'),
  teamId: z.string(),
});

/**
 * A match of one of the user's teams changed (status, lineup, stats, corrections): refetch its
 * queries (GET /api/matches, /api/matches/{matchId}/…, /api/me/matches, the teams' matches and the
 * admin stats). Sent to the members of the match's teams (`teamIds`: team A alone when the other
 * side is an opponent outside Sideline), and to the admins of its organization who are in neither
 * team, on their own sockets.
 */
export const matchUpdatedFrame = z.object({
  type: z.literal('match_updated'),
  matchId: z.string(),
  teamIds: z.array(z.string()),
});

/**
 * The gateway may have missed notifications (its bus connection dropped and came back): refetch
 * everything shown, as after the socket's own reconnect. Nothing else about the socket changed.
 */
export const resyncFrame = z.object({
  type: z.literal('resync'),
});

export const serverFrame = z.discriminatedUnion('type', [
  joinedFrame,
  newMessageFrame,
  pinnedChangedFrame,
  mediaChangedFrame,
  membershipChangedFrame,
  teamMembersChangedFrame,
  matchUpdatedFrame,
  livestreamUpdatedFrame,
  livestreamViewersFrame,
  livestreamChatFrame,
  typingUpdateFrame,
  presenceUpdateFrame,
  errorFrame,
  resyncFrame,
]);

export type RealtimeMessage = z.infer<typeof realtimeMessage>;
export type TypingUpdateFrame = z.infer<typeof typingUpdateFrame>;
export type PresenceUpdateFrame = z.infer<typeof presenceUpdateFrame>;
export type ErrorFrame = z.infer<typeof errorFrame>;
export type ServerFrame = z.infer<typeof serverFrame>;

/**
 * "This changed" notices projectors publish to team or user sockets beyond the frames above; the
 * gateway forwards them untouched and the web app refetches what they name. Described here so the
 * `/ws` contract (GET /api/asyncapi.json) lists every frame a client may receive.
 */
export const eventsChangedFrame = z.object({
  type: z.literal('events_changed'),
  teamId: z.string(),
  eventIds: z.array(z.string()),
});

export const teamPlayersChangedFrame = z.object({ type: z.literal('team_players_changed'), teamId: z.string() });

export const teamInvitationsChangedFrame = z.object({
  type: z.literal('team_invitations_changed'),
  teamId: z.string(),
});

/** To the user whose XP or dulars changed. */
export const rewardsChangedFrame = z.object({ type: z.literal('rewards_changed'), userId: z.string() });

export const messageEditedFrame = z.object({
  type: z.literal('message_edited'),
  teamId: z.string(),
  messageId: z.string(),
  text: z.string(),
  deleted: z.literal(false),
  editedAt: z.string(),
});

/** `text` is the placeholder shown in its place ('Message deleted'). */
export const messageDeletedFrame = z.object({
  type: z.literal('message_deleted'),
  teamId: z.string(),
  messageId: z.string(),
  text: z.string(),
  deleted: z.literal(true),
  deletedAt: z.string(),
});

/** To the team's coaches: someone changed their answer shortly before an event. */
export const rsvpLateChangeFrame = z.object({
  type: z.literal('rsvp_late_change'),
  teamId: z.string(),
  eventId: z.string(),
  occurrenceDate: z.string(),
  /** The member who answered for themself; null when a guardian answered for a player. */
  userId: z.string().nullable(),
  playerId: z.string().nullable(),
  userName: z.string(),
  eventTitle: z.string(),
  status: z.enum(rsvpStatuses),
});

export const notificationFrames = [
  eventsChangedFrame,
  teamPlayersChangedFrame,
  teamInvitationsChangedFrame,
  rewardsChangedFrame,
  messageEditedFrame,
  messageDeletedFrame,
  rsvpLateChangeFrame,
] as const;

/**
 * Any frame the server sends: the frames above, plus "this changed" notifications projectors
 * may add later (`{ type: 'events_changed', teamId }`, …), which the gateway forwards untouched.
 */
export type OutgoingFrame = ServerFrame | { type: string; [field: string]: unknown };

/** Frames a slow socket loses first: they are superseded within seconds anyway. */
export const ephemeralFrameTypes: ReadonlySet<string> = new Set([
  'typing_update',
  'presence_update',
  'livestream_viewers',
]);

// ---- parsing -------------------------------------------------------------------------------

export type ParsedClientFrame =
  { ok: true; frame: ClientFrame } | { ok: false; message: string; code: 'bad_json' | 'bad_frame' | 'unknown_type' };

/** Parses one text frame; every failure comes back as the message for an `error` frame. */
export function parseClientFrame(text: string): ParsedClientFrame {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, code: 'bad_json', message: 'Malformed frame: not valid JSON' };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, code: 'bad_frame', message: 'Malformed frame: expected a JSON object' };
  }
  const type = (raw as { type?: unknown }).type;
  if (typeof type !== 'string') {
    return { ok: false, code: 'bad_frame', message: 'Malformed frame: missing "type"' };
  }
  if (!Object.hasOwn(clientFrameSchemas, type)) {
    return {
      ok: false,
      code: 'unknown_type',
      message: `Unknown frame type "${type.slice(0, 64)}"`,
    };
  }
  const result = clientFrameSchemas[type as keyof typeof clientFrameSchemas].safeParse(raw);
  if (!result.success) {
    const details = result.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(frame)'}: ${issue.message}`)
      .join('; ');
    return { ok: false, code: 'bad_frame', message: `Invalid ${type} frame: ${details}` };
  }
  return { ok: true, frame: result.data };
}
