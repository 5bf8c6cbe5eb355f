import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProjectionProgress } from '@sideline/projections';
import type { FeatureContext } from '../shared/feature-context.ts';
import { matchesRoutes as matchRoutes } from './matches-routes.ts';
import { replayRoutes } from './replay-routes.ts';
import { statsRoutes } from './stats-routes.ts';

export type MatchesContext = FeatureContext & {
  /**
   * Read-your-writes for the matches read model only: a match command answers from it and need
   * not wait for the other projectors (rewards follow a moment later). Fed over the bus, so it
   * works in split mode too.
   */
  matchesProgress: ProjectionProgress;
};

export const matchesRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  const matchesProgress = new ProjectionProgress(ctx.bus, ['matches']);
  app.addHook('onClose', async () => matchesProgress.close());
  const matchesCtx: MatchesContext = { ...ctx, matchesProgress };
  await app.register(matchRoutes, matchesCtx);
  await app.register(statsRoutes, matchesCtx);
  await app.register(replayRoutes, matchesCtx);
};
