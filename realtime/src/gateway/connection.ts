import type { WebSocket } from 'ws';
import type { ErrorFrame, OutgoingFrame, PresenceStatus } from '../protocol.ts';
import type { RealtimeUser } from './options.ts';
import { TokenBucket } from './rate-limit.ts';

// ws's readyState value for OPEN (avoids a runtime import of ws just for the constant).
const OPEN = 1;

export interface SendLimits {
  dropEphemeralAboveBytes: number;
  terminateAboveBytes: number;
}

export type SendOutcome = 'sent' | 'dropped' | 'terminated' | 'closed';

/** The subset of a ws socket the send policy needs (lets it be tested without a network). */
export type SendableSocket = Pick<WebSocket, 'readyState' | 'bufferedAmount' | 'send' | 'terminate'>;

/**
 * Sends one frame, bounding what a slow client can make us buffer: first its typing/presence
 * updates are dropped (they are stale in seconds), then, if even chat frames pile up, it is
 * terminated so its reconnect refetches everything instead of us holding megabytes for it.
 */
export function sendBounded(
  socket: SendableSocket,
  data: string | Buffer,
  ephemeral: boolean,
  limits: SendLimits,
): SendOutcome {
  if (socket.readyState !== OPEN) return 'closed';
  const queued = socket.bufferedAmount;
  if (queued > limits.terminateAboveBytes) {
    socket.terminate();
    return 'terminated';
  }
  if (ephemeral && queued > limits.dropEphemeralAboveBytes) return 'dropped';
  // A Buffer is a frame encoded once for a whole room: ws sends it as is (no copy, no
  // re-encoding), as a text frame.
  if (typeof data === 'string') socket.send(data);
  else socket.send(data, { binary: false });
  return 'sent';
}

/** One open socket of a signed-in user, and what it has joined. */
export class Connection {
  /** Teams this socket joined (always a subset of the user's teams at join time). */
  readonly teams = new Set<string>();
  /** Cleared on every ping, set by the pong: still false at the next ping means dead. */
  alive = true;
  /** Last presence the client announced; an announced user is announced offline on close. */
  presence: PresenceStatus | undefined;
  readonly limiter: TokenBucket;
  /** When the client was last told it is rate limited (ms since epoch). */
  rateLimitNoticeAt = 0;
  /** send_message commands still running for this socket. */
  inFlightSends = 0;
  /** Set by the socket's 'close': from then on it must not be put in any room. */
  closed = false;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly socket: WebSocket,
    readonly user: RealtimeUser,
    /** The session that opened the socket (see RealtimeSession). */
    readonly sessionId: string,
    /** The client's address as the app sees it (request.ip), for the per-IP cap. */
    readonly ip: string,
    private readonly limits: SendLimits,
    maxFramesPerSecond: number,
    private readonly onDropped: () => void,
  ) {
    this.limiter = new TokenBucket(maxFramesPerSecond, maxFramesPerSecond * 2);
  }

  /** Sends a frame's text, or its UTF-8 bytes when one encoding is shared by many sockets. */
  sendText(data: string | Buffer, ephemeral: boolean): SendOutcome {
    const outcome = sendBounded(this.socket, data, ephemeral, this.limits);
    if (outcome === 'dropped' || outcome === 'terminated') this.onDropped();
    return outcome;
  }

  sendFrame(frame: OutgoingFrame, ephemeral = false): SendOutcome {
    return this.sendText(JSON.stringify(frame), ephemeral);
  }

  sendError(message: string, code?: string, clientId?: string): void {
    const frame: ErrorFrame = { type: 'error', message };
    if (code !== undefined) frame.code = code;
    if (clientId !== undefined) frame.clientId = clientId;
    this.sendFrame(frame);
  }

  /**
   * Runs tasks one at a time in arrival order, so that a typing frame sent right after
   * join_teams sees the join, however long the membership lookup takes.
   */
  enqueue(task: () => Promise<void> | void, onError: (err: unknown) => void): void {
    // Frames queued behind a slow task are dropped once the socket has closed.
    this.queue = this.queue.then(() => (this.isOpen() ? task() : undefined)).catch(onError);
  }

  /** Still open: an await may have outlived the socket. */
  isOpen(): boolean {
    return !this.closed && this.socket.readyState === OPEN;
  }

  /** Closes with a status code and a reason the client can show or log (at most 123 bytes). */
  end(code: number, reason: string): void {
    if (this.socket.readyState === OPEN) this.socket.close(code, reason);
  }
}
