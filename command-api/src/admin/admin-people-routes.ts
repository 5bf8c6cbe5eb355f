import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPeopleQuerySchema,
  adminPersonPatchSchema,
  adminPersonSchema,
  adminScopeQuerySchema,
  orgDecider,
  orgStream,
  teamDecider,
  teamStream,
  type AssignedRole,
} from '@sideline/domain';
import { listAdminPeople, orgAccess, orgTeamRolesOf } from '@sideline/projections';
import { requireUserId } from '../identity/session-auth.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';
import { revokeOrgFeedTokens } from '../calendar/feed-tokens.ts';

import { adminOrg, adminNotFound } from './admin-access.ts';
import { errorBody, errors, idParams, tags } from './admin-route-schemas.ts';

/** The organization's people: list, read, change roles, deactivate. */
export const adminPeopleRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db, handle } = ctx;
  const personOf = async (request: Parameters<typeof adminOrg>[0], userId: string) => {
    const [person] = await listAdminPeople(db, adminOrg(request), { userId });
    if (!person) throw adminNotFound('Person not found');
    return person;
  };

  const deactivate = async (orgId: string, userId: string, by: string) => {
    await handle(
      orgDecider,
      orgStream(orgId),
      {
        type: 'DeactivateOrgMember',
        data: { orgId, userId, by, isMember: (await orgAccess(db, orgId, userId)) !== null },
      },
      { actorId: by },
    );
    // The projections take them out of the organization's teams (every read, write and socket
    // room); their sessions, other organizations and own teams are not this organization's.
    // Calendar apps hold feed URLs for good: those die here, and only new ones work again.
    await revokeOrgFeedTokens(db, orgId, userId);
  };

  app.get(
    '/api/admin/people',
    {
      schema: {
        tags,
        summary: "The organization's people: search by name or email, filter by role",
        querystring: adminPeopleQuerySchema,
        response: { 200: z.array(adminPersonSchema), ...errors },
      },
    },
    async (request) =>
      listAdminPeople(db, adminOrg(request), { search: request.query.search, role: request.query.role }),
  );

  app.get(
    '/api/admin/people/:id',
    {
      schema: {
        tags,
        summary: 'One person of the organization',
        params: idParams,
        querystring: adminScopeQuerySchema,
        response: { 200: adminPersonSchema, ...errors },
      },
    },
    async (request) => personOf(request, request.params.id),
  );

  app.patch(
    '/api/admin/people/:id',
    {
      schema: {
        tags,
        summary:
          'Change a role ({role}: org_admin, or coach/parent/player in `teamId` or in all their teams of the organization) or deactivate/reactivate ({isActive}: only for this organization, see DELETE)',
        params: idParams,
        querystring: adminScopeQuerySchema,
        body: adminPersonPatchSchema,
        response: { 200: adminPersonSchema, 409: errorBody, ...errors },
      },
    },
    async (request) => {
      const org = adminOrg(request);
      const by = requireUserId(request);
      const userId = request.params.id;
      const before = await personOf(request, userId);
      const { role, teamId, isActive } = request.body;
      if (role === 'org_admin') {
        await handle(
          orgDecider,
          orgStream(org.orgId),
          { type: 'AddOrgAdmin', data: { orgId: org.orgId, userId, by, isMember: true } },
          { actorId: by },
        );
      } else if (role !== undefined) {
        const teams = (await orgTeamRolesOf(db, org.orgId, userId)).filter((t) => !teamId || t.teamId === teamId);
        if (teamId && teams.length === 0) throw adminNotFound('This person is not in that team');
        if (teams.length === 0) {
          throw new HttpError(409, 'NO_TEAMS', 'This person is in none of your teams; invite them to a team first');
        }
        if (before.role === 'org_admin') {
          await handle(
            orgDecider,
            orgStream(org.orgId),
            { type: 'RemoveOrgAdmin', data: { orgId: org.orgId, userId, by } },
            { actorId: by },
          );
        }
        for (const team of teams) {
          if (team.role === role) continue;
          await handle(
            teamDecider,
            teamStream(team.teamId),
            {
              type: 'AssignTeamRole',
              data: { teamId: team.teamId, userId, assignedRole: role as AssignedRole, by, byIsOrgAdmin: true },
            },
            { actorId: by },
          );
        }
      }
      if (isActive === false) await deactivate(org.orgId, userId, by);
      if (isActive === true) {
        await handle(
          orgDecider,
          orgStream(org.orgId),
          { type: 'ReactivateOrgMember', data: { orgId: org.orgId, userId, by } },
          { actorId: by },
        );
      }
      return personOf(request, userId);
    },
  );

  app.delete(
    '/api/admin/people/:id',
    {
      schema: {
        tags,
        summary:
          "Deactivate a person in this organization: they lose access to its teams (seasons, chat, media, streams, calendar feeds) and its administration, and the stream keys they were given stop working (a live publish with one is cut off) until a manager rotates them; their account, sign-in and other organizations are untouched, nothing they wrote is removed; PATCH {isActive: true} by this organization's admins undoes it (not the keys)",
        params: idParams,
        querystring: adminScopeQuerySchema,
        response: { 204: z.null(), 409: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const org = adminOrg(request);
      await personOf(request, request.params.id);
      await deactivate(org.orgId, request.params.id, requireUserId(request));
      return reply.status(204).send(null);
    },
  );
};
