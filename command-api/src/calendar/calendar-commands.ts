import { createHash } from 'node:crypto';
import {
  calendarDecider,
  calendarStream,
  DomainError,
  fold,
  type CalendarCommand,
  type CalendarDomainEvent,
  type CalendarState,
  type EventSeriesSplit,
} from '@sideline/domain';
import { findEventSeries } from '@sideline/projections';
import type { FeatureContext } from '../shared/feature-context.ts';

/**
 * The id of the series a "this and following" change at `occurrenceDate` splits off `eventId`:
 * the same for a retry of the same split, so a retry completes it rather than making another.
 */
export const splitEventId = (eventId: string, occurrenceDate: string) =>
  createHash('sha256')
    .update(`${eventId}\nsplit\n${new Date(occurrenceDate).toISOString()}`)
    .digest('hex')
    .slice(0, 32);

/** The event's stream folded. */
export async function calendarState(ctx: Pick<FeatureContext, 'eventStore'>, eventId: string): Promise<CalendarState> {
  const history = await ctx.eventStore.readStream(calendarStream(eventId));
  return fold(
    calendarDecider,
    history.map((e) => ({ type: e.type, data: e.data }) as CalendarDomainEvent),
  );
}

/**
 * A split's second step: the new series' stream begins with the split's continuation (nothing
 * new when it already has). A split records everything the new series needs on the old series'
 * stream first, so a retry of the change, or any command on the new series, completes it.
 */
export async function continueSeries(
  ctx: Pick<FeatureContext, 'handle'>,
  split: EventSeriesSplit['data'],
  actorId: string,
): Promise<void> {
  await ctx.handle(
    calendarDecider,
    calendarStream(split.newEventId),
    { type: 'ContinueSeries', data: split.continuation },
    { actorId },
  );
}

/**
 * Decides a command on the event's stream. A series split off another whose stream was never
 * begun (the split's second step did not run) is begun first, from the split it came from.
 */
export async function decideOnEvent(
  ctx: Pick<FeatureContext, 'handle' | 'eventStore' | 'db'>,
  eventId: string,
  command: CalendarCommand,
  actorId: string,
): Promise<CalendarDomainEvent[]> {
  const run = async () =>
    (await ctx.handle(calendarDecider, calendarStream(eventId), command, { actorId })).events as CalendarDomainEvent[];
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'EVENT_NOT_FOUND') throw error;
    const series = await findEventSeries(ctx.db, eventId);
    if (!series?.splitFrom) throw error;
    const parent = await calendarState(ctx, series.splitFrom);
    const split = [...parent.splits.values()].find((s) => s.newEventId === eventId);
    if (!split) throw error;
    await continueSeries(ctx, split, actorId);
    return run();
  }
}
