import { useEffect, useState } from 'react';

const MINUTE = 60_000;

/** The current time, renewed every `intervalMs` while `enabled` (a clock that ticks while shown). */
export function useNow(intervalMs: number, enabled = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, enabled]);
  return now;
}

export interface ClockSource {
  status: string;
  /** The real kick-off. */
  startedAt: string | null;
  /** The server's minute of play when it answered (1 in the first minute). */
  minute: number | null;
}

/**
 * Milliseconds of play at `now`, counted from the real kick-off, or null while the match is not
 * in progress. The phone's clock may be off: when it disagrees with the minute the server gave at
 * `fetchedAt`, the server's minute wins (taken from the middle of that minute).
 */
export function elapsedOfPlay(match: ClockSource, now: number, fetchedAt: number): number | null {
  if (match.status !== 'in_progress') return null;
  const kickOff = match.startedAt ? Date.parse(match.startedAt) : Number.NaN;
  if (Number.isNaN(kickOff)) {
    if (match.minute === null) return null;
    return Math.max(0, (match.minute - 0.5) * MINUTE + (now - fetchedAt));
  }
  let offset = 0;
  if (match.minute !== null) {
    const localAtFetch = fetchedAt - kickOff;
    const serverFrom = (match.minute - 1) * MINUTE;
    // A minute of tolerance either side: the answer took time to arrive.
    if (localAtFetch < serverFrom - MINUTE || localAtFetch > serverFrom + 2 * MINUTE) {
      offset = serverFrom + MINUTE / 2 - localAtFetch;
    }
  }
  return Math.max(0, now - kickOff + offset);
}

/** The minute of play as a match clock shows it: 0:00–0:59 is 1', 33:10 is 34'. */
export const minuteOf = (elapsedMs: number) => Math.floor(elapsedMs / MINUTE) + 1;

/** "33:10": minutes and seconds since kick-off. */
export function clockText(elapsedMs: number): string {
  const seconds = Math.floor(elapsedMs / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The match clock of a match in progress, ticking every `intervalMs`: `{ elapsed, minute }`, or
 * null while it is not being played.
 */
export function useMatchClock(match: ClockSource, fetchedAt: number, intervalMs = 1000) {
  const live = match.status === 'in_progress';
  const now = useNow(intervalMs, live);
  const elapsed = elapsedOfPlay(match, Math.max(now, fetchedAt), fetchedAt);
  return elapsed === null ? null : { elapsed, minute: minuteOf(elapsed) };
}
