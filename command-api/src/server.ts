import type { FastifyInstance } from 'fastify';
import type { Bus, Config, Database, EventStore, Logger } from '@sideline/infra';
import { allProjectors, ProjectionProgress, ProjectionRunner } from '@sideline/projections';
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
}): Promise<SidelineServer> {
  const { config } = deps;
  const progress = new ProjectionProgress(
    deps.bus,
    allProjectors.map((p) => p.name),
  );
  const runsProjectors = config.SIDELINE_ROLE === 'all' || config.SIDELINE_ROLE === 'projector';
  const runner = runsProjectors
    ? new ProjectionRunner({
        database: deps.database,
        eventStore: deps.eventStore,
        bus: deps.bus,
        projectors: allProjectors,
        logger: deps.logger.child({ component: 'projections' }),
        progress,
      })
    : null;
  await runner?.start();

  const { app, handle, sessions } = await buildApp({
    ...deps,
    progress,
    ...(runner ? { projectorStatus: () => runner.status() } : {}),
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
