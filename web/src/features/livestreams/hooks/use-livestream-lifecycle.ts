import {
  livestreamCommandTypes,
  livestreamMachine,
  livestreamSnapshot,
  livestreamStateValue,
  type Livestream,
  type LivestreamCommandType,
  type LivestreamIngestState,
  type LivestreamStatus,
} from '@sideline/domain';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { getNextSnapshot, type SnapshotFrom } from 'xstate';

type LivestreamSnapshot = SnapshotFrom<typeof livestreamMachine>;

/** What the screen shows for a stream: the status, with a dropped publisher as `reconnecting`. */
export type LivestreamPhase = 'scheduled' | 'live' | 'reconnecting' | 'ended' | 'cancelled';

/** The actions people take on a stream (the machine's user commands). */
export type LivestreamUserCommand = Extract<
  LivestreamCommandType,
  'CancelLivestream' | 'EndLivestream' | 'RotateStreamKey' | 'SendChatMessage'
>;

export function phaseOf(snapshot: LivestreamSnapshot): LivestreamPhase {
  if (snapshot.matches({ live: 'interrupted' })) return 'reconnecting';
  if (snapshot.matches('live')) return 'live';
  return snapshot.value as 'scheduled' | 'ended' | 'cancelled';
}

/** A listed stream's phase, read from the machine's snapshot for its status (no actor). */
export function streamPhase(stream: Pick<Livestream, 'status' | 'ingest'>): LivestreamPhase {
  return phaseOf(livestreamSnapshot(stream.status, stream.ingest));
}

/**
 * The shortest run of machine events (commands and ingest signals) that takes `from` to the
 * state the server reports, or null when the machine has no way there (the server never goes
 * back, so this means data the machine does not know).
 */
export function eventsTowards(
  from: LivestreamSnapshot,
  status: LivestreamStatus,
  ingest: LivestreamIngestState | null,
): LivestreamCommandType[] | null {
  const target = livestreamStateValue(status, ingest);
  const queue: Array<{ snapshot: LivestreamSnapshot; path: LivestreamCommandType[] }> = [{ snapshot: from, path: [] }];
  const seen = new Set([JSON.stringify(from.value)]);
  while (queue.length > 0) {
    const { snapshot, path } = queue.shift()!;
    if (snapshot.matches(target)) return path;
    for (const type of livestreamCommandTypes) {
      if (!snapshot.can({ type })) continue;
      const next = getNextSnapshot(livestreamMachine, snapshot, { type });
      const key = JSON.stringify(next.value);
      if (seen.has(key)) continue;
      seen.add(key);
      queue.push({ snapshot: next, path: [...path, type] });
    }
  }
  return null;
}

/**
 * The stream's lifecycle on this screen, driven by the domain's livestream machine (the same one
 * the server decides with). The actor starts in the state the server reported; when a refetch
 * (after a `livestream_updated` frame, or the user's own Cancel / End) reports a later state,
 * the actor is sent the machine's own events that lead there (e.g. PublishStarted, then
 * PublishDropped for a publisher that dropped), so it never holds a state the machine cannot
 * reach. `can(command)` says whether the machine allows an action now, and the server's
 * `actions` say whether this user may take it: a button shows only when both agree.
 */
export function useLivestreamLifecycle(stream: Pick<Livestream, 'status' | 'ingest' | 'actions'>) {
  const actor = useActorRef(livestreamMachine, { snapshot: livestreamSnapshot(stream.status, stream.ingest) });

  useEffect(() => {
    const path = eventsTowards(actor.getSnapshot(), stream.status, stream.ingest);
    if (path === null) {
      console.warn(`[livestream] the machine cannot reach ${stream.status}/${stream.ingest ?? '-'}`);
      return;
    }
    for (const type of path) actor.send({ type });
  }, [actor, stream.status, stream.ingest]);

  const phase = useSelector(actor, phaseOf);
  const allowed = useSelector(actor, (snapshot) =>
    (['CancelLivestream', 'EndLivestream', 'RotateStreamKey', 'SendChatMessage'] as const)
      .filter((type) => snapshot.can({ type }))
      .join(','),
  );
  const can = (command: LivestreamUserCommand) =>
    allowed.split(',').includes(command) && stream.actions.includes(command);
  return { phase, can };
}
