import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ID_MESSAGE,
  idSchema,
  isId,
  orgTeamSchema,
  teamDecider,
  teamStream,
  updateTeamInputSchema,
} from '@sideline/domain';
import { findOrgTeam, isOrgAdmin, memberRole } from '@sideline/projections';
import { requireUserId } from '../identity/session-auth.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';

const teamParams = z.object({ teamId: idSchema });
// fieldErrors is declared so the serializer keeps it on 400s.
const errorBody = z.object({
  message: z.string(),
  code: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
const teamNotFound = () => new HttpError(404, 'TEAM_NOT_FOUND', 'Team not found');

/**
 * PUT /api/teams/{teamId}: Edit Team from the org console (and for a team's own managers). The
 * admins of a team's organization reach it without being members; anyone else outside it gets 404.
 */
export const teamEditRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db, handle } = ctx;
  const adminOf = new WeakMap<object, boolean>();

  app.put(
    '/api/teams/:teamId',
    {
      schema: {
        tags: ['teams'],
        summary:
          "Edit a team's name, sport, age group, time zone or reminders setting (its creator, an assigned coach, an admin of its organization): fields not sent are kept, null clears the age group or the zone",
        params: teamParams,
        body: updateTeamInputSchema,
        response: { 200: orgTeamSchema, 400: errorBody, 403: errorBody, 404: errorBody },
      },
      preValidation: async (request) => {
        const userId = requireUserId(request);
        const { teamId } = request.params as { teamId?: unknown };
        if (typeof teamId !== 'string') return;
        if (!isId(teamId)) throw new HttpError(400, 'VALIDATION', ID_MESSAGE, { teamId: [ID_MESSAGE] });
        const team = await findOrgTeam(db, teamId, false);
        if (!team) throw teamNotFound();
        const isAdmin = team.orgId ? await isOrgAdmin(db, team.orgId, userId) : false;
        if (!isAdmin && !(await memberRole(db, teamId, userId))) throw teamNotFound();
        adminOf.set(request, isAdmin);
      },
    },
    async (request) => {
      const by = requireUserId(request);
      const { teamId } = request.params;
      const { name, sport, ageGroup, timeZone, reminders } = request.body;
      // The decider keeps what is not sent, from the team's own stream.
      await handle(
        teamDecider,
        teamStream(teamId),
        {
          type: 'UpdateTeam',
          data: {
            teamId,
            ...(name !== undefined && { name }),
            ...(sport !== undefined && { sport }),
            ...(ageGroup !== undefined && { ageGroup }),
            ...(timeZone !== undefined && { timeZone }),
            ...(reminders !== undefined && { reminders }),
            by,
            byIsOrgAdmin: adminOf.get(request) ?? false,
          },
        },
        { actorId: by },
      );
      const team = await findOrgTeam(db, teamId, true);
      if (!team) throw teamNotFound();
      return team;
    },
  );
};
