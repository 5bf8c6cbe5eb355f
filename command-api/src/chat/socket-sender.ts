import { sendMessageInputSchema } from '@sideline/domain';
import type { RealtimeUser, SendMessageInput } from '@sideline/realtime';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';
import { requireTeamMember } from '../teams/team-access.ts';
import { chatService } from './chat-service.ts';
import { withStatus } from './client-errors.ts';

/**
 * The socket's `send_message`: the same SendMessage path as POST /api/teams/{teamId}/messages,
 * as the session's user (the frame's senderId/senderName never reach here). Nothing is returned:
 * the message reaches every joined socket, the sender's included, as `new_message`.
 */
export function socketMessageSender(ctx: FeatureContext) {
  const chat = chatService(ctx);
  return async (user: RealtimeUser, input: SendMessageInput): Promise<void> => {
    try {
      // Joined at join_teams time; re-checked here in case the user has left the team since (from
      // memory until the team's memberships change: a chat send is not a membership change).
      await requireTeamMember(ctx.db, input.teamId, user.id, ctx.reads);
      const parsed = sendMessageInputSchema.safeParse({
        text: input.content,
        mediaUrl: input.mediaUrl,
        clientId: input.clientId,
      });
      if (!parsed.success) {
        const fieldErrors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) (fieldErrors[issue.path.join('.') || '_'] ??= []).push(issue.message);
        const first = parsed.error.issues[0];
        throw new HttpError(400, 'VALIDATION', first ? first.message : 'Invalid message', fieldErrors);
      }
      await chat.sendWithoutReply(user.id, input.teamId, parsed.data);
    } catch (error) {
      throw withStatus(error);
    }
  };
}
