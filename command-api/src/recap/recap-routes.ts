import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gameRecapInputSchema, gameRecapSchema } from '@sideline/domain';
import { findTeamForMember, lastTeamEvent, teamActivityCounts, topTeamContributors } from '@sideline/projections';
import { requireUserId } from '../identity/session-auth.ts';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';
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
          "A recap written from the team's recorded data (last event and RSVPs, the last 7 days of activity, top contributors); members only",
        body: gameRecapInputSchema,
        response: { 200: gameRecapSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const { teamId, gameTitle, highlights } = request.body;
      const team = await findTeamForMember(db, teamId, userId);
      if (!team) throw new HttpError(404, 'TEAM_NOT_FOUND', 'Team not found');
      const now = new Date();
      const since = new Date(now.getTime() - WINDOW_DAYS * 86_400_000);
      const [lastEvent, activity, contributors] = await Promise.all([
        lastTeamEvent(db, teamId, now),
        teamActivityCounts(db, teamId, since),
        topTeamContributors(db, teamId, since, 3),
      ]);
      // Matches are not recorded yet (part 2); `match` is filled from their read model then.
      return writeRecap(
        { team, windowDays: WINDOW_DAYS, lastEvent, activity, contributors, match: null, gameTitle, highlights },
        now,
      );
    },
  );
};
