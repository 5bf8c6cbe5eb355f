import { format, isToday, isTomorrow, isValid, parseISO } from 'date-fns';
import type { TeamEvent } from '../types.ts';

export type EventFilter = 'upcoming' | 'all' | 'past';

function parse(date: string | null | undefined): Date | null {
  if (!date) return null;
  const parsed = parseISO(date);
  return isValid(parsed) ? parsed : null;
}

export function eventTime(event: Pick<TeamEvent, 'date'>): number {
  return parse(event.date)?.getTime() ?? Number.NaN;
}

export function sortByDate<T extends Pick<TeamEvent, 'date'>>(events: readonly T[]): T[] {
  return [...events].sort((a, b) => (eventTime(a) || 0) - (eventTime(b) || 0));
}

/**
 * The tabs really filter: Upcoming = from now on (ascending), Past = before now (most recent
 * first), All = both (ascending). An event without a valid date counts as upcoming ("TBD").
 */
export function filterEvents<T extends Pick<TeamEvent, 'date'>>(
  events: readonly T[],
  filter: EventFilter,
  now = new Date(),
): T[] {
  const sorted = sortByDate(events);
  const isPast = (e: T) => {
    const t = eventTime(e);
    return Number.isFinite(t) && t < now.getTime();
  };
  if (filter === 'upcoming') return sorted.filter((e) => !isPast(e));
  if (filter === 'past') return sorted.filter(isPast).reverse();
  return sorted;
}

/** The card's badge: 'Today', 'Tomorrow', or the weekday and date, 'Sat 28 Nov' ('TBD' for an invalid date). */
export function dateBadge(date: string | null | undefined): string {
  const parsed = parse(date);
  if (!parsed) return 'TBD';
  if (isToday(parsed)) return 'Today';
  if (isTomorrow(parsed)) return 'Tomorrow';
  return format(parsed, 'EEE d MMM');
}

/** A short date and time, 'Sat 28 Nov, 10:00 AM' (a change's from → to), or 'TBD'. */
export function formatShortDateTime(date: string | null | undefined): string {
  const parsed = parse(date);
  return parsed ? format(parsed, 'EEE d MMM, h:mm a') : 'TBD';
}

/** Whether two instants fall on the same local day. */
export function sameDay(a: string, b: string): boolean {
  const x = parse(a);
  const y = parse(b);
  return Boolean(x && y && format(x, 'yyyy-MM-dd') === format(y, 'yyyy-MM-dd'));
}

/** A long date ('Sat, Mar 14, 2026'), or 'TBD'. */
export function formatEventDate(date: string | null | undefined): string {
  const parsed = parse(date);
  return parsed ? format(parsed, 'EEE, MMM d, yyyy') : 'TBD';
}

/** The time ('6:30 PM'), or 'Time TBD'. */
export function formatEventTime(date: string | null | undefined): string {
  const parsed = parse(date);
  return parsed ? format(parsed, 'h:mm a') : 'Time TBD';
}

/** A stable key for one occurrence (a series' occurrences may share an id). */
export function occurrenceKey(event: Pick<TeamEvent, 'id' | 'date' | 'occurrenceDate'>): string {
  return `${event.id}@${event.occurrenceDate ?? event.date}`;
}
