import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '../shared/feature-context.ts';
import { matchesRoutes as matchRoutes } from './matches-routes.ts';
import { replayRoutes } from './replay-routes.ts';
import { statsRoutes } from './stats-routes.ts';

export const matchesRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  await app.register(matchRoutes, ctx);
  await app.register(statsRoutes, ctx);
  await app.register(replayRoutes, ctx);
};
