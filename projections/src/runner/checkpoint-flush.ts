import { comparePositions, START } from '@sideline/infra';
import { advanceCheckpoint, advanceCheckpoints } from './checkpoints.ts';
import type { RunnerContext } from './runner-context.ts';
import { endsTerm, type Term } from './term.ts';

/** Persists positions advanced past events a projector ignores, so restarts skip them. */
export async function flushCheckpoints(ctx: RunnerContext, term: Term): Promise<void> {
  const { logger } = ctx.options;
  const behind = ctx.slots.filter(
    (slot) => slot.state === 'running' && comparePositions(slot.position, slot.persisted) > 0,
  );
  // One statement for every checkpoint that has a row: one per projector held the apply loop
  // (and, on PGlite, the session) for a dozen round trips every few seconds, a pause every
  // busy chat felt. Should a checkpoint have moved, the one-by-one path below finds which.
  const withRows = behind.filter((slot) => comparePositions(slot.persisted, START) > 0);
  if (withRows.length > 1) {
    const moves = withRows.map((slot) => ({ name: slot.projector.name, from: slot.persisted, to: slot.position }));
    try {
      await advanceCheckpoints(term.db, moves);
      for (const [i, slot] of withRows.entries()) slot.persisted = moves[i]!.to;
    } catch (error) {
      logger.debug({ err: error }, 'checkpoint flush together failed; flushing one by one');
    }
  }
  for (const slot of behind) {
    if (slot.state !== 'running' || comparePositions(slot.position, slot.persisted) <= 0) continue;
    const position = slot.position;
    try {
      await advanceCheckpoint(term.db, slot.projector.name, slot.persisted, position);
      slot.persisted = position;
    } catch (error) {
      if (term.active && (await endsTerm(term, slot, error, logger))) return;
      logger.warn({ err: error, projector: slot.projector.name }, 'checkpoint flush failed');
    }
  }
}
