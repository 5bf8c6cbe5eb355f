import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Readiness } from './readiness.ts';

const liveSchema = z.object({ status: z.literal('live') });
const readySchema = z.object({ status: z.literal('ready') });
const notReadySchema = z.object({
  message: z.string(),
  code: z.literal('not_ready'),
  reasons: z.array(
    z.object({
      code: z.enum(['shutting_down', 'migrations_pending', 'database_unreachable', 'projections_behind']),
      message: z.string(),
      migrations: z.array(z.string()).optional(),
      projections: z.array(z.object({ projector: z.string(), seconds: z.number() })).optional(),
    }),
  ),
});

/**
 * The probes of a load balancer or of Kubernetes: liveness (the process answers; restart it when
 * it does not) and readiness (send it traffic). GET /api/health stays the detailed page.
 */
export const probeRoutes: FastifyPluginAsyncZod<{ readiness: Readiness }> = async (app, { readiness }) => {
  app.get(
    '/api/health/live',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness: the process answers',
        response: { 200: liveSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'live' as const }),
  );

  app.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness: migrated, projections caught up within READY_MAX_LAG_SECONDS, not shutting down',
        response: { 200: readySchema, 503: notReadySchema },
      },
    },
    async (_request, reply) => {
      const reasons = await readiness.check();
      reply.header('cache-control', 'no-store');
      if (reasons.length === 0) return reply.status(200).send({ status: 'ready' as const });
      return reply.status(503).send({
        message: `Not ready: ${reasons.map((r) => r.message).join('; ')}`,
        code: 'not_ready' as const,
        reasons,
      });
    },
  );
};
