import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  isSportId,
  positionSchema,
  safeText,
  sportCatalogue,
  sportSummaries,
  sportSummarySchema,
} from '@sideline/domain';
import type { FeatureContext } from '../shared/feature-context.ts';
import { HttpError } from '../shared/http-errors.ts';

const errorBody = z.object({ message: z.string(), code: z.string() });

/** The sports catalogue: reference data, the same for everyone, so no sign-in is needed. */
export const sportsRoutes: FastifyPluginAsyncZod<FeatureContext> = async (app) => {
  app.get(
    '/api/sports',
    {
      schema: {
        tags: ['sports'],
        summary: 'The ten sports with their stat types and position counts (spec part 2 §9)',
        response: { 200: z.array(sportSummarySchema) },
      },
    },
    async () => [...sportSummaries],
  );

  app.get(
    '/api/sports/:sportId/positions',
    {
      schema: {
        tags: ['sports'],
        summary: "A sport's positions",
        params: z.object({ sportId: safeText.max(64) }),
        response: { 200: z.array(positionSchema), 404: errorBody },
      },
    },
    async (request) => {
      const { sportId } = request.params;
      if (!isSportId(sportId)) throw new HttpError(404, 'SPORT_NOT_FOUND', 'Unknown sport');
      return [...sportCatalogue[sportId].positions];
    },
  );
};
