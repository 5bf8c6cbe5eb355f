import { describe, expect, it } from 'vitest';
import { browserTimeZone, matchKickOffText } from '../lib/kick-off.ts';

const now = new Date('2026-12-01T12:00:00Z');
const kickOff = '2026-12-05T15:00:00Z';

describe("a match's kick-off", () => {
  it("reads in team A's zone, naming the zone when it is not the viewer's", () => {
    const zone = browserTimeZone() === 'America/New_York' ? 'Asia/Tokyo' : 'America/New_York';
    const text = matchKickOffText(kickOff, zone, now);
    if (zone === 'America/New_York') expect(text).toBe('Sat, Dec 5, 10:00 AM EST (America/New York time)');
    else expect(text).toBe('Sun, Dec 6, 12:00 AM GMT+9 (Asia/Tokyo time)');
  });

  it("names no zone when the match's is the viewer's own", () => {
    expect(matchKickOffText(kickOff, browserTimeZone(), now)).not.toContain(' time)');
  });

  it("reads in the viewer's zone when the match has none, or one this browser does not know", () => {
    const local = matchKickOffText(kickOff, null, now);
    expect(local).not.toContain(' time)');
    expect(matchKickOffText(kickOff, 'Mars/Olympus_Mons', now)).toBe(local);
  });
});
