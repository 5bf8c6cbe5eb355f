import type { Kysely, RawBuilder, Transaction } from 'kysely';
import type { RecordedEvent } from '@sideline/infra';
import type { ReadModelChanges } from './read-model-changes.ts';

/** A message a projector asks to publish on the bus once its transaction has committed. */
export interface AfterCommitMessage {
  subject: string;
  data: unknown;
}

/**
 * A projector keeps one read model. It declares the event types it handles and applies a batch
 * of them inside a transaction that also advances its checkpoint, so each event is applied
 * exactly once, even across crashes.
 */
export interface Projector<DB = any, Prepared = unknown> {
  readonly name: string;
  readonly handles: readonly string[];
  /** Tables this projector owns; a rebuild empties them before replaying the log. */
  readonly tables: readonly string[];
  /**
   * Reads and decides before the transaction, so that the transaction holds the session only for
   * its writes: embedded, PGlite is one session, and everything a transaction does between its
   * statements (each a round trip to PGlite's thread) keeps every append and read waiting. It may
   * read only this projector's own tables: nothing else writes them, and the runner applies a
   * projector's batches one after another, so they are as it read them when `apply` runs. A
   * retried batch is prepared again. What it returns is handed to `apply`.
   */
  prepare?(db: Kysely<DB>, events: readonly RecordedEvent[]): Promise<Prepared>;
  /** `prepared`: what `prepare` returned for these events, when the projector has one. */
  apply(trx: Transaction<DB>, events: readonly RecordedEvent[], prepared?: Prepared): Promise<void>;
  /**
   * The batch as one statement, when it allows (otherwise null, and `apply` runs in a
   * transaction). A statement is atomic by itself, so it needs no BEGIN and COMMIT: on
   * PostgreSQL one round trip instead of four, and on PGlite nothing holds the one session
   * between statements. The runner hands in `checkpoint`, a CTE named `checkpoint` that moves
   * this projector's checkpoint and returns one row if it was still where the runner left it.
   * The statement starts `WITH ${checkpoint}, …`, every write takes its rows joined with
   * `checkpoint`, and its result rows are joined to it too: a checkpoint moved by another writer
   * then writes nothing and returns no row, which the runner reports as a moved checkpoint.
   * `applied` gets the result rows after the statement ran.
   */
  applyAsOneStatement?(events: readonly RecordedEvent[]): OneStatement<any> | null;
  /** Realtime "this changed" notifications, published after commit. */
  afterCommit?(events: readonly RecordedEvent[]): AfterCommitMessage[];
  /**
   * The notifications of events already applied (by a leader that died before announcing them),
   * rebuilt from the read model. Needed when `afterCommit` relies on what `apply` found;
   * otherwise `afterCommit` is called again.
   */
  reannounce?(db: Kysely<DB>, events: readonly RecordedEvent[]): Promise<AfterCommitMessage[]>;
  /**
   * Which teams' and users' rows `apply` may have written for these events, so cached answers of
   * other teams stay valid. Without it, every batch is taken to change everything: correct, and
   * each of its batches empties every response cache.
   */
  changes?(events: readonly RecordedEvent[]): ReadModelChanges;
  /**
   * For a read model nobody watches live: under steady load its events wait up to this long
   * (ms) and are applied in fewer, larger batches of their own, off the path of the projectors
   * that publish realtime frames. While a request waits to read its own write, they are applied at
   * the runner's `batchIntervalMs` like the rest. Without it, the runner's `batchIntervalMs`.
   */
  readonly batchIntervalMs?: number;
}

/** See `Projector.applyAsOneStatement`. */
export interface OneStatement<Row> {
  statement(checkpoint: RawBuilder<unknown>): RawBuilder<Row>;
  applied(rows: readonly Row[]): void;
}
