import { randomUUID } from 'node:crypto';
import { fold, type Decider } from '@sideline/domain';
import {
  WrongExpectedRevisionError,
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

export interface CommandResult<E> {
  events: E[];
  /** Position of the last appended event; null when the decider produced no events. */
  position: Position | null;
  /** Whether the read models had caught up before the timeout. */
  projected: boolean;
}

export interface CommandHandlerOptions {
  eventStore: EventStore;
  progress: ProjectionProgress;
  logger: Logger;
  /** Read-your-writes bound. */
  waitTimeoutMs?: number;
  /** Attempts on a concurrent write to the same stream before giving up with a conflict. */
  maxAttempts?: number;
}

export type CommandHandler = <C, E extends DomainEventShape, S>(
  decider: Decider<C, E, S>,
  stream: string,
  command: C,
  context: CommandContext,
) => Promise<CommandResult<E>>;

/**
 * load → decide → append with the expected revision (retried on a concurrent write) → wait until
 * every projector has applied the appended position, so the caller reads its own write.
 */
export function createCommandHandler(options: CommandHandlerOptions): CommandHandler {
  const { eventStore, progress, logger } = options;
  const maxAttempts = options.maxAttempts ?? 5;

  return async function handle<C, E extends DomainEventShape, S>(
    decider: Decider<C, E, S>,
    stream: string,
    command: C,
    context: CommandContext,
  ): Promise<CommandResult<E>> {
    const metadata = {
      actorId: context.actorId,
      correlationId: context.correlationId ?? randomUUID(),
      causationId: context.causationId ?? null,
      occurredAt: (context.now ?? new Date()).toISOString(),
    };
    for (let attempt = 1; ; attempt++) {
      const history = await eventStore.readStream(stream);
      const state = fold(decider, history.map(toDomainEvent<E>));
      const events = decider.decide(command, state);
      if (events.length === 0) return { events, position: null, projected: true };
      const last = history[history.length - 1];
      try {
        const appended = await eventStore.appendToStream(
          stream,
          events.map((e) => ({ type: e.type, data: e.data, metadata })),
          { expectedRevision: last ? last.revision : 'no_stream' },
        );
        const projected = await progress.waitFor(appended.position, options.waitTimeoutMs ?? 3000);
        if (!projected) logger.warn({ stream }, 'read models did not catch up within the read-your-writes bound');
        return { events, position: appended.position, projected };
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError && attempt < maxAttempts) continue;
        throw error;
      }
    }
  };
}

function toDomainEvent<E>(recorded: RecordedEvent): E {
  return { type: recorded.type, data: recorded.data } as E;
}
