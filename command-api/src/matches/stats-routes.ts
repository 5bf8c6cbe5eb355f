import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  amendStatInputSchema,
  boxScoreOf,
  boxScoreQuerySchema,
  boxScoreSchema,
  fold,
  idSchema,
  matchDecider,
  matchStream,
  matchTimelineSchema,
  playingTimeSchema,
  recordStatInputSchema,
  retractStatInputSchema,
  seasonPlayingTimeSchema,
  statSchema,
  type MatchEvent,
} from '@sideline/domain';
import {
  boxScore,
  findParticipant,
  findStat,
  listStats,
  matchTimeline,
  playingTime,
  seasonPlayingTime,
  seasonStatTotals,
  withoutDeletedTeamsPlayers,
} from '@sideline/projections';
import { requireUserId } from '../identity/session-auth.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';
import { analyticsReader, requireMatchForReader, requireMatchManager, requireMatchReader } from './match-access.ts';
import { conflictBody, createdId, errorBody as statErrorBody, fieldError, runMatchCommand } from './matches-routes.ts';
import { seasonStanding } from '@sideline/projections';

const errorBody = z.object({ message: z.string(), code: z.string() });
// fieldErrors is declared so the serializer keeps it on 400s.
const fieldErrorBody = errorBody.extend({ fieldErrors: z.record(z.string(), z.array(z.string())).optional() });
const matchParams = z.object({ matchId: idSchema });
const statParams = z.object({ matchId: idSchema, statId: idSchema });
const seasonParams = z.object({ seasonId: idSchema });
const statNotFound = () => new HttpError(404, 'STAT_NOT_FOUND', 'Statistic not found');

const seasonTotalsSchema = z.object({
  seasonId: z.string(),
  totals: z.array(
    z.object({
      userId: z.string().nullable(),
      playerId: z.string().nullable(),
      name: z.string(),
      teamId: z.string(),
      statType: z.string(),
      total: z.number(),
      matches: z.number().int(),
    }),
  ),
});

export const statsRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db, eventStore } = ctx;
  // Every route that sends a match command has refused a caller who does not manage the match
  // (requireMatchManager, or the schedule route's own check): the one owner of that rule, ADR 0028.
  const sent = (matchId: string, userId: string) => ({
    matchId,
    by: userId,
    at: new Date().toISOString(),
  });

  app.get(
    '/api/matches/:matchId/stats',
    {
      schema: {
        tags: ['matches'],
        summary: 'The statistics that stand, after corrections, in recording order',
        params: matchParams,
        response: { 200: z.array(statSchema), 404: errorBody },
      },
    },
    async (request) => {
      const { match } = await requireMatchReader(db, request.params.matchId, requireUserId(request));
      return listStats(db, match.id);
    },
  );

  app.post(
    '/api/matches/:matchId/stats',
    {
      schema: {
        tags: ['matches'],
        summary:
          "Record a statistic (a stat type of the sport, value ≥ 0 in steps of 0.01; a count stat's usual value is 1) while the match is in progress or complete: of a lineup player, or with `side: 'opponent'` and no player, a scoring stat of an opponent that is not on Sideline. `clientId` (or an `Idempotency-Key` header) makes a retry record it once and answer the same stat (409 STAT_ALREADY_RETRACTED if it was retracted since). 400 naming the field for bad input, 403 for a member who does not manage the match, 409 while scheduled or cancelled",
        params: matchParams,
        body: recordStatInputSchema,
        response: { 201: statSchema, 400: statErrorBody, 403: errorBody, 404: errorBody, 409: conflictBody },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { matchId } = request.params;
      await requireMatchManager(db, matchId, userId);
      const {
        participantId,
        userId: playerUserId,
        playerId,
        teamId,
        side,
        statType,
        value,
        context,
        clientId,
      } = request.body;
      let subject: string | null = null;
      if (side !== 'opponent') {
        const participant = await findParticipant(db, matchId, { participantId, userId: playerUserId, playerId });
        if (!participant || (teamId && participant.team_id !== teamId)) {
          throw fieldError(
            participantId ? 'participantId' : playerId ? 'playerId' : 'userId',
            'This player is not in the lineup',
          );
        }
        subject = participant.id;
      }
      const statId = createdId(request, userId, `stat:${matchId}`, clientId);
      await runMatchCommand(
        ctx,
        matchId,
        {
          type: 'RecordStat',
          data: { ...sent(matchId, userId), statId, participantId: subject, side, statType, value, context },
        },
        userId,
      );
      const stat = await findStat(db, matchId, statId);
      // A retried record of a stat retracted since (an outbox replaying after an Undo).
      if (!stat) throw new HttpError(409, 'STAT_ALREADY_RETRACTED', 'This statistic was recorded, then retracted');
      return reply.status(201).send(stat);
    },
  );

  app.put(
    '/api/matches/:matchId/stats/:statId',
    {
      schema: {
        tags: ['matches'],
        summary: 'Correct a statistic, with a reason: a compensating event; the recorded history stays',
        params: statParams,
        body: amendStatInputSchema,
        response: { 200: statSchema, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const { matchId, statId } = request.params;
      await requireMatchManager(db, matchId, userId);
      const { value, context, reason } = request.body;
      await runMatchCommand(
        ctx,
        matchId,
        { type: 'AmendStat', data: { ...sent(matchId, userId), statId, value, context, reason } },
        userId,
      );
      const stat = await findStat(db, matchId, statId);
      if (!stat) throw statNotFound();
      return stat;
    },
  );

  app.delete(
    '/api/matches/:matchId/stats/:statId',
    {
      schema: {
        description:
          'The scorer\'s Undo retracts through here with the reason "Undone by scorer", the opponent\'s stats too. A statistic already retracted answers 409 STAT_ALREADY_RETRACTED with a message',
        tags: ['matches'],
        summary:
          'Retract a statistic recorded by mistake. A reason is required: `?reason=` (or a JSON body `{reason}`); without one, 400 naming `reason`',
        params: statParams,
        querystring: retractStatInputSchema,
        response: { 204: z.null(), 400: fieldErrorBody, 403: errorBody, 404: errorBody },
      },
      // The reason may instead come in a body, so a query without one is judged in the handler.
      attachValidation: true,
    },
    async (request, reply) => {
      const invalid = request.validationError;
      if (invalid && invalid.validationContext !== 'querystring') throw invalid;
      const userId = requireUserId(request);
      const { matchId, statId } = request.params;
      await requireMatchManager(db, matchId, userId);
      const sentReason =
        (request.query as { reason?: unknown }).reason ?? ((request.body ?? {}) as { reason?: unknown }).reason;
      const parsed = retractStatInputSchema.safeParse({ reason: sentReason });
      if (!parsed.success) {
        const missing = typeof sentReason !== 'string' || sentReason.trim() === '';
        throw new HttpError(
          400,
          'VALIDATION',
          missing ? 'A reason is required to retract a statistic' : 'Please check the highlighted fields',
          { reason: [parsed.error.issues[0]?.message ?? 'Reason is required'] },
        );
      }
      await runMatchCommand(
        ctx,
        matchId,
        { type: 'RetractStat', data: { ...sent(matchId, userId), statId, reason: parsed.data.reason } },
        userId,
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/matches/:matchId/box-score',
    {
      schema: {
        tags: ['matches', 'analytics'],
        summary:
          'The box score now, or as it stood at `at` (folded from the match history, so a later correction never changes an earlier answer). A session, or an API token of the organization',
        params: matchParams,
        querystring: boxScoreQuerySchema,
        response: { 200: boxScoreSchema, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const reader = await analyticsReader(db, request);
      const match = await requireMatchForReader(db, request.params.matchId, reader);
      const at = request.query.at;
      if (!at) return boxScore(db, match);
      const until = Date.parse(at);
      const history: MatchEvent[] = [];
      for (const e of await eventStore.readStream(matchStream(match.id))) {
        if (Date.parse(e.metadata.occurredAt) > until) break;
        history.push({ type: e.type, data: e.data } as MatchEvent);
      }
      if (history.length === 0) {
        throw new HttpError(404, 'NOT_SCHEDULED_YET', 'The match had not been scheduled at that time');
      }
      const names = new Map([[match.teamA.id, match.teamA.name]]);
      if (match.teamB.id !== null) names.set(match.teamB.id, match.teamB.name);
      return withoutDeletedTeamsPlayers(
        boxScoreOf(fold(matchDecider, history), names, new Date(until).toISOString()),
        match.deletedTeamIds,
      );
    },
  );

  app.get(
    '/api/matches/:matchId/timeline',
    {
      schema: {
        tags: ['matches'],
        summary:
          "The match's timeline: every stat recorded, corrected (`amended`, from `previousValue` to `value`) and taken back (`retracted`), in the order it happened, with the side, the player (null for an opponent outside Sideline), the minute of play and, on a recorded stat, whether it was corrected or taken back since. `scoring` marks the sport's scoring stats (goals, points, …). Members of either team and the organization's admins",
        params: matchParams,
        response: { 200: matchTimelineSchema, 404: errorBody },
      },
    },
    async (request) => {
      const { match } = await requireMatchReader(db, request.params.matchId, requireUserId(request));
      return matchTimeline(db, match);
    },
  );

  app.get(
    '/api/matches/:matchId/playing-time',
    {
      schema: {
        tags: ['matches'],
        summary:
          'Minutes per player and position, from the start, substitution and completion events; each stretch names the events that began and ended it',
        params: matchParams,
        response: { 200: playingTimeSchema, 404: errorBody },
      },
    },
    async (request) => {
      const { match } = await requireMatchReader(db, request.params.matchId, requireUserId(request));
      return playingTime(db, match, new Date());
    },
  );

  app.get(
    '/api/seasons/:seasonId/playing-time',
    {
      schema: {
        tags: ['matches'],
        summary:
          "Each player's minutes over the season's matches: the organization's admins see every team, members see their own teams' players",
        params: seasonParams,
        response: { 200: seasonPlayingTimeSchema, 404: errorBody },
      },
    },
    async (request) => {
      const standing = await seasonStanding(db, request.params.seasonId, requireUserId(request));
      if (!standing) throw new HttpError(404, 'SEASON_NOT_FOUND', 'Season not found');
      return seasonPlayingTime(db, standing.seasonId, new Date(), standing.isOrgAdmin ? null : standing.teamIds);
    },
  );

  app.get(
    '/api/seasons/:seasonId/stat-totals',
    {
      schema: {
        tags: ['matches'],
        summary:
          "Each player's surviving stat totals per type over the season, largest first (the leaderboards); admins see every team, members their own teams",
        params: seasonParams,
        response: { 200: seasonTotalsSchema, 404: errorBody },
      },
    },
    async (request) => {
      const standing = await seasonStanding(db, request.params.seasonId, requireUserId(request));
      if (!standing) throw new HttpError(404, 'SEASON_NOT_FOUND', 'Season not found');
      const totals = await seasonStatTotals(db, standing.seasonId, standing.isOrgAdmin ? null : standing.teamIds);
      return { seasonId: standing.seasonId, totals };
    },
  );
};
