import { createHash, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  addParticipantInputSchema,
  idSchema,
  MATCH_BOARD_RECENT,
  MATCH_BOARD_UPCOMING,
  matchBoardSchema,
  matchDecider,
  matchListQuerySchema,
  matchSchema,
  matchStatuses,
  matchStatusInputSchema,
  matchStream,
  participantSchema,
  scheduleMatchInputSchema,
  sportById,
  sportIdOfName,
  substitutionInputSchema,
  type MatchCommand,
  type SportId,
} from '@sideline/domain';
import {
  findParticipant,
  findPlayer,
  findTeamForMember,
  findUserById,
  isOrgAdminOfTeam,
  listMatchRows,
  listParticipants,
  matchBoardRows,
  memberRole,
  teamIdsOfMatch,
  teamIdsOfUser,
  type ReadModels,
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
import { matchView, matchViews } from './match-views.ts';
import { findSeasonFacts, teamsOfSeason } from '@sideline/projections';

/** An error; `fieldErrors` on a 400 (declared so the serializer keeps it). */
export const errorBody = z.object({
  message: z.string(),
  code: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
/** A 409: ILLEGAL_TRANSITION carries the match's current `status`. */
export const conflictBody = errorBody.extend({ status: z.enum(matchStatuses).optional() });
const matchParams = z.object({ matchId: idSchema });

/** A scheduled start may lie this far in the past (the form's minimum is "now" in a browser whose clock may lag). */
const START_TIME_GRACE_MS = 10 * 60_000;

export const fieldError = (field: string, message: string) =>
  new HttpError(400, 'VALIDATION', 'Please check the highlighted fields', { [field]: [message] });

/**
 * The id of something a request creates: random, or derived from the caller's client id (a body
 * field, first) or Idempotency-Key so a retried create appends nothing new (the decider sees the
 * same id again).
 */
export function createdId(request: FastifyRequest, userId: string, scope: string, clientId?: string): string {
  const header = request.headers['idempotency-key'];
  const key = clientId ?? header;
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
async function memberOf(db: Kysely<ReadModels>, teamIds: readonly string[], memberId: string): Promise<LineupPlayer> {
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
async function rosterPlayerOf(
  db: Kysely<ReadModels>,
  teamIds: readonly string[],
  playerId: string,
): Promise<LineupPlayer> {
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

  // Every route that sends a match command has refused a caller who does not manage the match
  // (requireMatchManager, or the schedule route's own check): the one owner of that rule, ADR 0028.
  const sent = (matchId: string, userId: string) => ({
    matchId,
    by: userId,
    at: new Date().toISOString(),
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
      const userId = requireUserId(request);
      const scope = await matchScope(db, userId);
      const rows = await listMatchRows(db, scope, request.query);
      return matchViews(db, rows, userId, scope.canManage);
    },
  );

  app.get(
    '/api/me/matches',
    {
      schema: {
        tags: ['matches'],
        summary: `The caller's matches across their teams (parents and players too): \`live\` in progress (earliest kick-off first), \`upcoming\` still scheduled (soonest first, at most ${MATCH_BOARD_UPCOMING}), \`recent\` completed results (latest first, at most ${MATCH_BOARD_RECENT}); each with its score and \`minute\` of play`,
        response: { 200: matchBoardSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const [teamIds, scope] = await Promise.all([teamIdsOfUser(db, userId), matchScope(db, userId)]);
      const board = await matchBoardRows(db, teamIds, { upcoming: MATCH_BOARD_UPCOMING, recent: MATCH_BOARD_RECENT });
      const [live, upcoming, recent] = await Promise.all(
        [board.live, board.upcoming, board.recent].map((rows) => matchViews(db, rows, userId, scope.canManage)),
      );
      return { live: live!, upcoming: upcoming!, recent: recent! };
    },
  );

  app.get(
    '/api/teams/:teamId/matches',
    {
      schema: {
        tags: ['matches'],
        summary: `One team's matches for its page: \`live\`, \`upcoming\` (the first is the next match; at most ${MATCH_BOARD_UPCOMING}) and \`recent\` results (at most ${MATCH_BOARD_RECENT}). Its members and the admins of its organization; anyone else 404`,
        params: z.object({ teamId: idSchema }),
        response: { 200: matchBoardSchema, 404: errorBody },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const { teamId } = request.params;
      const [role, orgAdmin] = await Promise.all([
        memberRole(db, teamId, userId),
        isOrgAdminOfTeam(db, teamId, userId),
      ]);
      if (role === null && !orgAdmin) throw new HttpError(404, 'TEAM_NOT_FOUND', 'Team not found');
      const [scope, board] = await Promise.all([
        matchScope(db, userId),
        matchBoardRows(db, [teamId], { upcoming: MATCH_BOARD_UPCOMING, recent: MATCH_BOARD_RECENT }),
      ]);
      const [live, upcoming, recent] = await Promise.all(
        [board.live, board.upcoming, board.recent].map((rows) => matchViews(db, rows, userId, scope.canManage)),
      );
      return { live: live!, upcoming: upcoming!, recent: recent! };
    },
  );

  app.get(
    '/api/matches/:matchId',
    {
      schema: {
        tags: ['matches'],
        summary:
          "One match: kick-off, place, status, both sides' names and scores (team B's is the opponent's when it is not on Sideline), the minute of play while in progress and a livestream of either team that is live. Members of either team (parents and players too) and the organization's admins; anyone else 404",
        params: matchParams,
        response: { 200: matchSchema, 404: errorBody },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const { match, canManage } = await requireMatchReader(db, request.params.matchId, userId);
      return matchView(db, match, userId, canManage);
    },
  );

  app.post(
    '/api/matches',
    {
      schema: {
        tags: ['matches'],
        summary:
          "Schedule a match: team A against team B (another Sideline team) or against an opponent that is not on Sideline (`opponentName`, 1–80 characters), never both. In a season: both teams of the season, by its organization's admins or a coach of either team. Without a season: only when team A is an independent team (no organization), by its managers; team B is then another independent team of the caller's, or an opponent. Bad input answers 400 naming the field (`seasonId`, `teamBId`, `opponentName`, …)",
        body: scheduleMatchInputSchema,
        response: { 201: matchSchema, 400: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { seasonId, sportId, teamAId, teamBId, opponentName, startTime, location, format } = request.body;
      const teams = teamBId === null ? [teamAId] : [teamAId, teamBId];
      let orgId: string | null;
      let manages: boolean;
      if (seasonId !== null) {
        const season = await findSeasonFacts(db, seasonId, userId);
        // A season of an organization the caller is not in reads as one that does not exist.
        if (!season || !(season.isOrgAdmin || season.isOrgMember)) throw fieldError('seasonId', 'Season not found');
        if (season.sportId !== sportId) {
          throw fieldError('sportId', `This season is for ${season.sportName}`);
        }
        const inSeason = await teamsOfSeason(db, seasonId, teams);
        if (!inSeason.has(teamAId)) throw fieldError('teamAId', 'Choose a team of this season');
        if (teamBId !== null && !inSeason.has(teamBId)) throw fieldError('teamBId', 'Choose a team of this season');
        orgId = season.orgId;
        manages = season.isOrgAdmin || (await managesAnyTeam(db, teams, userId));
      } else {
        // Only an independent team plays without a season; an organization's team needs one.
        const teamA = await findTeamForMember(db, teamAId, userId);
        if (!teamA) {
          if (await isOrgAdminOfTeam(db, teamAId, userId)) throw fieldError('seasonId', 'Season is required');
          throw fieldError('teamAId', 'Choose one of your teams');
        }
        if (teamA.orgId !== null) throw fieldError('seasonId', 'Season is required');
        const teamSport = sportIdOfName(teamA.sport);
        if (teamSport !== null && teamSport !== sportId) {
          throw fieldError('sportId', `${teamA.name} plays ${sportById(teamSport).name}`);
        }
        if (teamBId !== null) {
          const teamB = await findTeamForMember(db, teamBId, userId);
          if (!teamB || teamB.orgId !== null) {
            throw fieldError('teamBId', 'Choose another independent team of yours, or name the opponent');
          }
        }
        orgId = null;
        manages = await managesAnyTeam(db, teams, userId);
      }
      if (Date.parse(startTime) < Date.now() - START_TIME_GRACE_MS) {
        throw fieldError('startTime', 'Start time must not be in the past');
      }
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
            orgId,
            sportId: sportId as SportId,
            teamAId,
            teamBId,
            opponentName,
            teamAIndependent: seasonId === null,
            startTime,
            location,
            format,
          },
        },
        userId,
      );
      const { match, canManage } = await requireMatchReader(db, matchId, userId);
      return reply.status(201).send(await matchView(db, match, userId, canManage));
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
      return matchView(db, match, userId, canManage);
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
      const teamIds = teamIdsOfMatch(match);
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
