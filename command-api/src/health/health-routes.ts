import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  comparePositions,
  formatPosition,
  type Bus,
  type Database,
  type EventStore,
  type RunMode,
} from '@sideline/infra';
import type { ProjectionProgress, ProjectorStatus } from '@sideline/projections';

export interface HealthOptions {
  mode: RunMode;
  role: string;
  database: Database;
  eventStore: EventStore;
  bus: Bus;
  progress: ProjectionProgress;
  /** Present in processes that run the projectors. */
  projectorStatus?: () => ProjectorStatus[];
  realtimeStats?: () => Record<string, number>;
  /** This process (`host:pid`), and the process leading the projections on this database. */
  processId?: string;
  projectionLeader?: () => Promise<string | null>;
}

const dependencySchema = z.object({ status: z.enum(['up', 'down']), kind: z.string() });

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  mode: z.string(),
  role: z.string(),
  dependencies: z.object({ database: dependencySchema, eventStore: dependencySchema, bus: dependencySchema }),
  eventStoreHead: z.string().nullable(),
  projections: z.array(
    z.object({
      name: z.string(),
      position: z.string(),
      state: z.string(),
      caughtUp: z.boolean(),
      lagMs: z.number().nullable(),
      error: z.string().nullable(),
    }),
  ),
  realtime: z.record(z.string(), z.number()).optional(),
  process: z.string().optional(),
  /** The process applying the projections (null while none does, e.g. during a takeover). */
  projectionLeader: z.string().nullable().optional(),
});

/** GET /api/health: each dependency's state and how far each projection lags behind the log. */
export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, options) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Dependencies and projection lag',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const [dbUp, head, projectionLeader] = await Promise.all([
        options.database.ping(),
        options.eventStore.headPosition().catch(() => null),
        options.projectionLeader?.().catch(() => null),
      ]);
      const positions = options.progress.snapshot();
      const statuses =
        options.projectorStatus?.() ??
        Object.entries(positions).map(([name, position]) => ({
          name,
          position,
          state: 'running' as const,
          lastEventAt: null,
          error: null,
        }));
      const projections = statuses.map((s) => {
        const caughtUp = head === null ? false : comparePositions(parsePos(s.position), head) >= 0;
        return {
          name: s.name,
          position: s.position,
          state: s.state,
          caughtUp,
          lagMs: caughtUp ? 0 : s.lastEventAt ? Date.now() - Date.parse(s.lastEventAt) : null,
          error: s.error,
        };
      });
      const dependencies = {
        database: { status: dbUp ? 'up' : 'down', kind: options.database.kind },
        eventStore: { status: head ? 'up' : 'down', kind: options.eventStore.kind },
        bus: { status: options.bus.isHealthy() ? 'up' : 'down', kind: options.bus.kind },
      } as const;
      const healthy =
        Object.values(dependencies).every((d) => d.status === 'up') && projections.every((p) => p.state !== 'failed');
      return reply.status(healthy ? 200 : 503).send({
        status: healthy ? 'ok' : 'degraded',
        mode: options.mode,
        role: options.role,
        dependencies,
        eventStoreHead: head ? formatPosition(head) : null,
        projections,
        ...(options.realtimeStats ? { realtime: options.realtimeStats() } : {}),
        ...(options.processId ? { process: options.processId } : {}),
        ...(options.projectionLeader ? { projectionLeader: projectionLeader ?? null } : {}),
      });
    },
  );
};

function parsePos(text: string) {
  const [commit, prepare] = text.split('/');
  return { commit: BigInt(commit!), prepare: BigInt(prepare!) };
}
