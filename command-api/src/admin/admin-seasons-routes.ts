import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminScopeQuerySchema,
  adminSeasonPatchSchema,
  adminSeasonSchema,
  seasonDecider,
  seasonStream,
  type AdminSeason,
} from '@sideline/domain';
import { findSeason, listSeasons, seasonMatchCounts } from '@sideline/projections';
import { requireUserId } from '../identity/session-auth.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { adminOrg, adminNotFound } from './admin-access.ts';
import { errorBody, errors, idParams, tags } from './admin-route-schemas.ts';

/** The organization's seasons, with their match counts: list, edit, delete. */
export const adminSeasonsRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db, handle } = ctx;
  const seasonsOf = async (orgId: string, now: Date): Promise<AdminSeason[]> => {
    const [seasons, counts] = await Promise.all([listSeasons(db, [orgId], now), seasonMatchCounts(db, orgId)]);
    return seasons.map((s) => ({ ...s, matchCount: counts.get(s.id) ?? 0 }));
  };
  const requireSeason = async (orgId: string, seasonId: string) => {
    const season = (await seasonsOf(orgId, new Date())).find((s) => s.id === seasonId);
    if (!season) throw adminNotFound('Season not found');
    return season;
  };

  app.get(
    '/api/admin/seasons',
    {
      schema: {
        tags,
        summary: "The organization's seasons with team and match counts",
        querystring: adminScopeQuerySchema,
        response: { 200: z.array(adminSeasonSchema), ...errors },
      },
    },
    async (request) => seasonsOf(adminOrg(request).orgId, new Date()),
  );

  app.patch(
    '/api/admin/seasons/:id',
    {
      schema: {
        tags,
        summary: 'Activate or deactivate a season',
        params: idParams,
        querystring: adminScopeQuerySchema,
        body: adminSeasonPatchSchema,
        response: { 200: adminSeasonSchema, ...errors },
      },
    },
    async (request) => {
      const org = adminOrg(request);
      const by = requireUserId(request);
      const seasonId = request.params.id;
      await requireSeason(org.orgId, seasonId);
      await handle(
        seasonDecider,
        seasonStream(seasonId),
        { type: 'SetSeasonActive', data: { seasonId, isActive: request.body.isActive, by, byIsOrgAdmin: true } },
        { actorId: by },
      );
      return requireSeason(org.orgId, seasonId);
    },
  );

  app.delete(
    '/api/admin/seasons/:id',
    {
      schema: {
        tags,
        summary: 'Delete a season without teams; one with teams answers 409',
        params: idParams,
        querystring: adminScopeQuerySchema,
        response: { 204: z.null(), 409: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const org = adminOrg(request);
      const by = requireUserId(request);
      const seasonId = request.params.id;
      const season = await findSeason(db, seasonId, new Date());
      if (!season || season.orgId !== org.orgId) throw adminNotFound('Season not found');
      await handle(
        seasonDecider,
        seasonStream(seasonId),
        { type: 'DeleteSeason', data: { seasonId, teamCount: season.teamCount, by, byIsOrgAdmin: true } },
        { actorId: by },
      );
      return reply.status(204).send(null);
    },
  );
};
