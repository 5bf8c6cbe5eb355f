import { Temporal } from 'temporal-polyfill';
import { canonicalTimeZone } from '../shared/time-zone.ts';
import { fromWallClock, toWallClock } from './time-zone.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * A new start as a request may give it: an instant (`2026-03-14T15:00:00Z`, or with any offset),
 * a wall-clock time in the event's zone (`2026-03-14T11:00`), or an RFC 9557 zoned time
 * (`2026-03-14T11:00-04:00[America/New_York]`).
 */
export const ZONED_START_PATTERN =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:\d{2})?(?:\[([^\]]{1,64})\])?$/i;

export type ZonedStart = { ok: true; at: Date } | { ok: false; message: string };

/**
 * The instant a requested start names, read in `zone` when it carries no offset. A wall-clock
 * time the zone skips (inside a spring-forward gap) is refused rather than silently shifted by an
 * hour, as is an offset the named zone does not have at that time; a time the zone shows twice
 * (the fall-back hour) means the first, as RFC 5545 reads it.
 */
export function resolveZonedStart(value: string, zone: string): ZonedStart {
  const match = ZONED_START_PATTERN.exec(value);
  if (!match) return { ok: false, message: 'Choose a date and a time' };
  const [, local, offset, bracket] = match as unknown as [string, string, string | undefined, string | undefined];
  if (offset && !bracket) {
    const at = new Date(`${local}${offset.toUpperCase()}`);
    return Number.isNaN(at.getTime()) ? { ok: false, message: 'Choose a date and a time' } : { ok: true, at };
  }
  const named = bracket ? canonicalTimeZone(bracket) : zone;
  if (!named) return { ok: false, message: 'Choose a time zone such as America/New_York' };
  let plain: Temporal.PlainDateTime;
  try {
    plain = Temporal.PlainDateTime.from(local);
  } catch {
    return { ok: false, message: 'Choose a date and a time' };
  }
  if (offset) {
    try {
      const zoned = Temporal.ZonedDateTime.from(`${local}${offset}[${named}]`, { offset: 'reject' });
      return { ok: true, at: new Date(zoned.epochMilliseconds) };
    } catch {
      return { ok: false, message: `${local.replace('T', ' ')} is not at ${offset} in ${named}` };
    }
  }
  const zoned = plain.toZonedDateTime(named, { disambiguation: 'compatible' });
  if (!zoned.toPlainDateTime().equals(plain)) {
    return {
      ok: false,
      message: `${local.replace('T', ' ')} does not exist in ${named}: the clocks skip it (daylight saving)`,
    };
  }
  return { ok: true, at: new Date(zoned.epochMilliseconds) };
}

/**
 * How far the wall clock moves from `from` to `to` in `zone`, in minutes (a day is 1,440 whatever
 * its length): the same shift applied to another occurrence keeps its local time of day across
 * daylight-saving changes.
 */
export function wallClockShiftMinutes(from: Date, to: Date, zone: string): number {
  return Math.round((toWallClock(to, zone).getTime() - toWallClock(from, zone).getTime()) / MINUTE_MS);
}

/** `instant` moved by `minutes` of wall-clock time in `zone` (18:00 stays 18:00 local across DST). */
export function shiftWallClock(instant: Date, minutes: number, zone: string): Date {
  if (minutes === 0) return new Date(instant.getTime());
  return fromWallClock(new Date(toWallClock(instant, zone).getTime() + minutes * MINUTE_MS), zone);
}

/** How many calendar days (in `zone`) a wall-clock shift crosses from `instant`: −1, 0, +1, … */
export function wallClockDayShift(instant: Date, minutes: number, zone: string): number {
  const wall = toWallClock(instant, zone).getTime();
  return Math.floor((wall + minutes * MINUTE_MS) / DAY_MS) - Math.floor(wall / DAY_MS);
}
