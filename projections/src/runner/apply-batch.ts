import type { Kysely } from 'kysely';
import { comparePositions, formatPosition, START, type Position, type RecordedEvent } from '@sideline/infra';
import { advanceCheckpoint, advanceCheckpoints, checkpointCte, CheckpointMovedError } from './checkpoints.ts';
import type { Projector } from './projector.ts';
import type { ProjectorSlot } from './projector-slot.ts';
import { publishApplied } from './projection-tracing.ts';
import type { RunnerContext } from './runner-context.ts';
import { endsTerm, type Term } from './term.ts';
import type { ReadModels } from '../read-models.ts';

type Work = ReadonlyArray<{ slot: ProjectorSlot; relevant: RecordedEvent[] }>;

/**
 * Applies a batch to every projector. The projectors with something to apply share one
 * transaction, which also advances their checkpoints in one statement: each statement is a
 * round trip (or a turn of PGlite), and the begin, checkpoint and commit of each projector
 * were most of a small batch's cost. If that transaction fails, each projector applies the
 * batch in a transaction of its own, so a failing projector stops alone and the others go on.
 * `startedAt` (epoch ms) is when the batch began, for its trace spans.
 */
export async function applyBatch(
  ctx: RunnerContext,
  term: Term,
  slots: readonly ProjectorSlot[],
  batch: readonly RecordedEvent[],
  startedAt: number,
): Promise<void> {
  const last = batch[batch.length - 1]!;
  const work: Array<{ slot: ProjectorSlot; relevant: RecordedEvent[] }> = [];
  // A plain loop: a batch meets every projector, most of which handle none of a chat's events.
  for (const slot of slots) {
    if (slot.state !== 'running') continue;
    let relevant: RecordedEvent[] | null = null;
    for (const e of batch) {
      if (slot.handles.has(e.type) && comparePositions(e.position, slot.position) > 0) (relevant ??= []).push(e);
    }
    if (relevant) work.push({ slot, relevant });
  }
  // One projector alone, or one that has not written a checkpoint yet (its first batch inserts
  // the row), takes the path of its own.
  const shared = work.length > 1 && work.every(({ slot }) => comparePositions(slot.persisted, START) > 0);
  if (shared && term.active && (await applyTogether(ctx, term, work, last.position))) {
    for (const { slot, relevant } of work) applied(ctx, slot, relevant, last.position, startedAt);
    for (const slot of slots) {
      if (slot.state === 'running' && !work.some((w) => w.slot === slot)) passed(ctx, slot, last.position);
    }
    return;
  }
  for (const slot of slots) {
    if (!term.active) break;
    await applyTo(ctx, term, slot, batch, startedAt);
  }
}

/** One transaction for every projector of the batch; false when it failed (nothing was written). */
async function applyTogether(ctx: RunnerContext, term: Term, work: Work, to: Position): Promise<boolean> {
  try {
    const prepared = await Promise.all(work.map(({ slot, relevant }) => prepare(term.db, slot.projector, relevant)));
    await term.db.transaction().execute(async (trx) => {
      for (const [i, { slot, relevant }] of work.entries()) await slot.projector.apply(trx, relevant, prepared[i]);
      await advanceCheckpoints(
        trx,
        work.map(({ slot }) => ({ name: slot.projector.name, from: slot.persisted, to })),
      );
    });
    return true;
  } catch (error) {
    // A lost lead or a moved checkpoint shows again on the projector's own path, which handles it.
    ctx.options.logger.debug({ err: error }, 'shared batch failed; applying per projector');
    return false;
  }
}

/** After `relevant` was committed with the checkpoint at `to`: announce it and what it changed. */
function applied(
  ctx: RunnerContext,
  slot: ProjectorSlot,
  relevant: readonly RecordedEvent[],
  to: Position,
  startedAt: number,
): void {
  slot.persisted = to;
  slot.lastEventAt = relevant[relevant.length - 1]!.metadata.occurredAt;
  const messages = slot.projector.afterCommit?.(relevant) ?? [];
  publishApplied(ctx.options.bus, slot.projector.name, relevant, messages, startedAt);
  slot.position = to;
  ctx.announcer.report(slot, slot.projector.changes?.(relevant) ?? 'everything');
}

/** Past events the projector does not handle: its position moves, its checkpoint later. */
function passed(ctx: RunnerContext, slot: ProjectorSlot, to: Position): void {
  if (comparePositions(to, slot.position) <= 0) return;
  slot.position = to;
  ctx.announcer.report(slot);
}

async function applyTo(
  ctx: RunnerContext,
  term: Term,
  slot: ProjectorSlot,
  batch: readonly RecordedEvent[],
  startedAt: number,
): Promise<void> {
  if (slot.state !== 'running') return;
  const last = batch[batch.length - 1]!;
  const fresh = batch.filter((e) => comparePositions(e.position, slot.position) > 0);
  if (fresh.length === 0) return;
  const relevant = fresh.filter((e) => slot.handles.has(e.type));
  if (relevant.length === 0) return passed(ctx, slot, last.position);
  if (await applyWithRetry(ctx, term, slot, relevant, last.position))
    applied(ctx, slot, relevant, last.position, startedAt);
}

async function applyWithRetry(
  ctx: RunnerContext,
  term: Term,
  slot: ProjectorSlot,
  events: readonly RecordedEvent[],
  to: Position,
): Promise<boolean> {
  const { logger } = ctx.options;
  const delays = ctx.options.retryDelaysMs ?? [50, 250, 1000];
  for (let attempt = 0; ; attempt++) {
    try {
      // A projector's first batch inserts its checkpoint row: that one takes a transaction.
      const one = comparePositions(slot.persisted, START) > 0 ? slot.projector.applyAsOneStatement?.(events) : null;
      if (one) {
        const { rows } = await one.statement(checkpointCte(slot.projector.name, slot.persisted, to)).execute(term.db);
        if (rows.length === 0) throw new CheckpointMovedError(slot.projector.name);
        one.applied(rows);
        return true;
      }
      const prepared = await prepare(term.db, slot.projector, events);
      await term.db.transaction().execute(async (trx) => {
        await slot.projector.apply(trx, events, prepared);
        await advanceCheckpoint(trx, slot.projector.name, slot.persisted, to);
      });
      return true;
    } catch (error) {
      if (await endsTerm(term, slot, error, logger)) return false;
      const delay = delays[attempt];
      if (delay === undefined || !ctx.running()) {
        slot.state = 'failed';
        slot.error = (error as Error).message;
        logger.error(
          { err: error, projector: slot.projector.name, at: formatPosition(events[0]!.position) },
          'projector failed; it stays stopped until fixed and restarted',
        );
        return false;
      }
      logger.warn({ err: error, projector: slot.projector.name, attempt }, 'projector retrying batch');
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

/** The projector's reads and decisions before its transaction (see `Projector.prepare`). */
function prepare(db: Kysely<ReadModels>, projector: Projector, events: readonly RecordedEvent[]): Promise<unknown> {
  return projector.prepare ? projector.prepare(db, events) : Promise.resolve(undefined);
}
