import { flushCheckpoints } from './checkpoint-flush.ts';
import { applyDue, dueLanes, mostPending } from './lanes.ts';
import { DEFAULT_BATCH_INTERVAL_MS, type RunnerContext } from './runner-context.ts';
import { sleep, type Term } from './term.ts';

/** The term's writer: applies the lanes when due, flushes checkpoints, re-announces positions. */
export async function applyLoop(ctx: RunnerContext, term: Term): Promise<void> {
  const { options } = ctx;
  const flushMs = options.checkpointFlushMs ?? 5000;
  const baseIntervalMs = options.batchIntervalMs ?? DEFAULT_BATCH_INTERVAL_MS;
  // Only a leader among standbys needs to re-announce: they judge a takeover by what they heard.
  const announceMs = term.lease ? (options.announceMs ?? 1000) : Number.POSITIVE_INFINITY;
  let nextFlush = Date.now() + flushMs;
  let nextAnnounce = Date.now() + announceMs;
  // Someone starting to wait for their write may make a slower lane due at once.
  const stopWatchingWaits = options.progress?.onWait(() => term.wake?.());
  try {
    // Every write of a term happens in this loop, one after another: on a leader's single
    // session a periodic flush must never interleave with a batch's transaction.
    while (term.active) {
      // The wait for a lane's interval also lets sockets and appends run.
      const now = performance.now();
      const hurry = options.progress?.waiting ?? false;
      const { due, nextDue } = dueLanes(term.lanes, now, { hurry, baseIntervalMs, batchSize: ctx.batchSize });
      if (due.length > 0) {
        await applyDue(ctx, term, due);
        if (mostPending(term.lanes) < ctx.maxBuffered / 2) term.drained?.();
        ctx.announcer.announce();
      } else if (nextDue !== Number.POSITIVE_INFINITY) {
        await sleep(term, nextDue - now, true);
        continue;
      } else {
        await sleep(term, Math.min(nextFlush, nextAnnounce) - Date.now());
      }
      const wallNow = Date.now();
      if (term.active && wallNow >= nextFlush) {
        await flushCheckpoints(ctx, term);
        nextFlush = wallNow + flushMs;
      }
      if (term.active && wallNow >= nextAnnounce) {
        for (const slot of ctx.slots) if (slot.state === 'running') ctx.announcer.report(slot);
        ctx.announcer.announce();
        nextAnnounce = wallNow + announceMs;
      }
    }
  } finally {
    stopWatchingWaits?.();
  }
}
