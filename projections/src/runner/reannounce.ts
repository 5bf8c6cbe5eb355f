import type { Kysely } from 'kysely';
import { busRedeliveries, comparePositions, type RecordedEvent } from '@sideline/infra';
import type { RunnerContext } from './runner-context.ts';
import type { ReadModels } from '../read-models.ts';

/** Re-announcing after a takeover reads at most this many events back. */
const REANNOUNCE_LIMIT = 10_000;

/**
 * After a takeover: the previous leader may have committed batches and died before their
 * realtime notices reached the bus. Whatever it committed beyond the last position it was
 * heard announcing (its notices travel before its positions) is announced again. Clients
 * tolerate a repeated notice; they never learn of a lost one.
 */
export async function reannounce(ctx: RunnerContext, db: Kysely<ReadModels>): Promise<void> {
  const { progress, eventStore, bus, logger } = ctx.options;
  for (const slot of ctx.slots) {
    const { projector } = slot;
    const heard = progress?.announced(projector.name) ?? null;
    if (!projector.afterCommit || heard === null || comparePositions(heard, slot.persisted) >= 0) continue;
    try {
      const events: RecordedEvent[] = [];
      let from = heard;
      let read = 0;
      while (read < REANNOUNCE_LIMIT) {
        const page = await eventStore.readAll({ fromPosition: from, limit: 1000 });
        read += page.length;
        const upTo = page.filter((e) => comparePositions(e.position, slot.persisted) <= 0);
        events.push(...upTo.filter((e) => slot.handles.has(e.type)));
        if (upTo.length < page.length || page.length < 1000) break;
        from = page[page.length - 1]!.position;
      }
      if (events.length === 0) continue;
      const messages = projector.reannounce ? await projector.reannounce(db, events) : projector.afterCommit(events);
      for (const message of messages) void bus.publish(message.subject, message.data);
      busRedeliveries.inc(messages.length);
      logger.info({ projector: projector.name, events: events.length }, 're-announced events after a takeover');
    } catch (error) {
      logger.warn({ err: error, projector: projector.name }, 'could not re-announce after a takeover');
    }
  }
}
