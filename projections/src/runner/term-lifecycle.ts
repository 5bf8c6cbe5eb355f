import type { Kysely } from 'kysely';
import { comparePositions, START, type Position } from '@sideline/infra';
import { applyLoop } from './apply-loop.ts';
import { flushCheckpoints } from './checkpoint-flush.ts';
import { readCheckpoint } from './checkpoints.ts';
import { buildLanes } from './lanes.ts';
import type { LeaderLease } from './leadership.ts';
import { ReadClock } from './read-clock.ts';
import { readLoop } from './read-loop.ts';
import { reannounce } from './reannounce.ts';
import { DEFAULT_BATCH_INTERVAL_MS, type RunnerContext } from './runner-context.ts';
import type { Term } from './term.ts';
import type { ReadModels } from '../read-models.ts';

/**
 * Starts applying from the stored checkpoints, writing through `db` (a leader's own session, or
 * the pool without leadership): subscribes from the lowest of them and starts the loops.
 */
export async function beginTerm(ctx: RunnerContext, db: Kysely<ReadModels>, lease: LeaderLease | null): Promise<Term> {
  for (const slot of ctx.slots) {
    slot.position = slot.persisted = await readCheckpoint(db, slot.projector.name);
    slot.done = 0;
  }
  if (lease) await reannounce(ctx, db);
  for (const slot of ctx.slots) {
    slot.state = 'running';
    slot.error = null;
    // A previous leader may have committed batches whose change notices never left it.
    ctx.announcer.report(slot, lease ? 'everything' : undefined);
  }
  ctx.announcer.announce();
  const from = ctx.slots.reduce<Position | null>(
    (min, s) => (min === null || comparePositions(s.position, min) < 0 ? s.position : min),
    null,
  );
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  const term: Term = {
    db,
    lease,
    subscription: ctx.options.eventStore.subscribeToAll({ fromPosition: from ?? START }),
    lanes: buildLanes(ctx.slots, ctx.options.batchIntervalMs ?? DEFAULT_BATCH_INTERVAL_MS),
    reads: new ReadClock(),
    active: true,
    wake: null,
    drained: null,
    loops: [],
    ended,
    end: () => {
      term.active = false;
      term.wake?.();
      term.drained?.();
      end();
    },
  };
  term.loops = [readLoop(ctx, term), applyLoop(ctx, term)];
  return term;
}

/** Stops reading and applying; `flush` also stores the positions moved past ignored events. */
export async function endTerm(ctx: RunnerContext, term: Term, options: { flush: boolean }): Promise<void> {
  term.active = false;
  await term.subscription.close();
  term.wake?.();
  term.drained?.();
  await Promise.allSettled(term.loops);
  if (options.flush) await flushCheckpoints(ctx, term);
}
