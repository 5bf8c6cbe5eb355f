import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  editMessageInputSchema,
  idSchema,
  messageSchema,
  messagesPageQuerySchema,
  sendMessageInputSchema,
} from '@sideline/domain';
import { listMessages, listPinnedMessages, messagePinState } from '@sideline/projections';
import { teamRead } from '../http/cached-read-rules.ts';
import { requireUserId } from '../identity/session-auth.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';
import { requireTeamMember } from '../teams/team-access.ts';
import { chatService } from './chat-service.ts';

const id = idSchema;
const teamParams = z.object({ teamId: id });
const messageParams = z.object({ teamId: id, messageId: id });

export const chatRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db } = ctx;
  const chat = chatService(ctx);
  app.addHook('onClose', async () => chat.close());
  // Signed-out callers get 401, and non-members 404, before the payload is even validated, so
  // a team's existence never shows through a validation error.
  app.addHook('onRequest', async (request) => {
    requireUserId(request);
  });
  app.addHook('preValidation', async (request) => {
    const { teamId } = request.params as { teamId?: unknown };
    if (typeof teamId === 'string') await requireTeamMember(db, teamId, requireUserId(request), ctx.reads);
  });

  app.get(
    '/api/teams/:teamId/messages',
    {
      schema: {
        tags: ['chat'],
        summary: "A page of the team's messages, oldest→newest; `before` (a message id) pages back",
        params: teamParams,
        querystring: messagesPageQuerySchema,
        response: { 200: z.array(messageSchema) },
      },
      config: { cachedRead: teamRead },
    },
    async (request) => {
      const { teamId } = request.params;
      const { before, limit } = request.query;
      if (before !== undefined && !(await messagePinState(db, teamId, before))) {
        throw new HttpError(400, 'INVALID_CURSOR', 'Unknown message to page from', { before: ['Unknown message'] });
      }
      return listMessages(db, teamId, { before, limit });
    },
  );

  app.post(
    '/api/teams/:teamId/messages',
    {
      schema: {
        tags: ['chat'],
        summary: 'Send a message (the fallback when the live connection is down); idempotent by clientId',
        params: teamParams,
        body: sendMessageInputSchema,
        response: { 201: messageSchema },
      },
    },
    async (request, reply) => {
      const message = await chat.send(requireUserId(request), request.params.teamId, request.body);
      // A retry answers as the first send did: 201 with the message sent the first time.
      return reply.status(201).send(message);
    },
  );

  app.get(
    '/api/teams/:teamId/messages/pinned',
    {
      schema: {
        tags: ['chat'],
        summary: "The team's pinned messages, most recently pinned first",
        params: teamParams,
        response: { 200: z.array(messageSchema) },
      },
      config: { cachedRead: teamRead },
    },
    async (request) => listPinnedMessages(db, request.params.teamId),
  );

  for (const [method, pinned] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/teams/:teamId/messages/:messageId/pin',
      schema: {
        tags: ['chat'],
        summary: pinned ? 'Pin a message (coaches and team admins)' : 'Unpin a message (coaches and team admins)',
        params: messageParams,
        response: { 200: messageSchema },
      },
      handler: async (request) => {
        const { teamId, messageId } = request.params;
        return chat.setPinned(requireUserId(request), teamId, messageId, pinned);
      },
    });
  }

  app.delete(
    '/api/teams/:teamId/messages/:messageId',
    {
      schema: {
        tags: ['chat'],
        summary:
          "Delete a message (its sender, or the team's coaches and admins): members then see 'Message deleted'; the original stays in the organization's audit",
        params: messageParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const { teamId, messageId } = request.params;
      return chat.moderate(requireUserId(request), teamId, messageId, { text: null });
    },
  );

  app.patch(
    '/api/teams/:teamId/messages/:messageId',
    {
      schema: {
        tags: ['chat'],
        summary: 'Edit your own message; every version is kept for the organization’s audit',
        params: messageParams,
        body: editMessageInputSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const { teamId, messageId } = request.params;
      return chat.moderate(requireUserId(request), teamId, messageId, { text: request.body.text });
    },
  );
};
