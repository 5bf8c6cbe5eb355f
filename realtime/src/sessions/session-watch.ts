import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Bus } from '@sideline/infra';
import type { Rooms } from '../gateway/rooms.ts';
import type { RealtimeOptions } from '../gateway/options.ts';
import { toEnvelope } from '../fanout/envelope.ts';
import { userSubject } from '../fanout/subjects.ts';

/** The last token of `sideline.user.{userId}.session_revoked`; gateways act on it, sockets never see it. */
export const sessionRevokedKind = 'session_revoked';

/** 1008 "policy violation": the socket's session is over, so is the socket. */
export const sessionEndedClose = { code: 1008, reason: 'Session ended: signed out or expired' } as const;

const revokedPayload = z.object({ sessionId: z.string().min(1) });

/**
 * Tells every gateway that a session was revoked (sign-out, a new sign-in replacing it, …): each
 * closes that session's sockets at once. `sessionId` is the id `authenticate` gave the sockets.
 */
export function publishSessionRevoked(bus: Bus, userId: string, sessionId: string): Promise<void> {
  return bus.publish(userSubject(userId, sessionRevokedKind), toEnvelope({ type: sessionRevokedKind, sessionId }));
}

/** The session id a session_revoked bus payload names, or null when it is malformed. */
export function revokedSessionId(payload: unknown): string | null {
  const parsed = revokedPayload.safeParse(payload);
  return parsed.success ? parsed.data.sessionId : null;
}

/**
 * Keeps sockets no longer than their sessions: closes them when a revocation arrives over the
 * bus, and checks every open socket's session on a timer (an expiry publishes nothing, and a
 * revocation may have been lost while the bus was down).
 */
export class SessionWatch {
  /** Revoked ids kept a while, so a socket whose upgrade was authorised just before the revocation is still refused. */
  private readonly recentlyRevoked = new Map<string, number>();
  private checking: Promise<void> | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly rooms: Rooms,
    private readonly activeSessions: RealtimeOptions['activeSessions'],
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setInterval(() => void this.check(), intervalMs);
    this.timer.unref();
  }

  /** A session_revoked notice for this user arrived. */
  revoked(userId: string, sessionId: string): void {
    this.recentlyRevoked.set(sessionId, this.now() + Math.max(this.intervalMs, 60_000));
    for (const connection of this.rooms.connectionsOf(userId)) {
      if (connection.sessionId === sessionId) connection.end(sessionEndedClose.code, sessionEndedClose.reason);
    }
  }

  isRevoked(sessionId: string): boolean {
    return this.recentlyRevoked.has(sessionId);
  }

  /** Checks every open socket's session now (one at a time: a slow check is not stacked). */
  check(): Promise<void> {
    this.checking ??= this.checkAll().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async checkAll(): Promise<void> {
    const now = this.now();
    for (const [sessionId, forgetAt] of this.recentlyRevoked) {
      if (forgetAt <= now) this.recentlyRevoked.delete(sessionId);
    }
    const connections = this.rooms.all();
    const sessionIds = [...new Set(connections.map((c) => c.sessionId))];
    if (sessionIds.length === 0) return;
    const active = new Set<string>();
    try {
      // Chunked: one statement's parameter list stays well below PostgreSQL's limits.
      for (let i = 0; i < sessionIds.length; i += 1_000) {
        for (const id of await this.activeSessions(sessionIds.slice(i, i + 1_000))) active.add(id);
      }
    } catch (err) {
      // The session store is unreachable: keep the sockets rather than drop every user at once.
      this.log.error({ err }, 'realtime session check failed; sockets kept until the next check');
      return;
    }
    for (const connection of connections) {
      if (!active.has(connection.sessionId)) connection.end(sessionEndedClose.code, sessionEndedClose.reason);
    }
  }
}
