import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '../shared/feature-context.ts';

// Placeholder wiring: the recap slice replaces this.
export const recapRoutes: FastifyPluginAsyncZod<FeatureContext> = async () => {};
