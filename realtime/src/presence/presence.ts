import type { PresenceStatus, PresenceUpdateFrame } from '../protocol.ts';
import type { Connection } from '../gateway/connection.ts';
import type { GatewayContext } from '../gateway/context.ts';
import { publishToTeam } from '../fanout/publish.ts';

/**
 * presence: tells the other members of every team this socket joined (ephemeral, bus only).
 * lastSeen is the gateway's clock, not the client's.
 */
export async function announcePresence(
  context: GatewayContext,
  connection: Connection,
  status: PresenceStatus,
  teamIds: Iterable<string> = connection.teams,
): Promise<void> {
  connection.presence = status;
  const lastSeen = context.now().toISOString();
  await Promise.all(
    [...teamIds].map((teamId) => {
      const update: PresenceUpdateFrame = {
        type: 'presence_update',
        teamId,
        userId: connection.user.id,
        userName: connection.user.name,
        status,
        lastSeen,
      };
      return publishToTeam(context.bus, teamId, 'presence', update, {
        exceptUserId: connection.user.id,
      });
    }),
  );
}

/**
 * A socket that announced itself and then went away (closed tab without an unload event, lost
 * network, heartbeat timeout) is announced offline, unless the same user still has another
 * socket on this gateway. A socket on another gateway is not known here; its next presence
 * frame corrects the picture. `teamIds` are the teams it had joined (its rooms are gone by now).
 */
export async function announceGone(
  context: GatewayContext,
  connection: Connection,
  teamIds: readonly string[],
): Promise<void> {
  if (connection.presence === undefined || connection.presence === 'offline') return;
  if (context.rooms.connectionsOf(connection.user.id).size > 0) return;
  await announcePresence(context, connection, 'offline', teamIds);
}
