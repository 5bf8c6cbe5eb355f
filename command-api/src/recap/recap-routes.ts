import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gameRecapInputSchema, gameRecapSchema } from '@sideline/domain';
import { findTeamForMember, teamActivityCounts, topTeamContributors } from '@sideline/projections';
import { requireUserId } from '../identity/session-auth.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';
import { requireMatchReader } from '../matches/match-access.ts';
import { latestOccurrence } from './latest-occurrence.ts';
import { matchFacts } from './match-facts.ts';
import { writeRecap } from './recap-template.ts';

const WINDOW_DAYS = 7;

export const recapRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db } = ctx;
  app.addHook('onRequest', async (request) => {
    requireUserId(request);
  });

  app.post(
    '/api/ai/game-recap',
    {
      schema: {
        tags: ['recap'],
        summary:
          "A recap written from the team's recorded data: with `matchId`, the match first (score, result, top performers, notable stats, as they stand after every correction); the latest occurrence of its events that started in the last 7 days (never one still to come), with its RSVPs; the last 7 days of activity, top contributors by XP. Members only",
        body: gameRecapInputSchema,
        response: { 200: gameRecapSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const { teamId, matchId, gameTitle, highlights } = request.body;
      const team = await findTeamForMember(db, teamId, userId);
      if (!team) throw new HttpError(404, 'TEAM_NOT_FOUND', 'Team not found');
      let match = null;
      if (matchId) {
        const found = (await requireMatchReader(db, matchId, userId)).match;
        if (found.teamA.id !== teamId && found.teamB.id !== teamId) {
          throw new HttpError(404, 'MATCH_NOT_FOUND', 'Match not found');
        }
        match = await matchFacts(db, found);
      }
      const now = new Date();
      const since = new Date(now.getTime() - WINDOW_DAYS * 86_400_000);
      const [lastEvent, activity, contributors] = await Promise.all([
        latestOccurrence(db, teamId, since, now),
        teamActivityCounts(db, teamId, since),
        topTeamContributors(db, teamId, since, 3),
      ]);
      return writeRecap(
        { team, windowDays: WINDOW_DAYS, lastEvent, activity, contributors, match, gameTitle, highlights },
        now,
      );
    },
  );
};
