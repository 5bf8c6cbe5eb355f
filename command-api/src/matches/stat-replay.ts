import { comparePositions, formatPosition, type EventStore, type Position, type RecordedEvent } from '@sideline/infra';
import { isStatEventType, matchStream, withStatSide, type StatEvent } from '@sideline/domain';

/** Events per read of a match stream: a replay of a long match never holds it all in memory. */
export const REPLAY_PAGE = 2_000;

export const HEARTBEAT_LINE = '{"type":"heartbeat"}\n';

/**
 * One NDJSON line of a stat replay: what happened, where in the log, whose side (teamA, teamB or
 * the opponent outside Sideline; events written before sides were recorded read theirs from the
 * team), who did it and when.
 */
export function statLine(e: RecordedEvent): string {
  const data = withStatSide(e.data as StatEvent['data']);
  return `${JSON.stringify({
    revision: e.revision,
    position: formatPosition(e.position),
    type: e.type,
    side: data.side,
    data,
    actorId: e.metadata.actorId,
    recordedAt: e.metadata.occurredAt,
  })}\n`;
}

const isOver = (type: string) => type === 'MatchCompleted' || type === 'MatchCancelled';

/**
 * Something to wait for: a "this match changed" notice from the bus, or the heartbeat interval.
 * A notice that arrives while nobody waits is kept, so the next wait returns at once.
 */
export class Wakeup {
  private pending = false;
  private resolve: ((woken: boolean) => void) | null = null;

  notify(): void {
    if (this.resolve) {
      this.resolve(true);
      this.resolve = null;
    } else {
      this.pending = true;
    }
  }

  /** True when notified, false when `ms` passed (or the signal aborted) first. */
  wait(ms: number, signal: AbortSignal): Promise<boolean> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve(true);
    }
    if (signal.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = (woken: boolean) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.resolve = null;
        resolve(woken);
      };
      const onAbort = () => done(false);
      const timer = setTimeout(() => done(false), ms);
      signal.addEventListener('abort', onAbort, { once: true });
      this.resolve = done;
    });
  }
}

export interface FollowOptions {
  wakeup: Wakeup;
  heartbeatMs: number;
  signal: AbortSignal;
}

/**
 * A match's stat events as NDJSON from `from` (a revision, inclusive), page by page. Following,
 * it then waits for more while the match is scheduled or in progress (heartbeat lines while
 * idle) and ends after the match completes or is cancelled. `finished` asks the read model, for
 * a completion that happened before `from`.
 */
export async function* matchReplay(
  eventStore: EventStore,
  matchId: string,
  from: number,
  follow: (FollowOptions & { finished: () => Promise<boolean> }) | null,
): AsyncGenerator<string> {
  const stream = matchStream(matchId);
  let next = from;
  let over = false;
  const read = (fromRevision: number) => eventStore.readStream(stream, { fromRevision, maxCount: REPLAY_PAGE });
  const catchUp = async function* () {
    let reading = read(next);
    for (;;) {
      const page = await reading;
      // The next page is read while this one is written out.
      if (page.length === REPLAY_PAGE) {
        reading = read(page[page.length - 1]!.revision + 1);
        // A client that leaves meanwhile never awaits it: its failure must not go unhandled.
        reading.catch(() => undefined);
      }
      let chunk = '';
      for (const e of page) {
        if (isStatEventType(e.type)) chunk += statLine(e);
        else if (isOver(e.type)) over = true;
      }
      if (page.length > 0) next = page[page.length - 1]!.revision + 1;
      if (chunk) yield chunk;
      if (page.length < REPLAY_PAGE) return;
    }
  };
  for (;;) {
    for await (const chunk of catchUp()) yield chunk;
    if (!follow || over || follow.signal.aborted) return;
    if (await follow.finished()) {
      // Completed after the last read: what was appended before the completion still goes out.
      for await (const chunk of catchUp()) yield chunk;
      return;
    }
    const woken = await follow.wakeup.wait(follow.heartbeatMs, follow.signal);
    if (follow.signal.aborted) return;
    if (!woken) yield HEARTBEAT_LINE;
  }
}

/**
 * A season's stat events (all its matches) as NDJSON in log order, after `from` (a position,
 * exclusive). Only events at or below the log's consumer horizon go out, so every later event
 * has a higher position and a consumer resuming from the last position it saw misses nothing.
 * Following, it waits for more while one of the season's matches is scheduled or in progress.
 */
export async function* seasonReplay(
  eventStore: EventStore,
  matchIds: () => Promise<string[]>,
  from: Position | null,
  follow: (FollowOptions & { live: () => Promise<boolean> }) | null,
): AsyncGenerator<string> {
  const nextRevision = new Map<string, number>();
  for (;;) {
    const horizon = await eventStore.headPosition();
    const batch: RecordedEvent[] = [];
    for (const matchId of await matchIds()) {
      let revision = nextRevision.get(matchId) ?? 0;
      for (;;) {
        const page = await eventStore.readStream(matchStream(matchId), {
          fromRevision: revision,
          maxCount: REPLAY_PAGE,
        });
        let stop = false;
        for (const e of page) {
          if (comparePositions(e.position, horizon) > 0) {
            stop = true;
            break;
          }
          revision = e.revision + 1;
          if (isStatEventType(e.type) && (!from || comparePositions(e.position, from) > 0)) batch.push(e);
        }
        if (stop || page.length < REPLAY_PAGE) break;
      }
      nextRevision.set(matchId, revision);
    }
    batch.sort((a, b) => comparePositions(a.position, b.position));
    for (let i = 0; i < batch.length; i += REPLAY_PAGE) {
      yield batch
        .slice(i, i + REPLAY_PAGE)
        .map(statLine)
        .join('');
    }
    if (!follow || follow.signal.aborted || !(await follow.live())) return;
    const woken = await follow.wakeup.wait(follow.heartbeatMs, follow.signal);
    if (follow.signal.aborted) return;
    if (!woken) yield HEARTBEAT_LINE;
  }
}
