import type { Kysely } from 'kysely';
import type { Bus, Config, Database, EventStore, Logger } from '@sideline/infra';
import type { ProjectionProgress, ReadModels } from '@sideline/projections';
import type { FeedTokenTables } from '../calendar/feed-tokens.ts';
import type { AuthTables } from '../identity/auth-tables.ts';
import type { InvitationTokenTables } from '../invitations/invitation-tokens.ts';
import type { StreamKeyTables } from '../livestreams/stream-keys.ts';
import type { ChatPushTables } from '../push/chat-push.ts';
import type { NoticeTables } from '../push/notice-delivery.ts';
import type { PushSessionTables } from '../push/push-sessions.ts';
import type { TeamCodeTables } from '../teams/team-codes.ts';
import type { ApiTokenTables } from '../tokens/api-tokens.ts';
import type { RateLimiter } from '../http/rate-limiter.ts';
import type { ReadCache } from '../http/read-cache.ts';
import type { CommandHandler } from './command-handler.ts';

/**
 * Every table the API reads or writes: the read models, and the secrets and bookkeeping each
 * feature keeps in ordinary tables of its own (their migrations: migrations.ts).
 */
export type ApiTables = ReadModels &
  AuthTables &
  TeamCodeTables &
  FeedTokenTables &
  InvitationTokenTables &
  ApiTokenTables &
  StreamKeyTables &
  NoticeTables &
  ChatPushTables &
  PushSessionTables;

/** What every feature's route plugin receives from the app. */
export interface FeatureContext {
  config: Config;
  database: Database;
  db: Kysely<ApiTables>;
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
