import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  expandOccurrences,
  icsLocal,
  isOccurrence,
  lastOccurrence,
  MAX_OCCURRENCES,
  toRRuleValue,
} from './recurrence.ts';
import { weekdays, type Recurrence } from './schemas.ts';
import { canonicalTimeZone, endOfDay, fromWallClock, toWallClock } from './time-zone.ts';

const DAY = 86_400_000;
const YEAR = 365 * DAY;
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

/** The zone's wall clock at an instant, read with Intl (an oracle independent of the code under test). */
const formats = new Map<string, Intl.DateTimeFormat>();
function local(instant: Date, zone: string) {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      weekday: 'long',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    weekday: parts.weekday!.toLowerCase(),
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}
const localDayNumber = (instant: Date, zone: string) => Date.parse(`${local(instant, zone).date}T00:00:00Z`) / DAY;

const zones = ['UTC', 'America/New_York', 'Europe/London', 'Australia/Sydney', 'Asia/Kolkata', 'America/Santiago'];

// Starts between 05:00 and 22:59 local time: no zone here skips or repeats those hours.
const startArb = fc
  .record({
    zone: fc.constantFrom(...zones),
    day: fc.integer({ min: Date.UTC(2020, 0, 1) / DAY, max: Date.UTC(2030, 0, 1) / DAY }),
    minuteOfDay: fc.integer({ min: 5 * 60, max: 23 * 60 - 1 }),
  })
  .map(({ zone, day, minuteOfDay }) => ({
    zone,
    start: fromWallClock(new Date(day * DAY + minuteOfDay * 60_000), zone),
  }));
const recurrenceArb = fc
  .record({
    type: fc.constantFrom('daily', 'weekly', 'monthly' as const),
    interval: fc.integer({ min: 1, max: 52 }),
    days: fc.uniqueArray(fc.constantFrom(...weekdays), { minLength: 1, maxLength: 7 }),
    end: fc.oneof(
      fc.record({ kind: fc.constant('count' as const), count: fc.integer({ min: 1, max: 100 }) }),
      fc.record({ kind: fc.constant('date' as const), days: fc.integer({ min: 0, max: 800 }) }),
      fc.constant({ kind: 'never' as const }),
    ),
  })
  .map(({ type, interval, days, end }) => ({ type, interval, days, end }));
const seriesArb = fc.tuple(recurrenceArb, startArb).map(([r, { zone, start }]) => {
  const recurrence: Recurrence = {
    type: r.type,
    interval: r.interval,
    days: r.type === 'weekly' ? weekdays.filter((d) => r.days.includes(d)) : [],
    endCount: r.end.kind === 'count' ? r.end.count : null,
    endDate: r.end.kind === 'date' ? new Date(start.getTime() + r.end.days * DAY).toISOString() : null,
  };
  return { recurrence, start, zone };
});

describe('expandOccurrences in the event zone (properties)', () => {
  it('is ascending, bounded by count, end date and limit, deterministic, and never before the start', () => {
    fc.assert(
      fc.property(seriesArb, ({ recurrence, start, zone }) => {
        const all = expandOccurrences(recurrence, start, zone, { limit: 200 });
        expect(all.length).toBeLessThanOrEqual(200);
        for (let i = 1; i < all.length; i++) expect(all[i]!.getTime()).toBeGreaterThan(all[i - 1]!.getTime());
        if (recurrence.endCount) expect(all.length).toBeLessThanOrEqual(recurrence.endCount);
        if (recurrence.endDate)
          for (const d of all) expect(d.getTime()).toBeLessThanOrEqual(Date.parse(recurrence.endDate));
        for (const d of all) expect(d.getTime()).toBeGreaterThanOrEqual(start.getTime());
        expect(expandOccurrences(recurrence, start, zone, { limit: 200 })).toEqual(all);
      }),
      { numRuns: 150 },
    );
  });

  it("keeps the start's local time of day, and puts weekly occurrences on the chosen local weekdays", () => {
    fc.assert(
      fc.property(seriesArb, ({ recurrence, start, zone }) => {
        const time = local(start, zone).time;
        for (const d of expandOccurrences(recurrence, start, zone, { limit: 120 })) {
          expect(local(d, zone).time).toBe(time);
          if (recurrence.type === 'weekly') expect(recurrence.days).toContain(local(d, zone).weekday);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('respects the interval in local days: daily steps are interval days, weekly ones fall in every interval-th week', () => {
    fc.assert(
      fc.property(
        seriesArb.filter(({ recurrence }) => recurrence.type !== 'monthly'),
        ({ recurrence, start, zone }) => {
          const days = expandOccurrences(recurrence, start, zone, { limit: 120 }).map((d) => localDayNumber(d, zone));
          if (recurrence.type === 'daily') {
            for (let i = 1; i < days.length; i++) expect(days[i]! - days[i - 1]!).toBe(recurrence.interval);
          } else {
            // Weeks start on Monday (RFC 5545 default WKST); day 0 (1970-01-01) was a Thursday.
            const week = (day: number) => Math.floor((day + 3) / 7);
            for (const day of days) expect((week(day) - week(days[0]!)) % recurrence.interval).toBe(0);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('finds every occurrence it lists; a window years later is the matching slice of the whole series', () => {
    fc.assert(
      fc.property(
        seriesArb,
        fc.nat(),
        fc.integer({ min: 0, max: 8 * 365 }),
        ({ recurrence, start, zone }, pick, at) => {
          const nineYears = new Date(start.getTime() + 9 * YEAR);
          const all = expandOccurrences(recurrence, start, zone, { until: nineYears });
          expect(all.length).toBeLessThan(MAX_OCCURRENCES); // within 9 years a daily series has < 5000 starts
          if (all.length === 0) return;
          const d = all[pick % all.length]!;
          expect(isOccurrence(recurrence, start, zone, d)).toBe(true);
          expect(isOccurrence(recurrence, start, zone, new Date(d.getTime() + 60_000))).toBe(false);
          const from = new Date(start.getTime() + at * DAY);
          const until = new Date(from.getTime() + 60 * DAY);
          expect(iso(expandOccurrences(recurrence, start, zone, { from, until }))).toEqual(
            iso(all.filter((x) => x >= from && x <= until)),
          );
          expect(iso(expandOccurrences(recurrence, start, zone, { from, until: nineYears, limit: 3 }))).toEqual(
            iso(all.filter((x) => x >= from).slice(0, 3)),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('the last occurrence of a series with an end is the last one it lists; a series without one has none', () => {
    fc.assert(
      fc.property(seriesArb, ({ recurrence, start, zone }) => {
        const last = lastOccurrence(recurrence, start, zone);
        if (!recurrence.endCount && !recurrence.endDate) expect(last).toBeNull();
        else expect(last?.toISOString()).toBe(expandOccurrences(recurrence, start, zone).at(-1)?.toISOString());
      }),
      { numRuns: 100 },
    );
  });
});

describe('wall-clock times across daylight-saving changes', () => {
  const weeklyTuesday: Recurrence = { type: 'weekly', interval: 1, days: ['tuesday'], endDate: null, endCount: null };

  it('America/New_York: a Tuesday 18:00 practice stays at 18:00 local in March and November', () => {
    const zone = 'America/New_York';
    // 3 March 2026 18:00 EST; clocks go forward on 8 March, back on 1 November.
    const start = new Date('2026-03-03T23:00:00.000Z');
    expect(iso(expandOccurrences(weeklyTuesday, start, zone, { limit: 3 }))).toEqual([
      '2026-03-03T23:00:00.000Z',
      '2026-03-10T22:00:00.000Z',
      '2026-03-17T22:00:00.000Z',
    ]);
    const autumn = { from: new Date('2026-10-20T00:00:00Z'), limit: 3 };
    expect(iso(expandOccurrences(weeklyTuesday, start, zone, autumn))).toEqual([
      '2026-10-20T22:00:00.000Z',
      '2026-10-27T22:00:00.000Z',
      '2026-11-03T23:00:00.000Z',
    ]);
    for (const d of expandOccurrences(weeklyTuesday, start, zone, { limit: 60 })) {
      expect(local(d, zone)).toMatchObject({ weekday: 'tuesday', time: '18:00' });
    }
  });

  it('Europe/London and Australia/Sydney: the same hour on both sides of their changes', () => {
    // London: BST from 29 March, GMT from 25 October 2026. A Saturday 10:00 match.
    const london = expandOccurrences(
      { type: 'weekly', interval: 1, days: ['saturday'], endDate: null, endCount: 3 },
      new Date('2026-03-21T10:00:00.000Z'),
      'Europe/London',
    );
    expect(iso(london)).toEqual(['2026-03-21T10:00:00.000Z', '2026-03-28T10:00:00.000Z', '2026-04-04T09:00:00.000Z']);
    const londonAutumn = expandOccurrences(
      { type: 'daily', interval: 1, days: [], endDate: '2026-10-26T23:59:59.999Z', endCount: null },
      new Date('2026-10-24T09:00:00.000Z'),
      'Europe/London',
    );
    expect(iso(londonAutumn)).toEqual([
      '2026-10-24T09:00:00.000Z',
      '2026-10-25T10:00:00.000Z',
      '2026-10-26T10:00:00.000Z',
    ]);
    // Sydney: AEDT (+11) until 5 April, AEST (+10) until 4 October 2026. A Sunday 09:00 training.
    const sydney = expandOccurrences(
      { type: 'weekly', interval: 1, days: ['sunday'], endDate: null, endCount: null },
      new Date('2026-03-28T22:00:00.000Z'),
      'Australia/Sydney',
      { limit: 3 },
    );
    expect(iso(sydney)).toEqual(['2026-03-28T22:00:00.000Z', '2026-04-04T23:00:00.000Z', '2026-04-11T23:00:00.000Z']);
    const sydneySpring = expandOccurrences(
      { type: 'weekly', interval: 1, days: ['sunday'], endDate: null, endCount: null },
      new Date('2026-03-28T22:00:00.000Z'),
      'Australia/Sydney',
      { from: new Date('2026-09-26T00:00:00Z'), limit: 2 },
    );
    expect(iso(sydneySpring)).toEqual(['2026-09-26T23:00:00.000Z', '2026-10-03T22:00:00.000Z']);
  });

  it('picks weekdays in the zone: a Tuesday 20:00 practice in New York is a Wednesday in UTC', () => {
    const days = expandOccurrences(
      { type: 'weekly', interval: 1, days: ['tuesday', 'thursday'], endDate: null, endCount: 4 },
      new Date('2026-03-04T01:00:00.000Z'),
      'America/New_York',
    );
    expect(iso(days)).toEqual([
      '2026-03-04T01:00:00.000Z',
      '2026-03-06T01:00:00.000Z',
      '2026-03-11T00:00:00.000Z',
      '2026-03-13T00:00:00.000Z',
    ]);
  });

  it('reads a time skipped by the spring change with the offset before it, and a repeated one as the first', () => {
    const daily = (endCount: number): Recurrence => ({ type: 'daily', interval: 1, days: [], endDate: null, endCount });
    // 02:30 does not exist in New York on 8 March 2026: it happens at 03:30 EDT that day.
    const spring = expandOccurrences(daily(3), new Date('2026-03-07T07:30:00.000Z'), 'America/New_York');
    expect(iso(spring)).toEqual(['2026-03-07T07:30:00.000Z', '2026-03-08T07:30:00.000Z', '2026-03-09T06:30:00.000Z']);
    // 01:30 happens twice on 1 November 2026: the first (EDT) one.
    const autumn = expandOccurrences(daily(3), new Date('2026-10-31T05:30:00.000Z'), 'America/New_York');
    expect(iso(autumn)).toEqual(['2026-10-31T05:30:00.000Z', '2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z']);
  });
});

describe('series that never end', () => {
  const never: Recurrence = {
    type: 'weekly',
    interval: 1,
    days: ['tuesday', 'thursday'],
    endDate: null,
    endCount: null,
  };
  const start = new Date('2026-03-03T23:00:00.000Z'); // Tuesday 18:00 in New York

  it('still have occurrences 2 and 30 years after they start, at the same local time', () => {
    for (const years of [2, 30]) {
      const from = new Date(start.getTime() + years * YEAR);
      const next = expandOccurrences(never, start, 'America/New_York', { from, limit: 4 });
      expect(next).toHaveLength(4);
      for (const d of next) {
        expect(d.getTime()).toBeGreaterThanOrEqual(from.getTime());
        expect(['tuesday', 'thursday']).toContain(local(d, 'America/New_York').weekday);
        expect(local(d, 'America/New_York').time).toBe('18:00');
        expect(isOccurrence(never, start, 'America/New_York', d)).toBe(true);
      }
    }
    expect(lastOccurrence(never, start, 'America/New_York')).toBeNull();
  });

  it('a monthly series on the 31st skips shorter months, also far ahead', () => {
    const monthly: Recurrence = { type: 'monthly', interval: 1, days: [], endDate: null, endCount: null };
    const from = new Date('2031-01-15T00:00:00Z');
    const next = expandOccurrences(monthly, new Date('2026-01-31T17:00:00.000Z'), 'Europe/London', { from, limit: 4 });
    expect(iso(next)).toEqual([
      '2031-01-31T17:00:00.000Z',
      '2031-03-31T16:00:00.000Z',
      '2031-05-31T16:00:00.000Z',
      '2031-07-31T16:00:00.000Z',
    ]);
  });
});

describe('time zones', () => {
  it('accepts IANA names (canonical case and aliases) and refuses anything else', () => {
    expect(canonicalTimeZone('America/New_York')).toBe('America/New_York');
    expect(canonicalTimeZone('america/new_york')).toBe('America/New_York');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    for (const bad of ['Mars/Olympus_Mons', '+05:00', 'EST 5', '', 'America/New_York\u0000', 'A'.repeat(70)]) {
      expect(canonicalTimeZone(bad)).toBeNull();
    }
  });

  it('converts between instants and wall-clock times, and finds the end of a local day', () => {
    expect(toWallClock(new Date('2026-07-01T22:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-07-01T18:00:00.000Z',
    );
    expect(fromWallClock(new Date('2026-07-01T18:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-07-01T22:00:00.000Z',
    );
    expect(endOfDay('2026-06-01', 'America/New_York').toISOString()).toBe('2026-06-02T03:59:59.999Z');
    expect(endOfDay('2026-06-01', 'UTC').toISOString()).toBe('2026-06-01T23:59:59.999Z');
  });
});

describe('a one-off event and RRULE text', () => {
  it('a one-off event has one occurrence; RRULE and local DTSTART text', () => {
    const start = new Date('2026-03-03T17:00:00Z');
    expect(expandOccurrences(null, start, 'Europe/London')).toEqual([start]);
    expect(lastOccurrence(null, start, 'Europe/London')).toEqual(start);
    const r: Recurrence = { type: 'weekly', interval: 2, days: ['monday', 'friday'], endDate: null, endCount: 10 };
    expect(toRRuleValue(r)).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR;COUNT=10');
    expect(toRRuleValue({ ...r, endCount: null, endDate: '2026-06-01T23:59:59.999Z' })).toBe(
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR;UNTIL=20260601T235959Z',
    );
    expect(icsLocal(new Date('2026-11-03T23:00:00Z'), 'America/New_York')).toBe('20261103T180000');
  });
});
