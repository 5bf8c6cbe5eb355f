import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '../shared/feature-context.ts';
import { finishDeletedTeamsMatches } from './deleted-team-matches.ts';
import { matchesRoutes as matchRoutes } from './matches-routes.ts';
import { replayRoutes } from './replay-routes.ts';
import { statsRoutes } from './stats-routes.ts';

export { cancelMatchesOfDeletedTeam } from './deleted-team-matches.ts';

export const matchesRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app, ctx) => {
  await app.register(matchRoutes, ctx);
  await app.register(statsRoutes, ctx);
  await app.register(replayRoutes, ctx);
  // A deletion cut short (the process stopped before its matches were cancelled) is finished by
  // the next API process to start; started in the background, so that no start waits on it.
  if (ctx.config.SIDELINE_ROLE === 'all' || ctx.config.SIDELINE_ROLE === 'api') {
    app.addHook('onReady', async () => {
      finishDeletedTeamsMatches(ctx).catch((err: unknown) =>
        ctx.logger.warn({ err }, 'the matches of deleted teams could not be cancelled; the next start tries again'),
      );
    });
  }
};
