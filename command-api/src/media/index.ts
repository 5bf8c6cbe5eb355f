import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '../shared/feature-context.ts';

// Placeholder wiring: the media slice fills this in.
export const mediaRoutes: FastifyPluginAsyncZod<FeatureContext> = async () => {};
