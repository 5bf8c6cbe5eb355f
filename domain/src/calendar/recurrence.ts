import * as rruleModule from 'rrule';
import type { Recurrence, Weekday } from './schemas.ts';

// rrule ships UMD as `main` and ESM as `module`: Node sees the CommonJS exports under `default`,
// bundlers the ES module's named exports. Take whichever this runtime handed us.
const { RRule } = ((rruleModule as unknown as { default?: typeof rruleModule }).default ??
  rruleModule) as typeof rruleModule;

/** A series that never ends is expanded this far past its first start (a rebuild gives the same rows). */
export const RECURRENCE_HORIZON_DAYS = 366;
/** Hard bound on the occurrences of one series, whatever its end. */
export const MAX_OCCURRENCES = 1000;

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
  /** At most this many occurrences, counted from the series' first (not from `from`). */
  max?: number;
}

/** The latest start a series may have: its end date, else (never-ending) the horizon. */
export function seriesLimit(recurrence: Recurrence, startsAt: Date): Date {
  if (recurrence.endDate) return new Date(recurrence.endDate);
  if (recurrence.endCount) return new Date(8.64e15);
  return new Date(startsAt.getTime() + RECURRENCE_HORIZON_DAYS * DAY_MS);
}

function rule(recurrence: Recurrence, startsAt: Date) {
  return new RRule({
    freq: freq[recurrence.type],
    interval: recurrence.interval,
    dtstart: startsAt,
    ...(recurrence.type === 'weekly' && recurrence.days.length > 0
      ? { byweekday: recurrence.days.map((d) => rruleDay[d]) }
      : {}),
    ...(recurrence.endCount ? { count: recurrence.endCount } : {}),
    ...(recurrence.endDate ? { until: new Date(recurrence.endDate) } : {}),
  });
}

/**
 * The starts of a series, ascending. Pure and deterministic (no clock: a never-ending series is
 * cut at a horizon measured from its own start), so a projection rebuild yields the same rows.
 * Weekday rules are evaluated in UTC. A one-off event (recurrence null) has one occurrence.
 * With weekdays that do not include the start's, the series starts on the first chosen day
 * after it (the decider stores that first occurrence as the event's start).
 */
export function expandOccurrences(recurrence: Recurrence | null, startsAt: Date, options: ExpandOptions = {}): Date[] {
  const max = Math.min(options.max ?? MAX_OCCURRENCES, MAX_OCCURRENCES);
  const from = options.from?.getTime() ?? -Infinity;
  if (!recurrence) {
    const t = startsAt.getTime();
    const inRange = t >= from && (!options.until || t <= options.until.getTime());
    return inRange && max > 0 ? [new Date(t)] : [];
  }
  const limit = Math.min(seriesLimit(recurrence, startsAt).getTime(), options.until?.getTime() ?? Infinity);
  const out: Date[] = [];
  rule(recurrence, startsAt).all((date, i) => {
    if (i >= max || date.getTime() > limit) return false;
    if (date.getTime() >= from) out.push(date);
    return true;
  });
  // rrule's iterator may hand over the date it stopped at; keep only what passed the bounds.
  return out.filter((d) => d.getTime() <= limit).slice(0, max);
}

/** Whether `occurrence` is one of the series' starts. */
export function isOccurrence(recurrence: Recurrence | null, startsAt: Date, occurrence: Date): boolean {
  const hits = expandOccurrences(recurrence, startsAt, { from: occurrence, until: occurrence });
  return hits.some((d) => d.getTime() === occurrence.getTime());
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
