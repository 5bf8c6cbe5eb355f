import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignTeamRoleInputSchema,
  createTeamInputSchema,
  idSchema,
  joinTeamInputSchema,
  rosterAtQuerySchema,
  teamDecider,
  teamMemberSchema,
  teamSchema,
  teamStream,
} from '@sideline/domain';
import {
  findTeamForMember,
  findUserById,
  isDeactivatedFromTeam,
  listTeamMembers,
  listTeamsOfUser,
} from '@sideline/projections';
import { listTeamMembersAt } from '@sideline/projections';
import { requireUserId } from '../identity/session-auth.ts';
import { ownTeamsRead } from '../http/cached-read-rules.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';
import { deactivatedByOrganization, requireTeamMember, teamManagementFacts } from './team-access.ts';
import { releaseTeamCode, reserveTeamCode, teamIdForCode } from './team-codes.ts';

const teamParams = z.object({ teamId: idSchema });
const memberParams = z.object({ teamId: idSchema, userId: idSchema });
const errorBody = z.object({ message: z.string(), code: z.string() });
const JOIN_ATTEMPTS = { max: 20, windowSeconds: 10 * 60 };

export const teamsRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db, handle, limiter } = ctx;
  // Signed-out callers get 401 before their payload is even validated.
  app.addHook('onRequest', async (request) => {
    requireUserId(request);
  });

  app.get(
    '/api/teams',
    {
      schema: { tags: ['teams'], summary: "The signed-in user's teams", response: { 200: z.array(teamSchema) } },
      config: { cachedRead: ownTeamsRead },
    },
    async (request) => listTeamsOfUser(db, requireUserId(request)),
  );

  app.post(
    '/api/teams',
    {
      schema: {
        tags: ['teams'],
        summary: 'Create an independent team (coaches)',
        body: createTeamInputSchema,
        response: { 201: teamSchema },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const user = await findUserById(db, userId);
      if (!user) throw new HttpError(401, 'UNAUTHENTICATED', 'Please sign in');
      if (user.accountRole !== 'coach') throw new HttpError(403, 'COACH_ONLY', 'Only coaches can create teams');
      const teamId = randomUUID();
      const code = await reserveTeamCode(db, teamId);
      const { name, sport, ageGroup } = request.body;
      try {
        await handle(
          teamDecider,
          teamStream(teamId),
          {
            type: 'CreateTeam',
            data: { teamId, name, sport, ageGroup, code, creatorId: userId, creatorRole: user.accountRole },
          },
          { actorId: userId },
        );
      } catch (error) {
        await releaseTeamCode(db, teamId);
        throw error;
      }
      const team = await findTeamForMember(db, teamId, userId);
      if (!team)
        throw new HttpError(503, 'NOT_READY', 'The team is still being set up; refresh in a moment', undefined, 1);
      return reply.status(201).send(team);
    },
  );

  app.post(
    '/api/teams/join',
    {
      schema: {
        tags: ['teams'],
        summary: 'Join a team with its code',
        body: joinTeamInputSchema,
        response: { 200: teamSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      // Codes are short: bound guessing per user.
      await limiter.hit(`join:user:${userId}`, JOIN_ATTEMPTS);
      const teamId = await teamIdForCode(db, request.body.code);
      if (!teamId) {
        throw new HttpError(404, 'UNKNOWN_TEAM_CODE', 'No team has that code. Check it with your coach.', {
          code: ['No team has that code. Check it with your coach.'],
        });
      }
      // A code is no way back into a club that has deactivated you.
      if (await isDeactivatedFromTeam(db, teamId, userId)) throw deactivatedByOrganization();
      const user = await findUserById(db, userId);
      if (!user) throw new HttpError(401, 'UNAUTHENTICATED', 'Please sign in');
      await handle(
        teamDecider,
        teamStream(teamId),
        { type: 'JoinTeam', data: { teamId, userId, via: 'code', accountRole: user.accountRole } },
        { actorId: userId },
      );
      const team = await findTeamForMember(db, teamId, userId);
      if (!team)
        throw new HttpError(503, 'NOT_READY', 'Joining is still being processed; refresh in a moment', undefined, 1);
      return team;
    },
  );

  app.get(
    '/api/teams/:teamId',
    { schema: { tags: ['teams'], summary: 'One of your teams', params: teamParams, response: { 200: teamSchema } } },
    async (request) => {
      const team = await findTeamForMember(db, request.params.teamId, requireUserId(request));
      if (!team) throw new HttpError(404, 'TEAM_NOT_FOUND', 'Team not found');
      return team;
    },
  );

  app.get(
    '/api/teams/:teamId/members',
    {
      schema: {
        tags: ['teams'],
        summary: "A team's members; `at` (ISO): who was a member then, in which role (from history)",
        params: teamParams,
        querystring: rosterAtQuerySchema,
        response: { 200: z.array(teamMemberSchema) },
      },
    },
    async (request) => {
      await requireTeamMember(db, request.params.teamId, requireUserId(request));
      const { at } = request.query;
      if (at) return listTeamMembersAt(db, request.params.teamId, new Date(at));
      return listTeamMembers(db, request.params.teamId);
    },
  );

  app.put(
    '/api/teams/:teamId/members/:userId/role',
    {
      schema: {
        tags: ['teams'],
        summary: "Set a member's team role: `coach` makes them a manager, another role takes that away (managers)",
        params: memberParams,
        body: assignTeamRoleInputSchema,
        response: { 200: teamMemberSchema, 403: errorBody, 404: errorBody },
      },
      // A team you are not in is 404 before anything about the payload is said.
      preValidation: async (request) => {
        const { teamId } = request.params as { teamId?: unknown };
        if (typeof teamId === 'string') await requireTeamMember(db, teamId, requireUserId(request));
      },
    },
    async (request) => {
      const by = requireUserId(request);
      const { teamId, userId } = request.params;
      const team = await findTeamForMember(db, teamId, by);
      if (!team) throw new HttpError(404, 'TEAM_NOT_FOUND', 'Team not found');
      // The decider checks management on the team's own stream (not the read model) and answers
      // 403 for non-managers, 404 for someone who is not in the team.
      const { isOrgAdminOfTeamOrg } = await teamManagementFacts(db, team, by);
      await handle(
        teamDecider,
        teamStream(teamId),
        {
          type: 'AssignTeamRole',
          data: { teamId, userId, assignedRole: request.body.assignedRole, by, byIsOrgAdmin: isOrgAdminOfTeamOrg },
        },
        { actorId: by },
      );
      const member = (await listTeamMembers(db, teamId)).find((m) => m.userId === userId);
      if (!member) throw new HttpError(404, 'MEMBER_NOT_FOUND', 'This person is not in the team');
      return member;
    },
  );
};
