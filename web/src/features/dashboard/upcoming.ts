import type { MyUpcomingItem } from '@sideline/domain';

const DAY_MS = 24 * 60 * 60 * 1000;
/** "This week" on Home: the seven days from now (on a Friday, next week's games are this week's). */
export const WEEK_MS = 7 * DAY_MS;

/** Home's order: the next occurrence first (a cancelled one never leads), then the rest of the week. */
export function splitUpcoming(
  items: readonly MyUpcomingItem[],
  now: Date = new Date(),
): { next: MyUpcomingItem | null; week: MyUpcomingItem[] } {
  const next = items.find((item) => item.status !== 'cancelled') ?? null;
  const end = now.getTime() + WEEK_MS;
  const week = items.filter((item) => item !== next && Date.parse(item.date) < end);
  return { next, week };
}

function zoneOf(timeZone: string | null | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

/** The parts Home shows of a start, in the event's own zone: "Sat", "Nov 28", "10:00 AM". */
export function zonedParts(iso: string, timeZone: string | null | undefined) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const zone = zoneOf(timeZone);
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone }).format(date);
  return {
    weekday: format({ weekday: 'short' }),
    day: format({ month: 'short', day: 'numeric' }),
    time: format({ hour: 'numeric', minute: '2-digit' }),
  };
}

/** "Sat, Nov 28 · 10:00 AM" in the event's zone, or "Date TBD". */
export function zonedDateTime(iso: string, timeZone: string | null | undefined): string {
  const parts = zonedParts(iso, timeZone);
  return parts ? `${parts.weekday}, ${parts.day} · ${parts.time}` : 'Date TBD';
}

/** A link that opens the phone's maps app (Google Maps' universal link opens the app, or the web). */
export function mapsHref(location: string): string {
  return `https://maps.google.com/?q=${encodeURIComponent(location)}`;
}
