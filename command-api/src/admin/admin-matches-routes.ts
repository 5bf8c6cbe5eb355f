import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminMatchSchema, adminScopeQuerySchema, matchDecider, matchStream } from '@sideline/domain';
import { listAdminMatches } from '@sideline/projections';
import { requireUserId } from '../identity/session-auth.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { adminOrg, adminNotFound } from './admin-access.ts';
import { errorBody, errors, idParams, tags } from './admin-route-schemas.ts';

/** The organization's matches: list and cancel. */
export const adminMatchesRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db, handle } = ctx;
  app.get(
    '/api/admin/matches',
    {
      schema: {
        tags,
        summary: "The organization's matches: those in progress first, then latest first",
        querystring: adminScopeQuerySchema,
        response: { 200: z.array(adminMatchSchema), ...errors },
      },
    },
    async (request) => listAdminMatches(db, adminOrg(request).orgId),
  );

  app.delete(
    '/api/admin/matches/:id',
    {
      schema: {
        tags,
        summary: 'Cancel Match: a scheduled or live match becomes cancelled (its history stays); 409 when finished',
        params: idParams,
        querystring: adminScopeQuerySchema,
        response: { 200: adminMatchSchema, 409: errorBody, ...errors },
      },
    },
    async (request) => {
      const org = adminOrg(request);
      const by = requireUserId(request);
      const matchId = request.params.id;
      const [match] = await listAdminMatches(db, org.orgId, matchId);
      if (!match) throw adminNotFound('Match not found');
      await handle(
        matchDecider,
        matchStream(matchId),
        { type: 'CancelMatch', data: { matchId, by, at: new Date().toISOString() } },
        { actorId: by },
      );
      const [cancelled] = await listAdminMatches(db, org.orgId, matchId);
      return cancelled!;
    },
  );
};
