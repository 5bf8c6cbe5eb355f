import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RealtimeUser, SendMessageInput } from '@sideline/realtime';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';

// Placeholder wiring: the chat slice fills these in.
export const chatRoutes: FastifyPluginAsyncZod<FeatureContext> = async () => {};

export function socketMessageSender(_ctx: FeatureContext) {
  return async (_user: RealtimeUser, _input: SendMessageInput): Promise<void> => {
    throw new HttpError(503, 'CHAT_UNAVAILABLE', 'Chat is not available yet');
  };
}
