import type { QuietHours } from './schemas.ts';

/** Minutes since midnight of `at` on the wall clock of `timeZone`. */
function minuteOfDay(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(at)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return Number(parts.hour) * 60 + Number(parts.minute);
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether `at` falls in the quiet hours (start inclusive, end exclusive; wrapping past midnight). */
export function inQuietHours(quietHours: QuietHours | null, at: Date): boolean {
  if (!quietHours) return false;
  const now = minuteOfDay(at, quietHours.timeZone);
  const start = minutes(quietHours.start);
  const end = minutes(quietHours.end);
  return start < end ? now >= start && now < end : now >= start || now < end;
}
