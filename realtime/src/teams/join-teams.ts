import type { JoinTeamsFrame } from '../protocol.ts';
import type { Connection } from '../gateway/connection.ts';
import type { GatewayContext } from '../gateway/context.ts';
import { reconcilePresence } from '../presence/presence.ts';

/**
 * join_teams: the socket's rooms become the requested teams that the SESSION's user belongs to
 * (the frame's userId is ignored). The list replaces the previous one, so a client that sends
 * its current team list after a change also leaves teams it no longer shows.
 */
export async function joinTeams(context: GatewayContext, connection: Connection, frame: JoinTeamsFrame): Promise<void> {
  const memberOf = await context.membership.teamsOf(connection.user.id);
  // The socket may have closed while the memberships loaded: it must not end up in a room.
  if (!connection.isOpen()) return;
  const wanted = new Set(frame.teamIds.filter((teamId) => memberOf.has(teamId)));
  for (const teamId of [...connection.teams]) {
    if (!wanted.has(teamId)) context.rooms.leave(connection, teamId);
  }
  for (const teamId of wanted) context.rooms.join(connection, teamId);
  // Teams that changed just before: the page may have read them before the change (see RecentTeamChanges).
  const now = Date.now();
  const changedAt = context.recentChanges.of(wanted, now);
  connection.sendFrame({
    type: 'joined',
    teamIds: [...wanted],
    ...(Object.keys(changedAt).length > 0 ? { recentChanges: { now, changedAt } } : {}),
  });
  await reconcilePresence(context, connection.user);
}

/**
 * After the user's memberships changed (a `membership` notice on their user subject), drops the
 * rooms of teams they no longer belong to, so a removed member stops receiving that team's chat.
 */
export async function pruneTeams(context: GatewayContext, connection: Connection): Promise<void> {
  if (connection.teams.size === 0) return;
  const memberOf = await context.membership.teamsOf(connection.user.id);
  let left = false;
  for (const teamId of [...connection.teams]) {
    if (!memberOf.has(teamId)) {
      context.rooms.leave(connection, teamId);
      left = true;
    }
  }
  if (left) await reconcilePresence(context, connection.user);
}
