import { Temporal } from 'temporal-polyfill';

/**
 * The zone of an event recorded before events carried one: those series were expanded in UTC,
 * so reading them as UTC keeps their occurrences (and the RSVPs recorded against them) unchanged.
 */
export const LEGACY_TIME_ZONE = 'UTC';

export { canonicalTimeZone, timeZoneSchema } from '../shared/time-zone.ts';

const isUtc = (zone: string) => zone === 'UTC' || zone === 'Etc/UTC';

/**
 * The wall-clock time `zone`'s clocks show at `instant`, as a "floating" Date whose UTC fields
 * hold it (recurrence rules are evaluated on these, so weekdays and times of day are the zone's).
 */
export function toWallClock(instant: Date, zone: string): Date {
  if (isUtc(zone)) return new Date(instant.getTime());
  const local = Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(zone);
  return new Date(
    Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second, local.millisecond),
  );
}

/**
 * The instant at which `zone`'s clocks show the floating `wallClock`. RFC 5545 §3.3.5 (and
 * Temporal's 'compatible'): a time skipped by a daylight-saving jump is read with the offset
 * before the jump (02:30 on a spring-forward night is 03:30 new time); a time that happens twice
 * means the first.
 */
export function fromWallClock(wallClock: Date, zone: string): Date {
  if (isUtc(zone)) return new Date(wallClock.getTime());
  const plain = new Temporal.PlainDateTime(
    wallClock.getUTCFullYear(),
    wallClock.getUTCMonth() + 1,
    wallClock.getUTCDate(),
    wallClock.getUTCHours(),
    wallClock.getUTCMinutes(),
    wallClock.getUTCSeconds(),
    wallClock.getUTCMilliseconds(),
  );
  return new Date(plain.toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds);
}

/** The last instant of the calendar day `date` (YYYY-MM-DD) in `zone`. */
export function endOfDay(date: string, zone: string): Date {
  const next = new Date(`${date}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  // The next day's first instant, less a millisecond (where midnight is skipped, its first instant is 01:00).
  return new Date(fromWallClock(next, zone).getTime() - 1);
}
