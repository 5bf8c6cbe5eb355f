import type { Weekday } from '../types.ts';

/** Weekdays offered Monday to Sunday (spec §5); values are JavaScript's getDay() (0 = Sunday). */
export const weekdays = [
  { value: 1, short: 'Mon', label: 'Monday' },
  { value: 2, short: 'Tue', label: 'Tuesday' },
  { value: 3, short: 'Wed', label: 'Wednesday' },
  { value: 4, short: 'Thu', label: 'Thursday' },
  { value: 5, short: 'Fri', label: 'Friday' },
  { value: 6, short: 'Sat', label: 'Saturday' },
  { value: 0, short: 'Sun', label: 'Sunday' },
] as const;

export const weekdayNames: Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** The browser's IANA zone: the server repeats the series in it (weekdays and time of day as picked here). */
export function browserTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}

/** "Tue, Thu" for an event's weekdays (Monday first, as the form offers them). */
export function weekdaysLabel(days: readonly Weekday[]): string {
  return weekdays
    .filter((d) => days.includes(weekdayNames[d.value]!))
    .map((d) => d.short)
    .join(', ');
}
