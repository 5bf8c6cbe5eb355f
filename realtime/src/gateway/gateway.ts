import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { busReconnectedSubject, type BusMessage } from '@sideline/infra';
import { ephemeralFrameTypes, parseClientFrame, type ClientFrame, type OutgoingFrame } from '../protocol.ts';
import { busEnvelope, frameText } from '../fanout/envelope.ts';
import { allTeamsSubject, allUsersSubject, parseScopedSubject } from '../fanout/subjects.ts';
import { joinTeams, pruneTeams } from '../teams/join-teams.ts';
import { MembershipCache } from '../teams/membership-cache.ts';
import { RecentTeamChanges } from '../teams/recent-changes.ts';
import { sendMessage } from '../chat/send-message.ts';
import { announceTyping } from '../presence/typing.ts';
import { announcePresence, PresenceLedger, reconcilePresence } from '../presence/presence.ts';
import { revokedSessionId, sessionEndedClose, sessionRevokedKind, SessionWatch } from '../sessions/session-watch.ts';
import { Connection } from './connection.ts';
import { Heartbeat } from './heartbeat.ts';
import type { GatewayContext } from './context.ts';
import { realtimeDefaults, type RealtimeOptions, type RealtimeSession } from './options.ts';
import { Rooms } from './rooms.ts';

export interface RealtimeStats {
  /** Open sockets on this gateway instance. */
  connections: number;
  /** Distinct signed-in users among them. */
  users: number;
  /** Teams with at least one joined socket. */
  teams: number;
  /** Frames not delivered to slow sockets (dropped typing/presence, or terminated sockets). */
  droppedFrames: number;
  /** Sockets closed at once for exceeding the per-user or per-IP cap, or for a revoked session. */
  refusedConnections: number;
  /** Resync frames sent because the bus reconnected (notifications may have been lost). */
  resyncs: number;
}

/** Close codes and reasons of the socket caps (1008: policy violation). */
export const socketCapClose = {
  user: { code: 1008, reason: 'Too many open connections for this account' },
  ip: { code: 1008, reason: 'Too many open connections from this address' },
} as const;

export interface Gateway {
  accept(socket: WebSocket, session: RealtimeSession, ip: string): void;
  stats(): RealtimeStats;
  close(): Promise<void>;
}

/** The socket side of realtime, independent of how sockets are accepted (the plugin does that). */
export function createGateway(options: RealtimeOptions, log: FastifyBaseLogger): Gateway {
  const settings = { ...realtimeDefaults, ...definedOnly(options) };
  const rooms = new Rooms(options.onRoomsChanged);
  const membership = new MembershipCache(options.teamsOf);
  const context: GatewayContext = {
    bus: options.bus,
    rooms,
    membership,
    presence: new PresenceLedger(),
    recentChanges: new RecentTeamChanges(),
    onSendMessage: options.onSendMessage,
    log,
    now: () => new Date(),
  };
  const limits = {
    dropEphemeralAboveBytes: settings.dropEphemeralAboveBytes,
    terminateAboveBytes: settings.terminateAboveBytes,
  };
  let droppedFrames = 0;
  let refusedConnections = 0;
  let resyncs = 0;
  const sessions = new SessionWatch(rooms, options.activeSessions, log, settings.sessionCheckIntervalMs);
  let lastResyncAt = Number.NEGATIVE_INFINITY;
  let trailingResync: NodeJS.Timeout | null = null;

  // One pair of wildcard subscriptions per gateway: every gateway sees every team's traffic and
  // delivers it to its own sockets, so a socket may be on any gateway behind the load balancer.
  const unsubscribes = [
    options.bus.subscribe(allTeamsSubject, deliverFromBus),
    options.bus.subscribe(allUsersSubject, deliverFromBus),
    // This gateway's own connection came back, or another process's did (a projector that
    // published into the void while only its own connection was down).
    options.bus.onReconnect(requestResync),
    options.bus.subscribe(busReconnectedSubject, requestResync),
  ];

  // Several reconnects in a row (every process reconnects after a NATS restart) make one
  // resync at once and at most one more `resyncSpacingMs` later, never none after the last.
  function requestResync(): void {
    const wait = lastResyncAt + settings.resyncSpacingMs - Date.now();
    if (wait <= 0) return resync();
    trailingResync ??= setTimeout(() => {
      trailingResync = null;
      resync();
    }, wait);
  }

  /**
   * The bus was down for a while: chat, membership and revocation notices published meanwhile
   * reached nobody (NATS core keeps nothing). Every socket is told to refetch what it shows, and
   * memberships and sessions are re-read instead of trusting the notices.
   */
  function resync(): void {
    lastResyncAt = Date.now();
    log.warn({ connections: rooms.counts().connections }, 'bus reconnected; telling every socket to refetch');
    membership.clear();
    const frame = Buffer.from(JSON.stringify({ type: 'resync' } satisfies OutgoingFrame), 'utf8');
    for (const connection of rooms.all()) {
      resyncs++;
      connection.sendText(frame, false);
      connection.enqueue(() => pruneTeams(context, connection), failed(connection, 'membership'));
    }
    void sessions.check();
  }

  const heartbeat = new Heartbeat(settings.heartbeatIntervalMs, (connection) => {
    log.info({ userId: connection.user.id }, 'terminating a socket that missed its pong');
    connection.socket.terminate();
  });

  function deliverFromBus(message: BusMessage): void {
    const target = parseScopedSubject(message.subject);
    const parsed = busEnvelope.safeParse(message.data);
    if (!target || !parsed.success) {
      log.warn({ subject: message.subject }, 'dropping a malformed realtime bus message');
      return;
    }
    const envelope = parsed.data;
    // Serialised and UTF-8 encoded once for every socket it goes to (a team's members, a
    // user's tabs): ws would otherwise encode the string again for each socket.
    const bytes = Buffer.from(frameText(envelope), 'utf8');
    const ephemeral = ephemeralFrameTypes.has(envelope.type);
    if (target.scope === 'team') {
      if (!ephemeral) context.recentChanges.record(target.id, Date.now());
      for (const connection of rooms.membersOf(target.id)) {
        if (connection.user.id === envelope.exceptUserId) continue;
        connection.sendText(bytes, ephemeral);
      }
      return;
    }
    if (target.kind === sessionRevokedKind) {
      const sessionId = revokedSessionId(envelope.payload);
      if (sessionId) sessions.revoked(target.id, sessionId);
      return;
    }
    // Evicted on every gateway, whether or not the user has a socket here right now: a join
    // that comes after this notice must see the new memberships.
    if (target.kind === 'membership') membership.evict(target.id);
    for (const connection of rooms.connectionsOf(target.id)) {
      if (target.kind === 'membership') {
        connection.enqueue(() => pruneTeams(context, connection), failed(connection, 'membership'));
      }
      connection.sendText(bytes, ephemeral);
    }
  }

  function failed(connection: Connection, what: string): (err: unknown) => void {
    return (err) => {
      log.error({ err, userId: connection.user.id }, `realtime ${what} failed`);
      if (what === 'join_teams') connection.sendError('Could not join teams; try again', 'join_failed');
    };
  }

  function dispatch(connection: Connection, frame: ClientFrame): void {
    switch (frame.type) {
      case 'join_teams':
        connection.enqueue(() => joinTeams(context, connection, frame), failed(connection, 'join_teams'));
        return;
      case 'send_message':
        connection.enqueue(() => sendMessage(context, connection, frame), failed(connection, 'send_message'));
        return;
      case 'typing':
        connection.enqueue(() => announceTyping(context, connection, frame), failed(connection, 'typing'));
        return;
      case 'presence':
        connection.enqueue(() => announcePresence(context, connection, frame.status), failed(connection, 'presence'));
        return;
    }
  }

  function onFrame(connection: Connection, data: RawData, isBinary: boolean): void {
    connection.alive = true;
    if (!connection.limiter.take()) {
      // One error a second is enough for a well-behaved client to notice; a flooding one gets
      // nothing more for its effort.
      const now = Date.now();
      if (now - connection.rateLimitNoticeAt >= 1_000) {
        connection.rateLimitNoticeAt = now;
        connection.sendError('Too many frames; slow down', 'rate_limited');
      }
      return;
    }
    if (isBinary) {
      connection.sendError('Binary frames are not supported', 'bad_frame');
      return;
    }
    const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString('utf8');
    const parsed = parseClientFrame(text);
    if (!parsed.ok) {
      connection.sendError(parsed.message, parsed.code);
      return;
    }
    dispatch(connection, parsed.frame);
  }

  return {
    accept(socket, { user, sessionId }, ip) {
      // Caps before anything is allocated: one account (or one address) opening thousands of
      // sockets would otherwise cost every other user their share of the gateway.
      const refusal = sessions.isRevoked(sessionId)
        ? sessionEndedClose
        : rooms.connectionsOf(user.id).size >= settings.maxSocketsPerUser
          ? socketCapClose.user
          : rooms.fromIp(ip) >= settings.maxSocketsPerIp
            ? socketCapClose.ip
            : null;
      if (refusal) {
        refusedConnections++;
        log.debug({ userId: user.id, ip, reason: refusal.reason }, 'refused a /ws socket');
        socket.close(refusal.code, refusal.reason);
        return;
      }
      const connection = new Connection(socket, user, sessionId, ip, limits, settings.maxFramesPerSecond, () => {
        droppedFrames++;
      });
      rooms.add(connection);
      heartbeat.add(connection);
      socket.on('pong', () => {
        connection.alive = true;
      });
      socket.on('message', (data, isBinary) => onFrame(connection, data, isBinary));
      socket.on('close', () => {
        connection.closed = true;
        rooms.remove(connection);
        heartbeat.remove(connection);
        // Nothing is cached for a user without a socket here; their next socket loads afresh.
        if (rooms.connectionsOf(user.id).size === 0) membership.evict(user.id);
        reconcilePresence(context, user).catch(failed(connection, 'presence on close'));
      });
    },

    stats() {
      return { ...rooms.counts(), droppedFrames, refusedConnections, resyncs };
    },

    async close() {
      heartbeat.stop();
      if (trailingResync) clearTimeout(trailingResync);
      sessions.stop();
      for (const unsubscribe of unsubscribes) unsubscribe();
      // 1001 "going away": clients reconnect (to another instance) as after any restart.
      for (const connection of rooms.all()) connection.socket.close(1001, 'Server shutting down');
    },
  };
}

/** Options left undefined by the caller must not override the defaults. */
function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
