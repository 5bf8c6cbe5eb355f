import type { SeasonDisplayStatus } from './schemas.ts';

/** Calendar days are compared as YYYY-MM-DD strings, which order like the dates they name. */
type Day = string;

/**
 * Spec part 2 §4: Active if active and today is within its start and end days (both included);
 * Scheduled if active but outside them; Inactive if not active. The server and the web both ask this.
 */
export function seasonDisplayStatus(
  season: { isActive: boolean; startDate: Day; endDate: Day },
  today: Day,
): SeasonDisplayStatus {
  if (!season.isActive) return 'Inactive';
  return today >= season.startDate && today <= season.endDate ? 'Active' : 'Scheduled';
}

const dayNumber = (day: Day) => Math.floor(Date.parse(`${day}T00:00:00Z`) / 86_400_000);

/** Days from today to the season's end day, never below 0 (spec part 2 §9). */
export function seasonDaysLeft(endDate: Day, today: Day): number {
  return Math.max(0, dayNumber(endDate) - dayNumber(today));
}

/** Today's calendar day in a time zone; the clock is passed in. */
export function dayInTimeZone(now: Date, timeZone: string): Day {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
