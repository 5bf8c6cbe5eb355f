import type { FastifyInstance } from 'fastify';
import type { Bus, Config, Database, EventStore, Logger } from '@sideline/infra';
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
import type { PasswordHasher } from './identity/passwords.ts';
import type { SessionStore } from './identity/sessions.ts';
import type { CommandHandler } from './shared/command-handler.ts';

export interface SidelineServer {
  app: FastifyInstance;
  runner: ProjectionRunner | null;
  progress: ProjectionProgress;
  handle: CommandHandler;
  sessions: SessionStore;
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
}): Promise<SidelineServer> {
  const { config } = deps;
  // PGlite belongs to one process, which always leads and has the in-process bus to itself. On a
  // shared PostgreSQL any number of processes may run the projectors: one leads, the others
  // stand by; their positions travel on a NATS that other deployments may share.
  const shared = deps.database.kind === 'postgres';
  const bus = shared ? scopeProjectionPositions(deps.bus, await positionScope(deps.database.db)) : deps.bus;
  const progress = new ProjectionProgress(
    bus,
    allProjectors.map((p) => p.name),
  );
  const runsProjectors = config.SIDELINE_ROLE === 'all' || config.SIDELINE_ROLE === 'projector';
  const processId = processIdentity();
  const projectionsLogger = deps.logger.child({ component: 'projections' });
  const runner = runsProjectors
    ? new ProjectionRunner({
        database: deps.database,
        eventStore: deps.eventStore,
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

  const { app, handle, sessions } = await buildApp({
    ...deps,
    bus,
    progress,
    ...(runner ? { projectorStatus: () => runner.status() } : {}),
    processId,
    projectionLeader: shared ? () => findLeader(deps.database.db) : async () => (runner ? processId : null),
  });
  await app.ready();
  return {
    app,
    runner,
    progress,
    handle,
    sessions,
    async close() {
      await app.close();
      await runner?.stop();
      progress.close();
    },
  };
}
