import type { Bus, Database, EventStore, Logger } from '@sideline/infra';
import type { ProgressAnnouncer } from './announcer.ts';
import type { ProjectionLeadership } from './leadership.ts';
import type { Projector } from './projector.ts';
import type { ProjectorSlot } from './projector-slot.ts';
import type { ProjectionProgress } from './progress.ts';

export interface ProjectionRunnerOptions {
  database: Database;
  eventStore: EventStore;
  bus: Bus;
  projectors: readonly Projector[];
  logger: Logger;
  /** Reported to directly as well as over the bus, so same-process waits skip a bus hop. */
  progress?: ProjectionProgress;
  /**
   * Several processes on one database: apply only while leading (one leader, the others stand
   * by). Without it this runner always applies (embedded mode, tests, rebuilds).
   */
  leadership?: ProjectionLeadership;
  batchSize?: number;
  /** Events read ahead of the projectors before the reader pauses. */
  maxBuffered?: number;
  /** How often positions advanced past irrelevant events are persisted. */
  checkpointFlushMs?: number;
  /** How often a leader re-announces its positions, so standbys know what was announced. */
  announceMs?: number;
  /**
   * Under steady load, the least time between the starts of two batches (group commit). An event
   * that arrives after a quiet spell is applied at once; while events keep coming, each batch
   * waits until this long after the previous one began, so one transaction takes many events.
   * A batch costs its statements and round trips whatever its size, so this is what keeps a
   * chat at 200 messages a second from paying them per message. 0 turns it off.
   */
  batchIntervalMs?: number;
  retryDelaysMs?: readonly number[];
}

/** See `batchIntervalMs`: a little under a frame, well inside the 50 ms a chat message may take. */
export const DEFAULT_BATCH_INTERVAL_MS = 10;

/** What the parts of a runner share: its options, its projectors and how it reports progress. */
export interface RunnerContext {
  readonly options: ProjectionRunnerOptions;
  readonly slots: readonly ProjectorSlot[];
  readonly batchSize: number;
  /** Events read ahead of the projectors before the reader pauses. */
  readonly maxBuffered: number;
  readonly announcer: ProgressAnnouncer;
  /** False once the runner is stopping: a failed batch is not retried then. */
  running(): boolean;
}
