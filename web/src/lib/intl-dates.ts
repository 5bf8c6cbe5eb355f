/**
 * Dates as the admin portal and the "x ago" labels show them, written with the browser's own Intl
 * rather than date-fns' `format`: the screens that need only these (the admin portal's dashboard,
 * Home's latest messages) then load no date library before their first paint.
 */

// ICU puts a narrow no-break space before AM/PM; people, screen readers and searches expect a space.
const plainSpaces = (text: string) => text.replace(/[\u202f\u2009]/g, ' ');

let monthDay: Intl.DateTimeFormat | undefined;
let mediumDate: Intl.DateTimeFormat | undefined;

/** 'Mar 4', in the viewer's zone. */
export function formatMonthDay(date: Date): string {
  monthDay ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
  return monthDay.format(date);
}
let mediumDateTime: Intl.DateTimeFormat | undefined;

/** 'Mar 4, 2026', in the viewer's zone. */
export function formatMediumDate(date: Date): string {
  mediumDate ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  return mediumDate.format(date);
}

/** 'Mar 4, 2026, 5:30 PM', in the viewer's zone. */
export function formatMediumDateTime(date: Date): string {
  mediumDateTime ??= new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return plainSpaces(mediumDateTime.format(date));
}

/** A date from an ISO text, or null when the text is missing or not a date. */
export function parseIsoDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

export const JUST_NOW = 'Just now';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
let relative: Intl.RelativeTimeFormat | undefined;

/**
 * 'x ago' (spec §9) in the largest whole unit, rounded ('5 minutes ago', '3 days ago', '1 year
 * ago'); 'Just now' for a missing or invalid time (spec §8), the last 45 seconds, and a time
 * slightly in the future (clock skew).
 */
export function timeAgo(iso: string | null | undefined, now: Date = new Date()): string {
  const date = parseIsoDate(iso);
  if (!date) return JUST_NOW;
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < 45 * SECOND) return JUST_NOW;
  relative ??= new Intl.RelativeTimeFormat('en', { numeric: 'always' });
  // The unit is chosen on rounded values, so 59.6 minutes reads '1 hour ago', not '60 minutes ago'.
  const minutes = Math.round(elapsed / MINUTE);
  const hours = Math.round(elapsed / HOUR);
  const days = Math.round(elapsed / DAY);
  const months = Math.round(days / 30);
  const [value, unit]: [number, Intl.RelativeTimeFormatUnit] =
    minutes < 60
      ? [minutes, 'minute']
      : hours < 24
        ? [hours, 'hour']
        : days < 30
          ? [days, 'day']
          : months < 12
            ? [months, 'month']
            : [Math.max(1, Math.round(days / 365)), 'year'];
  return relative.format(-value, unit);
}
