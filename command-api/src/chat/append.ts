import { randomUUID } from 'node:crypto';
import type { EventStore } from '@sideline/infra';
import type { ProjectionProgress } from '@sideline/projections';

/** Read-your-writes bound, as the shared command handler's. */
const WAIT_FOR_PROJECTION_MS = 3000;

/**
 * Appends a pin or unpin to the team's chat stream without an expected revision and waits for
 * the chat read model to apply it.
 *
 * Why not the shared `handle`? Pins live on the team's chat stream (where messages lived before
 * each got its own stream), which grows without bound, so folding it per pin would cost O(n).
 * What a pin depends on is per message (does it exist, is it pinned), so the caller reads that
 * from the read model and the decider rules on it. What we give up is serialising two pins of
 * the same message: both append, and the read model converges (the last one wins).
 */
export async function appendAndWait(
  eventStore: EventStore,
  /** null: do not wait (the caller answers nothing that depends on the read model). */
  progress: ProjectionProgress | null,
  stream: string,
  events: ReadonlyArray<{ type: string; data: unknown }>,
  actorId: string,
): Promise<boolean> {
  const metadata = {
    actorId,
    correlationId: randomUUID(),
    causationId: null,
    occurredAt: new Date().toISOString(),
  };
  const appended = await eventStore.appendToStream(
    stream,
    events.map((e) => ({ type: e.type, data: e.data, metadata })),
    { expectedRevision: 'any' },
  );
  return progress ? progress.waitFor(appended.position, WAIT_FOR_PROJECTION_MS) : true;
}
