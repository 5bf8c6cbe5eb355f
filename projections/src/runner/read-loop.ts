import { mostPending } from './lanes.ts';
import type { RunnerContext } from './runner-context.ts';
import type { Term } from './term.ts';

/** Reads `$all` into every lane, pausing while a lane holds `maxBuffered` events unapplied. */
export async function readLoop(ctx: RunnerContext, term: Term): Promise<void> {
  try {
    for await (const event of term.subscription) {
      term.reads.read();
      for (const lane of term.lanes) lane.pending.push(event);
      term.wake?.();
      if (mostPending(term.lanes) >= ctx.maxBuffered) {
        await new Promise<void>((resolve) => (term.drained = resolve));
        term.drained = null;
      }
      if (!term.active) break;
    }
  } catch (error) {
    if (term.active) {
      ctx.options.logger.error({ err: error }, 'projection subscription failed');
      if (term.lease) {
        // Step down: the next leader (perhaps this process again) subscribes afresh.
        term.end();
        return;
      }
      for (const slot of ctx.slots) {
        slot.state = 'failed';
        slot.error = `subscription: ${(error as Error).message}`;
      }
    }
  }
}
