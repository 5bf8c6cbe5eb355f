import type { FastifyRequest } from 'fastify';
import type { Bus } from '@sideline/infra';

/** The signed-in user behind a socket, as the session store resolves it. */
export interface RealtimeUser {
  id: string;
  name: string;
  role: string;
}

/**
 * What `authenticate` resolves an upgrade to: the user, and an id of the session that signed it
 * in (an opaque string, e.g. a hash of the cookie: never the cookie itself). The socket lives
 * only as long as that session: revoking it closes the socket (see `publishSessionRevoked`),
 * and the socket re-checks it with `activeSessions` every `sessionCheckIntervalMs`.
 */
export interface RealtimeSession {
  user: RealtimeUser;
  sessionId: string;
}

export interface SendMessageInput {
  teamId: string;
  content: string;
  mediaUrl: string | null;
  clientId?: string;
}

/**
 * Everything the gateway needs from the rest of the app, injected so that realtime never
 * imports command-api (sessions, team membership and the SendMessage command live there).
 */
export interface RealtimeOptions {
  bus: Bus;
  /** Resolves the session (cookie) of the upgrade request; null refuses it with 401. */
  authenticate(request: FastifyRequest): Promise<RealtimeSession | null>;
  /**
   * Which of these session ids still exist and have not expired (any order). Sockets of the
   * others are closed with 1008. Called with the distinct ids of this gateway's sockets.
   */
  activeSessions(sessionIds: readonly string[]): Promise<Iterable<string>>;
  /**
   * The ids of the teams the user belongs to; join_teams joins only these. Cached per connected
   * user and refreshed on the user's `membership` notices, so repeated joins cost no query.
   */
  teamsOf(userId: string): Promise<string[]>;
  /**
   * Runs the SendMessage command for the session's user. The message reaches sockets through
   * the projector's `publishToTeam`, not from here. A thrown error with a `statusCode` < 500
   * has its message shown to the client; anything else is logged and answered generically.
   * Without it, send_message is answered with an error (clients fall back to HTTP).
   */
  onSendMessage?(user: RealtimeUser, input: SendMessageInput): Promise<void>;
  /**
   * Told the teams whose rooms a user is in on this gateway (all their sockets together) after
   * each join, leave and close, so that another process (the notice sender) knows who is
   * connected to a team's chat and does not push its messages to them.
   */
  onRoomsChanged?(userId: string, teamIds: readonly string[]): void;
  /**
   * Which Origin may open the socket (cross-site WebSocket hijacking: the browser sends the
   * cookie on a cross-site upgrade). A list of origins such as 'https://sideline.example', or a
   * predicate. Default: the Origin's host equals the request's host (same origin). With the
   * default and with a list, an upgrade without Origin (not from a browser page) passes; it still
   * needs a session.
   */
  allowedOrigins?: readonly string[] | ((request: FastifyRequest) => boolean);
  /** Route path. Default '/ws'. */
  path?: string;
  /**
   * Ping every socket this often (the sockets take turns through the interval); one that missed
   * the previous pong is terminated. Default 30 s.
   */
  heartbeatIntervalMs?: number;
  /** Largest accepted client frame; ws closes the socket with 1009 above it. Default 64 KiB. */
  maxPayloadBytes?: number;
  /** Above this many bytes queued for a socket, typing/presence updates to it are dropped. */
  dropEphemeralAboveBytes?: number;
  /** Above this many bytes queued, the socket is terminated (the client reconnects and refetches). */
  terminateAboveBytes?: number;
  /** Sustained client frames per second per socket (bursts of twice that are allowed). */
  maxFramesPerSecond?: number;
  /** Open sockets one user may hold on this gateway; one more is closed with 1008. Default 20. */
  maxSocketsPerUser?: number;
  /** Open sockets one client IP (`request.ip`) may hold on this gateway. Default 100. */
  maxSocketsPerIp?: number;
  /** Every this often, each socket's session is checked (revoked or expired: closed). Default 60 s. */
  sessionCheckIntervalMs?: number;
  /** Bus reconnects closer together than this are answered with one more resync, not one each. */
  resyncSpacingMs?: number;
}

export const realtimeDefaults = {
  path: '/ws',
  heartbeatIntervalMs: 30_000,
  maxPayloadBytes: 64 * 1024,
  dropEphemeralAboveBytes: 64 * 1024,
  terminateAboveBytes: 1024 * 1024,
  maxFramesPerSecond: 20,
  maxSocketsPerUser: 20,
  maxSocketsPerIp: 100,
  sessionCheckIntervalMs: 60_000,
  resyncSpacingMs: 1_000,
} as const;
