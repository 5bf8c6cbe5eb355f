import * as rruleModule from 'rrule';
import type { Recurrence, Weekday } from './schemas.ts';
import { fromWallClock, toWallClock } from './time-zone.ts';

// rrule ships UMD as `main` and ESM as `module`: Node (the server, tsx, vitest) sees the CommonJS
// exports under `default`, bundlers (the web app) the ES module's named exports. Take whichever
// this runtime handed us. `default` is read by name at run time: the ES module has none, and a
// bundler reports a plain `.default` on it as an import that is always undefined.
const { RRule } = ('RRule' in rruleModule ? rruleModule : Reflect.get(rruleModule, 'default')) as typeof rruleModule;

/**
 * Guard on the occurrences one call returns. Reads always pass a range or a limit, so only a
 * request for "every occurrence" of a never-ending series meets it.
 */
export const MAX_OCCURRENCES = 5000;

const DAY_MS = 86_400_000;

const rruleDay = {
  monday: RRule.MO,
  tuesday: RRule.TU,
  wednesday: RRule.WE,
  thursday: RRule.TH,
  friday: RRule.FR,
  saturday: RRule.SA,
  sunday: RRule.SU,
} satisfies Record<Weekday, unknown>;

const freq = { daily: RRule.DAILY, weekly: RRule.WEEKLY, monthly: RRule.MONTHLY } as const;

export interface ExpandOptions {
  /** Inclusive lower bound. */
  from?: Date;
  /** Inclusive upper bound. */
  until?: Date;
  /** At most this many occurrences (the first ones at or after `from`). */
  limit?: number;
}

/**
 * The rule on floating wall-clock dates (UTC fields = the zone's clock), so that weekdays, days
 * of the month and the time of day are the zone's. The end date is an instant: it is compared
 * after conversion, not given to rrule.
 */
function rule(recurrence: Recurrence, wallStart: Date) {
  return new RRule({
    freq: freq[recurrence.type],
    interval: recurrence.interval,
    dtstart: wallStart,
    ...(recurrence.type === 'weekly' && recurrence.days.length > 0
      ? { byweekday: recurrence.days.map((d) => rruleDay[d]) }
      : {}),
    ...(recurrence.endCount ? { count: recurrence.endCount } : {}),
  });
}

/**
 * A later start, at or before `target`, from which the rule yields the same occurrences as from
 * the real start: a whole number of intervals on (weeks keep their alignment, months their day).
 * A range years after a series began is then found without walking every earlier occurrence.
 * Not for a counted series: its count numbers occurrences from the first.
 */
function skipAhead(recurrence: Recurrence, wallStart: Date, target: Date): Date {
  if (recurrence.endCount) return wallStart;
  if (recurrence.type === 'monthly') {
    const months =
      (target.getUTCFullYear() - wallStart.getUTCFullYear()) * 12 + target.getUTCMonth() - wallStart.getUTCMonth();
    // Months without the start's day (a 31st, 29 February) are skipped by the rule: step back to one that has it.
    for (let k = Math.floor(months / recurrence.interval) - 1, tries = 0; k > 0 && tries < 60; k--, tries++) {
      const shifted = new Date(wallStart.getTime());
      shifted.setUTCMonth(shifted.getUTCMonth() + k * recurrence.interval);
      if (shifted.getUTCDate() === wallStart.getUTCDate()) return shifted;
    }
    return wallStart;
  }
  const period = (recurrence.type === 'weekly' ? 7 : 1) * recurrence.interval * DAY_MS;
  const k = Math.floor((target.getTime() - wallStart.getTime()) / period) - 1;
  return k > 0 ? new Date(wallStart.getTime() + k * period) : wallStart;
}

/**
 * The starts of a series, ascending, as instants. The rule runs in the event's IANA zone, so a
 * weekly 18:00 practice stays at 18:00 local time on both sides of a daylight-saving change, and
 * weekdays are the zone's. A series without an end never runs out: ask for a range or a limit.
 * Pure and deterministic (no clock). A one-off event (recurrence null) has one occurrence. With
 * weekdays that do not include the start's, the series starts on the first chosen day after it
 * (the decider stores that first occurrence as the event's start).
 */
export function expandOccurrences(
  recurrence: Recurrence | null,
  startsAt: Date,
  timeZone: string,
  options: ExpandOptions = {},
): Date[] {
  const limit = Math.min(options.limit ?? MAX_OCCURRENCES, MAX_OCCURRENCES);
  const from = options.from?.getTime() ?? -Infinity;
  const until = Math.min(
    options.until?.getTime() ?? Infinity,
    recurrence?.endDate ? Date.parse(recurrence.endDate) : Infinity,
  );
  if (limit <= 0) return [];
  if (!recurrence) {
    const t = startsAt.getTime();
    return t >= from && t <= until ? [new Date(t)] : [];
  }
  const wallStart = toWallClock(startsAt, timeZone);
  // Two days before `from` is before its wall-clock reading in any zone (offsets are within ±14 h).
  const start = options.from ? skipAhead(recurrence, wallStart, new Date(from - 2 * DAY_MS)) : wallStart;
  const out: Date[] = [];
  rule(recurrence, start).all((wallClock) => {
    const at = fromWallClock(wallClock, timeZone).getTime();
    if (at > until) return false;
    if (at >= from) out.push(new Date(at));
    return out.length < limit;
  });
  return out;
}

/** Whether `occurrence` is one of the series' starts. */
export function isOccurrence(
  recurrence: Recurrence | null,
  startsAt: Date,
  timeZone: string,
  occurrence: Date,
): boolean {
  const hits = expandOccurrences(recurrence, startsAt, timeZone, { from: occurrence, until: occurrence, limit: 1 });
  return hits.some((d) => d.getTime() === occurrence.getTime());
}

/** The start of the series' last occurrence; null for a series that never ends. */
export function lastOccurrence(recurrence: Recurrence | null, startsAt: Date, timeZone: string): Date | null {
  if (!recurrence) return startsAt;
  if (recurrence.endCount) return expandOccurrences(recurrence, startsAt, timeZone).at(-1) ?? null;
  if (!recurrence.endDate) return null;
  // Look back from the end date over growing windows (monthly rules may skip months).
  const end = Date.parse(recurrence.endDate);
  for (let span = 400 * DAY_MS; ; span *= 4) {
    const from = Math.max(end - span, startsAt.getTime());
    const found = expandOccurrences(recurrence, startsAt, timeZone, { from: new Date(from) });
    if (found.length > 0) return found.at(-1)!;
    if (from <= startsAt.getTime()) return null;
  }
}

/** An RFC 5545 RRULE value (without the `RRULE:` prefix) for the series. */
export function toRRuleValue(recurrence: Recurrence): string {
  const parts = [`FREQ=${recurrence.type.toUpperCase()}`, `INTERVAL=${recurrence.interval}`];
  if (recurrence.type === 'weekly' && recurrence.days.length > 0) {
    parts.push(`BYDAY=${recurrence.days.map((d) => d.slice(0, 2).toUpperCase()).join(',')}`);
  }
  if (recurrence.endCount) parts.push(`COUNT=${recurrence.endCount}`);
  else if (recurrence.endDate) parts.push(`UNTIL=${icsUtc(new Date(recurrence.endDate))}`);
  return parts.join(';');
}

/** 20260101T180000Z */
export function icsUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** 20260303T180000: the wall-clock time of `instant` in `timeZone`, for a DTSTART with TZID. */
export function icsLocal(instant: Date, timeZone: string): string {
  return icsUtc(toWallClock(instant, timeZone)).slice(0, -1);
}
