import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createTeamInputSchema,
  joinTeamInputSchema,
  teamDecider,
  teamMemberSchema,
  teamSchema,
  teamStream,
} from '@sideline/domain';
import { findTeamForMember, findUserById, listTeamMembers, listTeamsOfUser } from '@sideline/projections';
import { requireUserId } from '../identity/session-auth.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';
import { requireTeamMember } from './team-access.ts';
import { releaseTeamCode, reserveTeamCode, teamIdForCode } from './team-codes.ts';

const teamParams = z.object({ teamId: z.string().min(1).max(64) });
const JOIN_ATTEMPTS = { max: 20, windowSeconds: 10 * 60 };

export const teamsRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db, handle, limiter } = ctx;
  // Signed-out callers get 401 before their payload is even validated.
  app.addHook('onRequest', async (request) => {
    requireUserId(request);
  });

  app.get(
    '/api/teams',
    { schema: { tags: ['teams'], summary: "The signed-in user's teams", response: { 200: z.array(teamSchema) } } },
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
      if (user.role !== 'coach') throw new HttpError(403, 'COACH_ONLY', 'Only coaches can create teams');
      const teamId = randomUUID();
      const code = await reserveTeamCode(db, teamId);
      const { name, sport, ageGroup } = request.body;
      try {
        await handle(
          teamDecider,
          teamStream(teamId),
          {
            type: 'CreateTeam',
            data: { teamId, name, sport, ageGroup, code, creatorId: userId, creatorRole: user.role },
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
      await handle(
        teamDecider,
        teamStream(teamId),
        { type: 'JoinTeam', data: { teamId, userId, via: 'code' } },
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
        summary: "A team's members",
        params: teamParams,
        response: { 200: z.array(teamMemberSchema) },
      },
    },
    async (request) => {
      await requireTeamMember(db, request.params.teamId, requireUserId(request));
      return listTeamMembers(db, request.params.teamId);
    },
  );
};
