import type { TypingFrame, TypingUpdateFrame } from '../protocol.ts';
import type { Connection } from '../gateway/connection.ts';
import type { GatewayContext } from '../gateway/context.ts';
import { publishToTeam } from '../fanout/publish.ts';

/**
 * typing: tells the team's other members, on every gateway, through the bus only (ephemeral:
 * never an event, never stored). Who is typing is the session's user, whatever the frame says.
 */
export async function announceTyping(
  context: GatewayContext,
  connection: Connection,
  frame: TypingFrame,
): Promise<void> {
  if (!connection.teams.has(frame.teamId)) {
    connection.sendError('Join the team before typing in it', 'not_joined');
    return;
  }
  const update: TypingUpdateFrame = {
    type: 'typing_update',
    teamId: frame.teamId,
    userId: connection.user.id,
    userName: connection.user.name,
    isTyping: frame.isTyping,
  };
  await publishToTeam(context.bus, frame.teamId, 'typing', update, {
    exceptUserId: connection.user.id,
  });
}
