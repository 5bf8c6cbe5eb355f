import { describe, expect, it } from 'vitest';
import { boundedIsoDate, boundedIsoDateTime, DATE_RANGE_MESSAGE } from './dates.ts';

const messages = (result: { error?: { issues: Array<{ message: string }> } | undefined }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('bounded dates', () => {
  it('says only that a value is not a date-time when it is none (not the year range as well)', () => {
    expect(messages(boundedIsoDateTime('Give a moment').safeParse('yesterday'))).toEqual(['Give a moment']);
    expect(messages(boundedIsoDate('Give a day').safeParse('soon'))).toEqual(['Give a day']);
  });

  it('says the range for a real date outside it, and takes one inside', () => {
    expect(messages(boundedIsoDateTime().safeParse('0020-01-01T00:00:00Z'))).toEqual([DATE_RANGE_MESSAGE]);
    expect(messages(boundedIsoDate().safeParse('2300-01-01'))).toEqual([DATE_RANGE_MESSAGE]);
    expect(boundedIsoDateTime().parse('2026-05-01T10:00:00+02:00')).toBe('2026-05-01T10:00:00+02:00');
  });
});
