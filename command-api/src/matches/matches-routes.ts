import { createHash, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  addParticipantInputSchema,
  idSchema,
  matchDecider,
  matchListQuerySchema,
  matchSchema,
  matchStatusInputSchema,
  matchStream,
  participantSchema,
  scheduleMatchInputSchema,
  sportById,
  substitutionInputSchema,
  type Match,
  type MatchCommand,
  type SportId,
} from '@sideline/domain';
import {
  findParticipant,
  findPlayer,
  findUserById,
  listMatchRows,
  listParticipants,
  memberRole,
  type MatchRow,
} from '@sideline/projections';
import { requireUserId } from '../identity/session-auth.ts';
import type { CommandHandler } from '../shared/command-handler.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';
import {
  managesAnyTeam,
  matchManagersOnly,
  matchScope,
  requireMatchManager,
  requireMatchReader,
} from './match-access.ts';
import { findSeasonFacts, seasonNames, teamsOfSeason } from './org-scope.ts';

const errorBody = z.object({ message: z.string(), code: z.string() });
const matchParams = z.object({ matchId: idSchema });

/** A scheduled start may lie this far in the past (the form's minimum is "now" in a browser whose clock may lag). */
const START_TIME_GRACE_MS = 10 * 60_000;

export const fieldError = (field: string, message: string) =>
  new HttpError(400, 'VALIDATION', 'Please check the highlighted fields', { [field]: [message] });

export function toMatch(row: MatchRow, seasonName: string | null, canManage: boolean): Match {
  const { orgId: _orgId, ...rest } = row;
  return { ...rest, seasonName, sportName: sportById(row.sportId).name, canManage };
}

export async function matchView(db: Kysely<any>, row: MatchRow, canManage: boolean): Promise<Match> {
  const names = await seasonNames(db, [row.seasonId]);
  return toMatch(row, names.get(row.seasonId) ?? null, canManage);
}

/**
 * The id of something a request creates: random, or derived from the caller's Idempotency-Key so
 * a retried create appends nothing new (the decider sees the same id again).
 */
export function createdId(request: FastifyRequest, userId: string, scope: string): string {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && key.length > 0 && key.length <= 200
    ? createHash('sha256').update(`${userId}\n${scope}\n${key}`).digest('hex').slice(0, 32)
    : randomUUID();
}

/** Runs a match command and answers 503 when the read models did not catch up in time. */
export async function runMatchCommand(
  ctx: { handle: CommandHandler },
  matchId: string,
  command: MatchCommand,
  userId: string,
): Promise<void> {
  const { projected } = await ctx.handle(matchDecider, matchStream(matchId), command, { actorId: userId });
  if (!projected) {
    throw new HttpError(503, 'NOT_READY', 'Saved; it takes a moment to show. Refresh shortly', undefined, 1);
  }
}

interface LineupPlayer {
  userId: string | null;
  playerId: string | null;
  name: string;
  teamId: string;
}

/** A member of one of the teams, by account. */
async function memberOf(db: Kysely<any>, teamIds: readonly string[], memberId: string): Promise<LineupPlayer> {
  const roles = await Promise.all(teamIds.map((t) => memberRole(db, t, memberId)));
  const teamsOfMember = teamIds.filter((_t, i) => roles[i] !== null);
  if (teamsOfMember.length === 0) {
    throw fieldError('userId', teamIds.length === 1 ? 'Not a member of that team' : 'Not a member of either team');
  }
  if (teamsOfMember.length > 1) throw fieldError('teamId', 'This person is in both teams; choose the team');
  const user = await findUserById(db, memberId);
  if (!user) throw fieldError('userId', 'Not a member of either team');
  return { userId: memberId, playerId: null, name: user.name, teamId: teamsOfMember[0]! };
}

/**
 * A player of one of the teams' rosters (club players, who may have no account). A roster player
 * with their own linked account plays as that account too, which is credited their rewards.
 */
async function rosterPlayerOf(db: Kysely<any>, teamIds: readonly string[], playerId: string): Promise<LineupPlayer> {
  const found = (await Promise.all(teamIds.map((t) => findPlayer(db, t, playerId)))).find((p) => p !== null);
  if (!found) {
    throw fieldError('playerId', teamIds.length === 1 ? 'Not a player of that team' : 'Not a player of either team');
  }
  return { userId: found.account?.userId ?? null, playerId: found.id, name: found.name, teamId: found.teamId };
}

const commandOfStatus = { in_progress: 'StartMatch', complete: 'CompleteMatch', cancelled: 'CancelMatch' } as const;

export const matchesRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db } = ctx;
  app.addHook('onRequest', async (request) => {
    requireUserId(request);
  });

  const sent = (matchId: string, userId: string) => ({
    matchId,
    by: userId,
    at: new Date().toISOString(),
    canManage: true,
  });

  app.get(
    '/api/matches',
    {
      schema: {
        tags: ['matches'],
        summary:
          "The matches of the caller's teams and of the organizations they administer, soonest first (filters: status, teamId, seasonId)",
        querystring: matchListQuerySchema,
        response: { 200: z.array(matchSchema) },
      },
    },
    async (request) => {
      const scope = await matchScope(db, requireUserId(request));
      const rows = await listMatchRows(db, scope, request.query);
      const names = await seasonNames(
        db,
        rows.map((r) => r.seasonId),
      );
      return rows.map((r) => toMatch(r, names.get(r.seasonId) ?? null, scope.canManage(r)));
    },
  );

  app.get(
    '/api/matches/:matchId',
    {
      schema: {
        tags: ['matches'],
        summary: 'One match',
        params: matchParams,
        response: { 200: matchSchema, 404: errorBody },
      },
    },
    async (request) => {
      const { match, canManage } = await requireMatchReader(db, request.params.matchId, requireUserId(request));
      return matchView(db, match, canManage);
    },
  );

  app.post(
    '/api/matches',
    {
      schema: {
        tags: ['matches'],
        summary:
          "Schedule a match between two teams of a season (the season's organization admins, or a coach of one of the teams)",
        body: scheduleMatchInputSchema,
        response: { 201: matchSchema, 403: errorBody },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { seasonId, sportId, teamAId, teamBId, startTime, location, format } = request.body;
      const season = await findSeasonFacts(db, seasonId, userId);
      // A season of an organization the caller is not in reads as one that does not exist.
      if (!season || !(season.isOrgAdmin || season.isOrgMember)) throw fieldError('seasonId', 'Season not found');
      if (season.sportId !== sportId) {
        throw fieldError('sportId', `This season is for ${season.sportName}`);
      }
      const inSeason = await teamsOfSeason(db, seasonId, [teamAId, teamBId]);
      if (!inSeason.has(teamAId)) throw fieldError('teamAId', 'Choose a team of this season');
      if (!inSeason.has(teamBId)) throw fieldError('teamBId', 'Choose a team of this season');
      if (Date.parse(startTime) < Date.now() - START_TIME_GRACE_MS) {
        throw fieldError('startTime', 'Start time must not be in the past');
      }
      const manages = season.isOrgAdmin || (await managesAnyTeam(db, [teamAId, teamBId], userId));
      if (!manages) throw matchManagersOnly();
      const matchId = createdId(request, userId, 'match');
      await runMatchCommand(
        ctx,
        matchId,
        {
          type: 'ScheduleMatch',
          data: {
            ...sent(matchId, userId),
            seasonId,
            orgId: season.orgId,
            sportId: sportId as SportId,
            teamAId,
            teamBId,
            startTime,
            location,
            format,
          },
        },
        userId,
      );
      const { match, canManage } = await requireMatchReader(db, matchId, userId);
      return reply.status(201).send(await matchView(db, match, canManage));
    },
  );

  app.put(
    '/api/matches/:matchId',
    {
      schema: {
        tags: ['matches'],
        summary:
          'Start, complete or cancel the match (its managers); completion fixes the final score and winner from the stats. A transition the lifecycle does not allow answers 409 ILLEGAL_TRANSITION with the current status',
        params: matchParams,
        body: matchStatusInputSchema,
        response: { 200: matchSchema, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const { matchId } = request.params;
      await requireMatchManager(db, matchId, userId);
      const type = commandOfStatus[request.body.status];
      await runMatchCommand(ctx, matchId, { type, data: sent(matchId, userId) } as MatchCommand, userId);
      const { match, canManage } = await requireMatchReader(db, matchId, userId);
      return matchView(db, match, canManage);
    },
  );

  app.get(
    '/api/matches/:matchId/participants',
    {
      schema: {
        tags: ['matches'],
        summary: 'The lineup, in the order players were added',
        params: matchParams,
        response: { 200: z.array(participantSchema), 404: errorBody },
      },
    },
    async (request) => {
      const { match } = await requireMatchReader(db, request.params.matchId, requireUserId(request));
      return listParticipants(db, match.id, match.sportId);
    },
  );

  app.post(
    '/api/matches/:matchId/participants',
    {
      schema: {
        tags: ['matches'],
        summary:
          'Add a player to the lineup: a member of one of the two teams, with an optional position of the sport; starters are on the field at kick-off, players added during play start on the bench',
        params: matchParams,
        body: addParticipantInputSchema,
        response: { 201: participantSchema, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { matchId } = request.params;
      const match = await requireMatchManager(db, matchId, userId);
      const body = request.body;
      const teamIds = [match.teamA.id, match.teamB.id];
      if (body.teamId && !teamIds.includes(body.teamId)) {
        throw fieldError('teamId', 'Choose one of the two teams of the match');
      }
      const candidates = body.teamId ? [body.teamId] : teamIds;
      const who = body.playerId
        ? await rosterPlayerOf(db, candidates, body.playerId)
        : await memberOf(db, candidates, body.userId!);
      const participantId = createdId(request, userId, `participant:${matchId}`);
      await runMatchCommand(
        ctx,
        matchId,
        {
          type: 'AddParticipant',
          data: {
            ...sent(matchId, userId),
            participantId,
            userId: who.userId,
            playerId: who.playerId,
            name: who.name,
            teamId: who.teamId,
            positionId: body.positionId,
            isStarter: body.isStarter,
          },
        },
        userId,
      );
      const added = (await listParticipants(db, matchId, match.sportId)).find((p) => p.id === participantId);
      if (!added) throw new HttpError(404, 'PARTICIPANT_NOT_FOUND', 'That player is not in the lineup');
      return reply.status(201).send(added);
    },
  );

  app.delete(
    '/api/matches/:matchId/participants/:participantId',
    {
      schema: {
        tags: ['matches'],
        summary:
          'Take a player out of the lineup (before kick-off, or a bench player who has not played and has no stats)',
        params: z.object({ matchId: idSchema, participantId: idSchema }),
        response: { 204: z.null(), 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { matchId, participantId } = request.params;
      await requireMatchManager(db, matchId, userId);
      if (!(await findParticipant(db, matchId, { participantId }))) {
        throw new HttpError(404, 'PARTICIPANT_NOT_FOUND', 'That player is not in the lineup');
      }
      await runMatchCommand(
        ctx,
        matchId,
        { type: 'RemoveParticipant', data: { ...sent(matchId, userId), participantId } },
        userId,
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/matches/:matchId/substitutions',
    {
      schema: {
        tags: ['matches'],
        summary:
          "A substitution during play: `in` takes `out`'s place and position at `at` (default now; after kick-off and the previous substitution). Answers the lineup after it",
        params: matchParams,
        body: substitutionInputSchema,
        response: { 201: z.array(participantSchema), 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { matchId } = request.params;
      const match = await requireMatchManager(db, matchId, userId);
      const now = new Date().toISOString();
      const { out, in: into, at } = request.body;
      await runMatchCommand(
        ctx,
        matchId,
        {
          type: 'Substitute',
          data: { ...sent(matchId, userId), at: now, outParticipantId: out, inParticipantId: into, when: at ?? now },
        },
        userId,
      );
      return reply.status(201).send(await listParticipants(db, matchId, match.sportId));
    },
  );
};
