import type { FastifyInstance } from 'fastify';
import {
  instrumentBus,
  instrumentEventStore,
  observeProjectionLag,
  observeRealtime,
  startMetricsServer,
  startTracing,
  tracingEnabled,
  type Bus,
  type Config,
  type Database,
  type EventStore,
  type Logger,
  type MetricsServer,
} from '@sideline/infra';
import {
  advisoryLockLeadership,
  allProjectors,
  findLeader,
  processIdentity,
  ProjectionProgress,
  positionScope,
  ProjectionRunner,
  scopeProjectionPositions,
} from '@sideline/projections';
import { buildApp } from './app.ts';
import { delaysFromLog, Readiness } from './health/readiness.ts';
import { allMigrations } from './migrations.ts';
import type { PasswordHasher } from './identity/passwords.ts';
import type { SessionStore } from './identity/sessions.ts';
import type { CommandHandler } from './shared/command-handler.ts';

export interface SidelineServer {
  app: FastifyInstance;
  runner: ProjectionRunner | null;
  progress: ProjectionProgress;
  handle: CommandHandler;
  sessions: SessionStore;
  /** The Prometheus listener (METRICS_PORT), or null when metrics are off. */
  metrics: MetricsServer | null;
  /** Stops accepting requests, then the projectors; leaves the infrastructure to its owner. */
  close(): Promise<void>;
}

/**
 * The composition root shared by `main` and the tests: projections (when this process runs
 * them) and the HTTP/WebSocket app on the given infrastructure.
 */
export async function createSidelineServer(deps: {
  config: Config;
  database: Database;
  eventStore: EventStore;
  bus: Bus;
  logger: Logger;
  passwords?: PasswordHasher;
  webDist?: string | null;
  clock?: () => Date;
  /** The projection runner's batch interval (see ProjectionRunnerOptions); benchmarks compare it. */
  projectionBatchIntervalMs?: number;
  /** How often due reminders are looked for (default 30 s). */
  reminderIntervalMs?: number;
  /** How often held chat messages are looked at for their summary (default 5 s). */
  chatDigestPollMs?: number;
}): Promise<SidelineServer> {
  const { config } = deps;
  const processId = processIdentity();
  // One tracer per process: a second server in the same process (tests) shares the first's.
  const tracing =
    config.OTEL_EXPORTER_OTLP_ENDPOINT && !tracingEnabled()
      ? await startTracing({
          endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
          serviceName: process.env.OTEL_SERVICE_NAME || 'sideline',
          attributes: { 'sideline.role': config.SIDELINE_ROLE, 'service.instance.id': processId },
          log: deps.logger.child({ component: 'tracing' }),
        })
      : null;
  const metrics =
    config.METRICS_PORT === undefined
      ? null
      : await startMetricsServer({ host: config.HOST, port: config.METRICS_PORT });
  const eventStore = instrumentEventStore(deps.eventStore);
  const countedBus = instrumentBus(deps.bus);
  // PGlite belongs to one process, which always leads and has the in-process bus to itself. On a
  // shared PostgreSQL any number of processes may run the projectors: one leads, the others
  // stand by; their positions travel on a NATS that other deployments may share.
  const shared = deps.database.kind === 'postgres';
  const bus = shared ? scopeProjectionPositions(countedBus, await positionScope(deps.database.db)) : countedBus;
  const progress = new ProjectionProgress(
    bus,
    allProjectors.map((p) => p.name),
  );
  const runsProjectors = config.SIDELINE_ROLE === 'all' || config.SIDELINE_ROLE === 'projector';
  const projectionsLogger = deps.logger.child({ component: 'projections' });
  const runner = runsProjectors
    ? new ProjectionRunner({
        database: deps.database,
        eventStore,
        bus,
        projectors: allProjectors,
        logger: projectionsLogger,
        progress,
        ...(deps.projectionBatchIntervalMs !== undefined ? { batchIntervalMs: deps.projectionBatchIntervalMs } : {}),
        ...(shared
          ? { leadership: advisoryLockLeadership({ database: deps.database, logger: projectionsLogger, processId }) }
          : {}),
      })
    : null;
  await runner?.start();

  const readiness = new Readiness({
    database: deps.database,
    migrations: allMigrations,
    maxLagSeconds: config.READY_MAX_LAG_SECONDS,
    // The runner measures its own lag while it leads; otherwise the leader's announcements tell.
    projectionDelays: async () => {
      const measured = runner?.lag() ?? [];
      return measured.length > 0 ? measured : delaysFromLog(progress, eventStore);
    },
  });
  const { app, handle, sessions } = await buildApp({
    ...deps,
    eventStore,
    bus,
    progress,
    readiness,
    ...(runner ? { projectorStatus: () => runner.status() } : {}),
    processId,
    sendsNotices: runner !== null,
    projectionLeader: shared ? () => findLeader(deps.database.db) : async () => (runner ? processId : null),
  });
  await app.ready();
  const stopObserving = [
    ...(runner ? [observeProjectionLag(() => runner.lag())] : []),
    ...(app.hasDecorator('realtimeStats') ? [observeRealtime(() => app.realtimeStats())] : []),
  ];
  return {
    app,
    runner,
    progress,
    handle,
    sessions,
    metrics,
    async close() {
      readiness.shutDown();
      await app.close();
      await runner?.stop();
      progress.close();
      for (const stop of stopObserving) stop();
      countedBus.stopCounting();
      await metrics?.close();
      await tracing?.close();
    },
  };
}
