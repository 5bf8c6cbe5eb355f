import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '../shared/feature-context.ts';

// Placeholder wiring: the calendar slice replaces this.
export const calendarRoutes: FastifyPluginAsyncZod<FeatureContext> = async () => {};
