import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import AsyncLock from 'async-lock';
import { DomainError, fold, type Decider } from '@sideline/domain';
import {
  commandDuration,
  startSpan,
  streamCategory,
  WrongExpectedRevisionError,
  type EventMetadata,
  type EventStore,
  type Logger,
  type Position,
  type RecordedEvent,
} from '@sideline/infra';
import type { ProjectionProgress } from '@sideline/projections';

export interface DomainEventShape {
  type: string;
  data: unknown;
}

export interface CommandContext {
  actorId: string | null;
  correlationId?: string;
  causationId?: string | null;
  /** Injected clock: deciders never read time themselves. */
  now?: Date;
}

export interface HandleOptions {
  /**
   * The read models the caller reads back before it answers (default: all of them, as the
   * handler was created with); null when it answers nothing that depends on a read model.
   */
  waitFor?: ProjectionProgress | null;
  /**
   * The stream is named by an id just made for this command (a new chat message), so it is
   * almost always new: decide on the initial state and append expecting no stream, without
   * reading it first. Where it exists after all (a retry of the same command), that append is
   * refused and the command is decided the ordinary way, on the stream's history.
   */
  likelyNewStream?: boolean;
}

export interface CommandResult<E> {
  /** The events appended; empty when the decider found nothing to change (e.g. a retry). */
  events: E[];
  /**
   * The position the caller's answer depends on: its last appended event, or, when nothing was
   * appended, the stream's last event (the write that made this command a no-op). Null only for
   * a no-op on an empty stream.
   */
  position: Position | null;
  /** Whether the read models had reached `position` before the timeout. */
  projected: boolean;
}

export interface CommandHandlerOptions {
  eventStore: EventStore;
  progress: ProjectionProgress;
  logger: Logger;
  /** Read-your-writes bound. */
  waitTimeoutMs?: number;
  /**
   * Attempts on a concurrent write to the same stream (from another process: this process
   * queues its own) before giving up with a conflict.
   */
  maxAttempts?: number;
  /** Backoff between attempts: a random delay up to base × 2^(attempt−1), at most the cap. */
  retryBaseMs?: number;
  retryCapMs?: number;
}

export type CommandHandler = <C, E extends DomainEventShape, S>(
  decider: Decider<C, E, S>,
  stream: string,
  command: C,
  context: CommandContext,
  options?: HandleOptions,
) => Promise<CommandResult<E>>;

/**
 * load → decide → append with the expected revision → wait until the read models have applied
 * the position the answer depends on, so the caller reads its own write (or, for an idempotent
 * retry, the write it repeats).
 *
 * Contention: twenty parents answering one practice are twenty decisions on one stream that do
 * not conflict in meaning. In this process they queue per stream (a stream's decisions run one
 * at a time, each seeing its predecessor's event), so they never meet a stale revision; commands
 * on different streams still run in parallel. Against another process (split mode, several
 * `api` processes), the expected revision still decides, and a conflict is retried after a
 * backoff with full jitter (AWS Architecture Blog, "Exponential Backoff And Jitter") so that
 * racing processes spread out instead of colliding again.
 */
export function createCommandHandler(options: CommandHandlerOptions): CommandHandler {
  const { eventStore, progress, logger } = options;
  const maxAttempts = options.maxAttempts ?? 12;
  const baseMs = options.retryBaseMs ?? 5;
  const capMs = options.retryCapMs ?? 500;
  const waitTimeoutMs = options.waitTimeoutMs ?? 3000;
  // Unbounded queue per stream: refusing the 1,001st waiter would be a conflict nobody caused.
  const streams = new AsyncLock({ maxPending: Number.POSITIVE_INFINITY });

  async function decideAndAppend<C, E extends DomainEventShape, S>(
    decider: Decider<C, E, S>,
    stream: string,
    command: C,
    metadata: EventMetadata,
  ): Promise<{ events: E[]; position: Position | null }> {
    const history = await eventStore.readStream(stream);
    const state = fold(decider, history.map(toDomainEvent<E>));
    const events = decider.decide(command, state);
    const last = history[history.length - 1];
    if (events.length === 0) return { events, position: last?.position ?? null };
    const appended = await eventStore.appendToStream(
      stream,
      events.map((e) => ({ type: e.type, data: e.data, metadata })),
      { expectedRevision: last ? last.revision : 'no_stream' },
    );
    return { events, position: appended.position };
  }

  /** `likelyNewStream`: one statement instead of two; null when the stream exists after all. */
  async function decideAndCreate<C, E extends DomainEventShape, S>(
    decider: Decider<C, E, S>,
    stream: string,
    command: C,
    metadata: EventMetadata,
  ): Promise<{ events: E[]; position: Position | null } | null> {
    let events: E[];
    try {
      events = decider.decide(command, decider.initialState);
    } catch {
      // Refused on an empty stream: the stream's own history decides which refusal it is.
      return null;
    }
    if (events.length === 0) return null;
    try {
      const appended = await eventStore.appendToStream(
        stream,
        events.map((e) => ({ type: e.type, data: e.data, metadata })),
        { expectedRevision: 'no_stream' },
      );
      return { events, position: appended.position };
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) return null;
      throw error;
    }
  }

  /** Measured (`sideline_command_duration_seconds`) and traced: the root of the command's trace. */
  return async function handle<C, E extends DomainEventShape, S>(
    decider: Decider<C, E, S>,
    stream: string,
    command: C,
    context: CommandContext,
    handleOptions: HandleOptions = {},
  ): Promise<CommandResult<E>> {
    const started = performance.now();
    const name = commandName(command);
    const span = startSpan(`command ${name}`, {
      attributes: { 'sideline.command': name, 'sideline.stream': streamCategory(stream) },
    });
    const run = () => handleCommand(decider, stream, command, context, handleOptions);
    try {
      const result = await (span ? span.run(run) : run());
      commandDuration.observe({ command: name, outcome: 'ok' }, (performance.now() - started) / 1000);
      span?.end();
      return result;
    } catch (error) {
      const outcome =
        error instanceof DomainError ? 'rejected' : error instanceof WrongExpectedRevisionError ? 'conflict' : 'error';
      commandDuration.observe({ command: name, outcome }, (performance.now() - started) / 1000);
      // A refusal is the command's answer, not a failure of the system.
      span?.end(outcome === 'rejected' ? undefined : error);
      throw error;
    }
  };

  async function handleCommand<C, E extends DomainEventShape, S>(
    decider: Decider<C, E, S>,
    stream: string,
    command: C,
    context: CommandContext,
    handleOptions: HandleOptions,
  ): Promise<CommandResult<E>> {
    const metadata: EventMetadata = {
      actorId: context.actorId,
      correlationId: context.correlationId ?? randomUUID(),
      causationId: context.causationId ?? null,
      occurredAt: (context.now ?? new Date()).toISOString(),
    };
    let decided: { events: E[]; position: Position | null };
    for (let attempt = 1; ; attempt++) {
      try {
        decided = await streams.acquire(
          stream,
          async () =>
            // Only the first attempt may skip the read: a conflict means the stream exists.
            (attempt === 1 && handleOptions.likelyNewStream
              ? await decideAndCreate(decider, stream, command, metadata)
              : null) ?? decideAndAppend(decider, stream, command, metadata),
        );
        break;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        if (attempt >= maxAttempts) {
          logger.warn({ stream, attempts: attempt }, 'gave up on a stream other processes kept writing');
          throw error;
        }
        await sleep(Math.random() * Math.min(capMs, baseMs * 2 ** (attempt - 1)));
      }
    }
    const waitFor = handleOptions.waitFor === undefined ? progress : handleOptions.waitFor;
    if (!waitFor || !decided.position) return { ...decided, projected: true };
    const projected = await waitFor.waitFor(decided.position, waitTimeoutMs);
    if (!projected) logger.warn({ stream }, 'read models did not catch up within the read-your-writes bound');
    return { ...decided, projected };
  }
}

/** The command's `type` (`SendMessage`): a label with one value per kind of command. */
function commandName(command: unknown): string {
  const type = (command as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? type : 'unknown';
}

function toDomainEvent<E>(recorded: RecordedEvent): E {
  return { type: recorded.type, data: recorded.data } as E;
}
