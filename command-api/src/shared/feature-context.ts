import type { Kysely } from 'kysely';
import type { Bus, Config, Database, EventStore, Logger } from '@sideline/infra';
import type { ProjectionProgress } from '@sideline/projections';
import type { RateLimiter } from '../http/rate-limiter.ts';
import type { ReadCache } from '../http/read-cache.ts';
import type { CommandHandler } from './command-handler.ts';

/** What every feature's route plugin receives from the app. */
export interface FeatureContext {
  config: Config;
  database: Database;
  db: Kysely<any>;
  eventStore: EventStore;
  handle: CommandHandler;
  bus: Bus;
  limiter: RateLimiter;
  logger: Logger;
  /** Absolute DATA_DIR: uploads live under `${dataDir}/uploads`, outside the web root. */
  dataDir: string;
  /** Read-model answers (and memberships) cached until the projectors announce a change. */
  reads: ReadCache;
  /**
   * How far every projector has applied the log: what a write waits on to read itself back.
   * Waits are never narrowed to one read model: projectors with a batch interval of their own
   * (rewards, the org audit) may otherwise lag behind the one waited on; a wait hurries them.
   */
  progress: ProjectionProgress;
}
