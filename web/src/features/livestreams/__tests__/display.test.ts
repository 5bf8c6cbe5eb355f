import { describe, expect, it } from 'vitest';
import { localDateTimeToIso, livestreamFormSchema } from '../components/create-livestream-dialog.tsx';
import { maskedKey, publishUrl, startedText } from '../lib/display.ts';

describe('livestream display helpers', () => {
  it('says when a stream started, relative to now (a start a moment ahead reads as just now)', () => {
    const now = new Date('2026-11-23T10:00:00.000Z');
    expect(startedText('2026-11-23T09:55:00.000Z', now)).toBe('Started 5 minutes ago');
    expect(startedText('2026-11-23T10:00:03.000Z', now)).toBe('Started less than a minute ago');
    expect(startedText(null, now)).toBeNull();
    expect(startedText('not a date', now)).toBeNull();
  });

  it('masks the key with its last four characters, and joins URL and key with one slash', () => {
    expect(maskedKey('wxyz')).toBe('••••••••wxyz');
    expect(maskedKey(null)).toBe('••••••••••••');
    expect(publishUrl('rtmp://host:1935/live', 'sk_1')).toBe('rtmp://host:1935/live/sk_1');
    expect(publishUrl('rtmp://host:1935/live/', 'sk_1')).toBe('rtmp://host:1935/live/sk_1');
    expect(publishUrl('rtmp://host:1935/live', null)).toBe('rtmp://host:1935/live');
  });

  it("turns the date-time input's wall-clock value into an ISO instant for the domain's schema", () => {
    expect(localDateTimeToIso('2026-11-28T15:30')).toBe(new Date('2026-11-28T15:30').toISOString());
    expect(localDateTimeToIso('2026-11-28T15:30:00Z')).toBe('2026-11-28T15:30:00Z');
    expect(localDateTimeToIso('')).toBe('');
    const parsed = livestreamFormSchema.parse({ title: ' Final ', scheduledStartTime: '' });
    expect(parsed).toEqual({
      title: 'Final',
      description: null,
      streamType: 'match',
      scheduledStartTime: null,
      isPublic: false,
      allowChat: true,
      recordStream: true,
    });
    expect(livestreamFormSchema.safeParse({ title: 'x', scheduledStartTime: 'garbage' }).success).toBe(false);
    expect(livestreamFormSchema.safeParse({ title: '   ' }).error?.issues[0]?.message).toBe('Stream title is required');
  });
});
