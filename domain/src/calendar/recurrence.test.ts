import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  expandOccurrences,
  isOccurrence,
  MAX_OCCURRENCES,
  RECURRENCE_HORIZON_DAYS,
  toRRuleValue,
} from './recurrence.ts';
import { weekdays, type Recurrence } from './schemas.ts';

const DAY = 86_400_000;
const jsDayName = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

const startArb = fc
  .integer({ min: Date.UTC(2020, 0, 1) / 60_000, max: Date.UTC(2030, 0, 1) / 60_000 })
  .map((m) => new Date(m * 60_000));
const recurrenceArb: fc.Arbitrary<Recurrence> = fc
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
  .map(({ type, interval, days, end }) => ({
    type,
    interval,
    days: type === 'weekly' ? weekdays.filter((d) => days.includes(d)) : [],
    endCount: end.kind === 'count' ? end.count : null,
    // An end offset in days; resolved against the start in the property.
    endDate: end.kind === 'date' ? String(end.days) : null,
  }));
const withStart = fc.tuple(recurrenceArb, startArb).map(([r, start]) => {
  const recurrence: Recurrence = r.endDate
    ? { ...r, endDate: new Date(start.getTime() + Number(r.endDate) * DAY).toISOString() }
    : r;
  return { recurrence, start };
});

describe('expandOccurrences (properties)', () => {
  it('is ascending, bounded by count, end date and horizon, and deterministic', () => {
    fc.assert(
      fc.property(withStart, ({ recurrence, start }) => {
        const all = expandOccurrences(recurrence, start);
        expect(all.length).toBeLessThanOrEqual(MAX_OCCURRENCES);
        for (let i = 1; i < all.length; i++) expect(all[i]!.getTime()).toBeGreaterThan(all[i - 1]!.getTime());
        if (recurrence.endCount) expect(all.length).toBeLessThanOrEqual(recurrence.endCount);
        if (recurrence.endDate)
          for (const d of all) expect(d.getTime()).toBeLessThanOrEqual(Date.parse(recurrence.endDate));
        if (!recurrence.endDate && !recurrence.endCount) {
          for (const d of all) expect(d.getTime()).toBeLessThanOrEqual(start.getTime() + RECURRENCE_HORIZON_DAYS * DAY);
        }
        for (const d of all) expect(d.getTime()).toBeGreaterThanOrEqual(start.getTime());
        expect(expandOccurrences(recurrence, start)).toEqual(all);
      }),
      { numRuns: 150 },
    );
  });

  it('puts weekly occurrences only on the chosen weekdays, at the start time of day', () => {
    fc.assert(
      fc.property(
        withStart.filter(({ recurrence }) => recurrence.type === 'weekly'),
        ({ recurrence, start }) => {
          for (const d of expandOccurrences(recurrence, start)) {
            expect(recurrence.days).toContain(jsDayName[d.getUTCDay()]);
            expect(d.getTime() % DAY).toBe(start.getTime() % DAY);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('respects the interval: daily steps are interval days, weekly occurrences fall in every interval-th week', () => {
    fc.assert(
      fc.property(
        withStart.filter(({ recurrence }) => recurrence.type !== 'monthly'),
        ({ recurrence, start }) => {
          const all = expandOccurrences(recurrence, start);
          if (recurrence.type === 'daily') {
            for (let i = 1; i < all.length; i++)
              expect(all[i]!.getTime() - all[i - 1]!.getTime()).toBe(recurrence.interval * DAY);
          } else {
            // Weeks start on Monday (RFC 5545 default WKST); index the Monday-based week of each date.
            const week = (d: Date) => Math.floor((d.getTime() / DAY + 3) / 7); // 1970-01-01 was a Thursday
            const w0 = week(all[0] ?? start);
            for (const d of all) expect((week(d) - w0) % recurrence.interval).toBe(0);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('finds every occurrence it lists, and a window returns the matching slice', () => {
    fc.assert(
      fc.property(withStart, fc.nat(), ({ recurrence, start }, pick) => {
        const all = expandOccurrences(recurrence, start);
        if (all.length === 0) return;
        const d = all[pick % all.length]!;
        expect(isOccurrence(recurrence, start, d)).toBe(true);
        expect(isOccurrence(recurrence, start, new Date(d.getTime() + 60_000))).toBe(false);
        expect(expandOccurrences(recurrence, start, { from: d })).toEqual(all.filter((x) => x >= d));
      }),
      { numRuns: 100 },
    );
  });

  it('a one-off event has one occurrence; RRULE text', () => {
    const start = new Date('2026-03-03T17:00:00Z');
    expect(expandOccurrences(null, start)).toEqual([start]);
    const r: Recurrence = { type: 'weekly', interval: 2, days: ['monday', 'friday'], endDate: null, endCount: 10 };
    expect(toRRuleValue(r)).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR;COUNT=10');
    expect(toRRuleValue({ ...r, endCount: null, endDate: '2026-06-01T23:59:59.999Z' })).toBe(
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR;UNTIL=20260601T235959Z',
    );
  });
});
