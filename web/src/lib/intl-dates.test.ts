import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { formatMediumDate, formatMonthDay, formatMediumDateTime, parseIsoDate, timeAgo } from './intl-dates.ts';

describe('dates written with Intl', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('reads like the date-fns formats the screens showed before (MMM d, PP and PP, p)', () => {
    for (const iso of ['2026-03-04T17:30:00', '2026-11-28T09:05:00', '2025-01-01T00:00:00', '2026-07-15T12:59:00']) {
      const date = new Date(iso);
      expect(formatMonthDay(date)).toBe(format(date, 'MMM d'));
      expect(formatMediumDate(date)).toBe(format(date, 'PP'));
      expect(formatMediumDate(date)).toBe(format(date, 'MMM d, yyyy'));
      expect(formatMediumDateTime(date)).toBe(format(date, 'PP, p'));
    }
  });

  it('uses a plain space before AM and PM, as people type it', () => {
    expect(formatMediumDateTime(new Date('2026-03-04T17:30:00'))).toBe('Mar 4, 2026, 5:30 PM');
  });

  it('says "Just now" for missing, invalid, recent and future times', () => {
    expect(timeAgo(null, now)).toBe('Just now');
    expect(timeAgo('garbage', now)).toBe('Just now');
    expect(timeAgo(ago(44_000), now)).toBe('Just now');
    expect(timeAgo(ago(-60_000), now)).toBe('Just now');
    expect(parseIsoDate('')).toBeNull();
  });

  it('counts in the largest whole unit, rounded', () => {
    const minute = 60_000;
    expect(timeAgo(ago(45_000), now)).toBe('1 minute ago');
    expect(timeAgo(ago(5 * minute), now)).toBe('5 minutes ago');
    expect(timeAgo(ago(59.6 * minute), now)).toBe('1 hour ago');
    expect(timeAgo(ago(3 * 60 * minute), now)).toBe('3 hours ago');
    expect(timeAgo(ago(2 * 24 * 60 * minute), now)).toBe('2 days ago');
    expect(timeAgo(ago(65 * 24 * 60 * minute), now)).toBe('2 months ago');
    expect(timeAgo(ago(800 * 24 * 60 * minute), now)).toBe('2 years ago');
  });
});
