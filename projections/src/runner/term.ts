import type { Kysely } from 'kysely';
import type { Logger, Subscription } from '@sideline/infra';
import { CheckpointMovedError } from './checkpoints.ts';
import type { Lane } from './lanes.ts';
import type { LeaderLease } from './leadership.ts';
import type { ProjectorSlot } from './projector-slot.ts';
import type { ReadClock } from './read-clock.ts';
import type { ReadModels } from '../read-models.ts';

/** One stretch of applying: from start (or taking over) until stop (or losing the lead). */
export interface Term {
  /** Where read models and checkpoints are written: the pool, or the leader's own session. */
  db: Kysely<ReadModels>;
  lease: LeaderLease | null;
  subscription: Subscription;
  /** The projectors by batch interval, shortest first; every lane sees every event read. */
  lanes: Lane[];
  /** How many events were read and when, for the projectors' lag. */
  reads: ReadClock;
  active: boolean;
  /** Cuts a wait short: an event was read, someone waits to read their write, or the term ends. */
  wake: (() => void) | null;
  drained: (() => void) | null;
  loops: Promise<void>[];
  /** Resolves when the term must end early (its session died, or another writer showed up). */
  ended: Promise<void>;
  end(): void;
}

/**
 * A write failed because this runner may no longer write (its leader session died, or another
 * writer moved the checkpoint), not because of the projector: the term ends, and the stored
 * checkpoints say where the next leader resumes. Without leadership, a moved checkpoint fails
 * the projector instead: two runners are applying it.
 */
export async function endsTerm(term: Term, slot: ProjectorSlot, error: unknown, logger: Logger): Promise<boolean> {
  if (!term.active) return true;
  if (term.lease && (error instanceof CheckpointMovedError || !(await term.lease.check()))) {
    logger.warn({ err: error, projector: slot.projector.name }, 'stepping down from the projections');
    term.end();
    return true;
  }
  if (error instanceof CheckpointMovedError) {
    slot.state = 'failed';
    slot.error = error.message;
    logger.error({ err: error }, 'another runner is applying this projector; stopped');
    return true;
  }
  return false;
}

/**
 * Waits `ms`, or less when woken (an event was read, someone waits, the term ends). Only a
 * wait with events still to apply keeps the process alive.
 */
export function sleep(term: Term, ms: number, pending = false): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, Math.max(ms, 0));
    if (!pending) timer.unref();
    function done() {
      clearTimeout(timer);
      term.wake = null;
      resolve();
    }
    term.wake = done;
  });
}

export function aborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}
