import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  badgeCatalogue,
  myRewardsQuerySchema,
  myRewardsSchema,
  rewardRules,
  rewardTableResponseSchema,
} from '@sideline/domain';
import { getMyRewards } from '@sideline/projections';
import { requireUserId } from '../identity/session-auth.ts';
import type { FeatureContext } from '../shared/feature-context.ts';

export const STREAK_RULE =
  'Your streak counts consecutive days (UTC) with any rewarded activity; missing a whole day starts it again at 1.';

export const rewardsRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const { db } = ctx;
  app.addHook('onRequest', async (request) => {
    requireUserId(request);
  });

  app.get(
    '/api/rewards/me',
    {
      schema: {
        tags: ['rewards'],
        summary: 'My XP, dulars and day streak, every badge (earned or locked), and what earned what (newest first)',
        querystring: myRewardsQuerySchema,
        response: { 200: myRewardsSchema },
      },
    },
    async (request) =>
      getMyRewards(db, requireUserId(request), {
        limit: request.query.limit,
        before: request.query.before,
        now: new Date(),
      }),
  );

  app.get(
    '/api/rewards/table',
    {
      schema: {
        tags: ['rewards'],
        summary: 'What each action earns, the daily caps, the badges and the streak rule',
        response: { 200: rewardTableResponseSchema },
      },
    },
    async () => ({
      rules: [...rewardRules],
      badges: badgeCatalogue.map(({ id, name, description }) => ({ id, name, description })),
      streak: STREAK_RULE,
    }),
  );
};
