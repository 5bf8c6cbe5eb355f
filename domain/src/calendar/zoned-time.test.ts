import { describe, expect, it } from 'vitest';
import { resolveZonedStart, shiftWallClock, wallClockDayShift, wallClockShiftMinutes } from './zoned-time.ts';

const ny = 'America/New_York';
const at = (value: string) => {
  const r = resolveZonedStart(value, ny);
  return r.ok ? r.at.toISOString() : r.message;
};

describe('a requested start in the event zone', () => {
  it('reads an instant as it is, and a wall-clock time in the zone on either side of a DST change', () => {
    expect(at('2026-03-14T15:00:00Z')).toBe('2026-03-14T15:00:00.000Z');
    expect(at('2026-03-14T16:00:00+01:00')).toBe('2026-03-14T15:00:00.000Z');
    expect(at('2026-03-07T11:00')).toBe('2026-03-07T16:00:00.000Z'); // EST
    expect(at('2026-03-14T11:00')).toBe('2026-03-14T15:00:00.000Z'); // EDT
    expect(at('2026-03-14T11:00:00-04:00[America/New_York]')).toBe('2026-03-14T15:00:00.000Z');
  });

  it('refuses a wall-clock time the zone skips, and an offset the named zone does not have then', () => {
    // 8 March 2026: New York's clocks go from 02:00 to 03:00.
    expect(at('2026-03-08T02:30')).toMatch(/does not exist in America\/New_York/);
    expect(at('2026-03-08T02:30[America/New_York]')).toMatch(/does not exist/);
    expect(at('2026-03-14T11:00:00-05:00[America/New_York]')).toMatch(/is not at -05:00/);
    expect(at('2026-03-14T11:00[Mars/Base]')).toMatch(/time zone/);
    expect(at('soon')).toBe('Choose a date and a time');
    // The hour shown twice in November is its first.
    expect(at('2026-11-01T01:30')).toBe('2026-11-01T05:30:00.000Z');
  });

  it('moves wall-clock time: 10:00 to 11:00 is +60 minutes, and stays 11:00 local across the change', () => {
    const before = new Date('2026-02-28T15:00:00.000Z'); // Sat 10:00 EST
    const shift = wallClockShiftMinutes(before, new Date('2026-02-28T16:00:00.000Z'), ny);
    expect(shift).toBe(60);
    expect(shiftWallClock(new Date('2026-03-14T14:00:00.000Z'), shift, ny).toISOString()).toBe(
      '2026-03-14T15:00:00.000Z',
    );
    expect(wallClockDayShift(before, 60, ny)).toBe(0);
    expect(wallClockDayShift(before, 14 * 60, ny)).toBe(1);
    expect(wallClockDayShift(before, -11 * 60, ny)).toBe(-1);
  });
});
