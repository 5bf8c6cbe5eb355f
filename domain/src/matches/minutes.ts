/**
 * The minute of play at `at`, as a match clock shows it: counted from the real kick-off, the first
 * minute is 1 (0:00–0:59 is 1', 33:10 is 34'). Null before kick-off or after the match ended.
 */
export function minuteOfPlay(startedAt: string | null, at: string, endedAt: string | null = null): number | null {
  if (startedAt === null) return null;
  const elapsed = Date.parse(at) - Date.parse(startedAt);
  if (Number.isNaN(elapsed) || elapsed < 0) return null;
  if (endedAt !== null && Date.parse(at) > Date.parse(endedAt)) return null;
  return Math.floor(elapsed / 60_000) + 1;
}
