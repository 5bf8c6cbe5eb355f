import { randomUUID } from 'node:crypto';
import type { EventStore } from '@sideline/infra';
import type { ProjectionProgress } from '@sideline/projections';

/** Read-your-writes bound, as the shared command handler's. */
const WAIT_FOR_PROJECTION_MS = 3000;

/**
 * Appends without an expected revision and waits for the chat read model to apply it.
 *
 * Why not the shared `handle` (load → fold → append at the expected revision)? A team's chat
 * stream grows without bound, and folding it on every send costs O(n) reads per message. Every
 * fact a chat command depends on is per message, not per stream (is this clientId used, does
 * this message exist, is it pinned), so the callers read exactly that from the read model and
 * the decider rules on it. Order within the stream is still the store's append order. What we
 * give up is serialising two commands on the same message: two racing pins both append (the
 * read model converges: last one wins), and a racing retried send appends a duplicate that the
 * projector drops (see message-ids.ts).
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
