import type { RecordedEvent } from '@sideline/infra';
import { applyBatch } from './apply-batch.ts';
import type { ProjectorSlot } from './projector-slot.ts';
import type { RunnerContext } from './runner-context.ts';
import type { Term } from './term.ts';

/**
 * Projectors applied on the same rhythm (the same batch interval): the events read for them and
 * not yet applied, and when their last batch began.
 */
export interface Lane {
  slots: ProjectorSlot[];
  intervalMs: number;
  pending: RecordedEvent[];
  lastBatchAt: number;
  /** Events taken from `pending` into batches so far. */
  taken: number;
}

/** The projectors grouped by batch interval (see `Projector.batchIntervalMs`), shortest first. */
export function buildLanes(slots: readonly ProjectorSlot[], baseIntervalMs: number): Lane[] {
  const byInterval = new Map<number, ProjectorSlot[]>();
  for (const slot of slots) {
    const intervalMs = Math.max(slot.projector.batchIntervalMs ?? baseIntervalMs, baseIntervalMs);
    byInterval.set(intervalMs, [...(byInterval.get(intervalMs) ?? []), slot]);
  }
  return [...byInterval]
    .sort(([a], [b]) => a - b)
    .map(([intervalMs, slots]) => ({
      slots,
      intervalMs,
      pending: [],
      lastBatchAt: Number.NEGATIVE_INFINITY,
      taken: 0,
    }));
}

/**
 * The lanes due at `now`, and when the next of the others is. Events that keep coming are
 * gathered for the rest of their lane's interval; the first event after a quiet spell, or a full
 * batch, goes at once. While someone waits (`hurry`) no lane is slower than the base interval.
 */
export function dueLanes(
  lanes: readonly Lane[],
  now: number,
  options: { hurry: boolean; baseIntervalMs: number; batchSize: number },
): { due: Lane[]; nextDue: number } {
  const due: Lane[] = [];
  let nextDue = Number.POSITIVE_INFINITY;
  for (const lane of lanes) {
    if (lane.pending.length === 0) continue;
    const intervalMs = options.hurry ? Math.min(lane.intervalMs, options.baseIntervalMs) : lane.intervalMs;
    const at = lane.pending.length >= options.batchSize ? now : lane.lastBatchAt + intervalMs;
    if (at <= now) due.push(lane);
    else nextDue = Math.min(nextDue, at);
  }
  return { due, nextDue };
}

/**
 * Applies the lanes that are due. Lanes holding the same events (after a quiet spell, or while
 * a request waits) share one batch, and so one transaction.
 */
export async function applyDue(ctx: RunnerContext, term: Term, due: readonly Lane[]): Promise<void> {
  const groups: Lane[][] = [];
  for (const lane of due) {
    const same = groups.find((group) => samePending(group[0]!, lane));
    if (same) same.push(lane);
    else groups.push([lane]);
  }
  for (const group of groups) {
    if (!term.active) return;
    const startedAt = performance.now();
    let batch: RecordedEvent[] = [];
    for (const lane of group) {
      lane.lastBatchAt = startedAt;
      batch = lane.pending.splice(0, ctx.batchSize);
    }
    await applyBatch(
      ctx,
      term,
      group.flatMap((lane) => lane.slots),
      batch,
      performance.timeOrigin + startedAt,
    );
    for (const lane of group) {
      lane.taken += batch.length;
      for (const slot of lane.slots) if (slot.state === 'running') slot.done = lane.taken;
    }
  }
  term.reads.forget(Math.min(...ctx.slots.map((slot) => slot.done)));
}

/** The most events a lane holds unapplied (the reader pauses beyond `maxBuffered`). */
export function mostPending(lanes: readonly Lane[]): number {
  return lanes.reduce((most, lane) => Math.max(most, lane.pending.length), 0);
}

/** Whether two lanes hold the same unapplied events (each lane sees every event, in order). */
function samePending(a: Lane, b: Lane): boolean {
  return a.pending.length === b.pending.length && a.pending[0] === b.pending[0];
}
