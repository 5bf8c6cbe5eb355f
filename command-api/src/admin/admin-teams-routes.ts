import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminScopeQuerySchema, adminTeamSchema, teamDecider, teamStream } from '@sideline/domain';
import { listAdminTeams } from '@sideline/projections';
import { requireUserId } from '../identity/session-auth.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { cancelMatchesOfDeletedTeam } from '../matches/index.ts';

import { adminOrg, adminNotFound } from './admin-access.ts';
import { errors, idParams, tags } from './admin-route-schemas.ts';

/** The organization's teams: list, read, delete (its matches are cancelled). */
export const adminTeamsRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db, handle } = ctx;
  app.get(
    '/api/admin/teams',
    {
      schema: {
        tags,
        summary: "The organization's teams",
        querystring: adminScopeQuerySchema,
        response: { 200: z.array(adminTeamSchema), ...errors },
      },
    },
    async (request) => listAdminTeams(db, adminOrg(request)),
  );

  app.get(
    '/api/admin/teams/:id',
    {
      schema: {
        tags,
        summary: 'One team of the organization',
        params: idParams,
        querystring: adminScopeQuerySchema,
        response: { 200: adminTeamSchema, ...errors },
      },
    },
    async (request) => {
      const [team] = await listAdminTeams(db, adminOrg(request), request.params.id);
      if (!team) throw adminNotFound('Team not found');
      return team;
    },
  );

  app.delete(
    '/api/admin/teams/:id',
    {
      schema: {
        tags,
        summary: 'Delete a team: hidden from every read, its history kept',
        description:
          "The team leaves every list and read of the organization and of its members, and its members lose access to it: a deleted team answers 404. Its matches still scheduled or in progress are cancelled. A completed match against a team that still exists stays in that team's results, the deleted team named as it was (its players are not shown); a match of deleted teams only (or of the deleted team against an opponent not on Sideline) answers 404. Nothing is erased: its history (messages, events, matches) stays in the event log and the activity audit.",
        params: idParams,
        querystring: adminScopeQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const org = adminOrg(request);
      const by = requireUserId(request);
      const teamId = request.params.id;
      const [team] = await listAdminTeams(db, org, teamId);
      if (!team) throw adminNotFound('Team not found');
      await handle(
        teamDecider,
        teamStream(teamId),
        { type: 'DeleteTeam', data: { teamId, by, byIsOrgAdmin: true } },
        { actorId: by },
      );
      // The team is deleted whatever happens next: matches left open are cancelled at the next start.
      await cancelMatchesOfDeletedTeam(ctx, teamId).catch((err: unknown) =>
        ctx.logger.warn({ err, teamId }, 'the matches of a deleted team could not all be cancelled'),
      );
      return reply.status(204).send(null);
    },
  );
};
