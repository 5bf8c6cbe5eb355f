import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '../shared/feature-context.ts';

// Placeholder wiring: the rewards slice replaces this.
export const rewardsRoutes: FastifyPluginAsyncZod<FeatureContext> = async () => {};
