import type { SendMessageFrame } from '../protocol.ts';
import type { Connection } from '../gateway/connection.ts';
import type { GatewayContext } from '../gateway/context.ts';
import type { SendMessageInput } from '../gateway/options.ts';

/** A socket may not have more sends outstanding than this (each waits on the command). */
const maxInFlightSends = 8;

/**
 * send_message: runs the injected SendMessage command as the session's user (senderId and
 * senderName of the frame are ignored). Nothing is sent back on success: the committed message
 * comes to every member, this socket included, as new_message from the projector.
 */
export function sendMessage(context: GatewayContext, connection: Connection, frame: SendMessageFrame): void {
  const { teamId, clientId } = frame;
  if (!context.onSendMessage) {
    connection.sendError('Sending over the live connection is not available', 'unsupported', clientId);
    return;
  }
  if (!connection.teams.has(teamId)) {
    connection.sendError('Join the team before sending to it', 'not_joined', clientId);
    return;
  }
  if (connection.inFlightSends >= maxInFlightSends) {
    connection.sendError('Too many messages in flight; slow down', 'rate_limited', clientId);
    return;
  }
  const input: SendMessageInput = { teamId, content: frame.content, mediaUrl: frame.mediaUrl ?? null };
  if (clientId !== undefined) input.clientId = clientId;

  connection.inFlightSends++;
  // Not awaited: a command waits for its projection (up to seconds) and must not hold up the
  // socket's typing and presence frames queued behind it.
  context
    .onSendMessage(connection.user, input)
    .catch((err: unknown) => {
      const { message, code } = publicError(err);
      if (message === genericFailure) {
        context.log.error({ err, userId: connection.user.id, teamId }, 'send_message failed');
      }
      connection.sendError(message, code, clientId);
    })
    .finally(() => {
      connection.inFlightSends--;
    });
}

const genericFailure = 'Failed to send message';

/** Client errors (validation, permission) are shown as they are; anything else is not leaked. */
function publicError(err: unknown): { message: string; code: string } {
  if (err instanceof Error) {
    const { statusCode, code } = err as Error & { statusCode?: unknown; code?: unknown };
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
      return { message: err.message, code: typeof code === 'string' ? code : 'rejected' };
    }
  }
  return { message: genericFailure, code: 'send_failed' };
}
