import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAccessQuerySchema,
  adminAccessSchema,
  adminMessageHistorySchema,
  adminRsvpQuerySchema,
  adminScopeQuerySchema,
  rsvpLedgerEntrySchema,
} from '@sideline/domain';
import { accessAt, listRsvpLedger, messageHistory } from '@sideline/projections';
import { requireUserId } from '../identity/session-auth.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { chatService } from '../chat/chat-service.ts';

import { adminOrg, adminNotFound } from './admin-access.ts';
import { errors, idParams, tags } from './admin-route-schemas.ts';

/** Safeguarding: who could see what at a moment, a message's history (and its removal), the RSVP ledger. */
export const adminSafeguardingRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db } = ctx;
  const chat = chatService(ctx);
  app.addHook('onClose', async () => chat.close());

  app.get(
    '/api/admin/access',
    {
      schema: {
        tags,
        summary:
          'Who could see what, when: the teams and roles a person had at `at`, and which adults could message a team then',
        querystring: adminAccessQuerySchema,
        response: { 200: adminAccessSchema, ...errors },
      },
    },
    async (request) => {
      const { orgId } = adminOrg(request);
      const at = request.query.at ? new Date(request.query.at) : new Date();
      const found = await accessAt(db, orgId, at, { userId: request.query.userId, teamId: request.query.teamId });
      if (!found) throw adminNotFound('Person or team not found');
      return { at: at.toISOString(), ...found };
    },
  );

  app.get(
    '/api/admin/messages/:id',
    {
      schema: {
        tags,
        summary: 'Safeguarding: every version of a chat message and its deletion (who, when)',
        params: idParams,
        querystring: adminScopeQuerySchema,
        response: { 200: adminMessageHistorySchema, ...errors },
      },
    },
    async (request) => {
      const history = await messageHistory(db, adminOrg(request).orgId, request.params.id);
      if (!history) throw adminNotFound('Message not found');
      return history;
    },
  );

  app.delete(
    '/api/admin/messages/:id',
    {
      schema: {
        tags,
        summary: "Safeguarding: delete a message in any of the organization's teams (members see 'Message deleted')",
        params: idParams,
        querystring: adminScopeQuerySchema,
        response: { 200: adminMessageHistorySchema, ...errors },
      },
    },
    async (request) => {
      const { orgId } = adminOrg(request);
      const history = await messageHistory(db, orgId, request.params.id);
      if (!history) throw adminNotFound('Message not found');
      await chat.moderate(requireUserId(request), history.teamId, history.id, { text: null, canModerate: true });
      return (await messageHistory(db, orgId, request.params.id))!;
    },
  );

  app.get(
    '/api/admin/rsvps',
    {
      schema: {
        tags,
        summary:
          'The RSVP ledger: every change (who answered, for whom, when, by whom); lateOnly=true for late Not Going',
        querystring: adminRsvpQuerySchema,
        response: { 200: z.array(rsvpLedgerEntrySchema), ...errors },
      },
    },
    async (request) => {
      const { orgId } = adminOrg(request);
      const { teamId, eventId, lateOnly, limit } = request.query;
      return listRsvpLedger(db, orgId, { teamId, eventId, lateOnly, limit });
    },
  );
};
