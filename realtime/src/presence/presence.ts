import type { PresenceStatus, PresenceUpdateFrame } from '../protocol.ts';
import type { Connection } from '../gateway/connection.ts';
import type { GatewayContext } from '../gateway/context.ts';
import type { RealtimeUser } from '../gateway/options.ts';
import { publishToTeam } from '../fanout/publish.ts';

/**
 * Presence is a user's, not a socket's: five open tabs are one person online. What this gateway
 * last told each team about each user is kept here, so teammates hear only changes: a user's
 * status (the liveliest any of their sockets announced: online, else away, else offline) to
 * each team one of their sockets joined, and 'offline' to a team once none of their sockets is
 * in it any more (all closed, or they left it).
 */
export class PresenceLedger {
  private readonly told = new Map<string, Map<string, PresenceStatus>>();

  of(userId: string): Map<string, PresenceStatus> {
    let teams = this.told.get(userId);
    if (!teams) this.told.set(userId, (teams = new Map()));
    return teams;
  }

  forget(userId: string): void {
    this.told.delete(userId);
  }
}

const liveliness: Record<PresenceStatus, number> = { offline: 0, away: 1, online: 2 };

/** presence: records this socket's status; teammates hear of it if the user's status changed. */
export function announcePresence(
  context: GatewayContext,
  connection: Connection,
  status: PresenceStatus,
): Promise<void> {
  connection.presence = status;
  return reconcilePresence(context, connection.user);
}

/**
 * Tells teams what changed about `user` on this gateway since they were last told. Decides and
 * records synchronously, so concurrent calls never announce the same change twice. lastSeen is
 * the gateway's clock, not the client's.
 */
export async function reconcilePresence(context: GatewayContext, user: RealtimeUser): Promise<void> {
  const connections = context.rooms.connectionsOf(user.id);
  const status = userStatus(connections);
  const joined = new Set<string>();
  for (const connection of connections) for (const teamId of connection.teams) joined.add(teamId);

  const told = context.presence.of(user.id);
  const updates: Array<[string, PresenceStatus]> = [];
  if (status !== undefined) {
    for (const teamId of joined) {
      if (told.get(teamId) !== status) updates.push([teamId, status]);
    }
  }
  for (const [teamId, was] of told) {
    if (!joined.has(teamId)) {
      if (was !== 'offline') updates.push([teamId, 'offline']);
      told.delete(teamId);
    }
  }
  for (const [teamId, now] of updates) if (joined.has(teamId)) told.set(teamId, now);
  if (connections.size === 0) context.presence.forget(user.id);
  if (updates.length === 0) return;

  const lastSeen = context.now().toISOString();
  await Promise.all(
    updates.map(([teamId, now]) => {
      const update: PresenceUpdateFrame = {
        type: 'presence_update',
        teamId,
        userId: user.id,
        userName: user.name,
        status: now,
        lastSeen,
      };
      return publishToTeam(context.bus, teamId, 'presence', update, { exceptUserId: user.id });
    }),
  );
}

/**
 * The liveliest status any of the user's sockets announced; undefined while none has announced
 * (the client sends presence right after connecting, so this is brief).
 */
function userStatus(connections: Iterable<Connection>): PresenceStatus | undefined {
  let best: PresenceStatus | undefined;
  for (const { presence } of connections) {
    if (presence !== undefined && (best === undefined || liveliness[presence] > liveliness[best])) best = presence;
  }
  return best;
}
