import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { badgeCatalogue, badgesEarned, emptyBadgeCounters } from './badges.ts';
import {
  addGrant,
  currentStreak,
  nextStreak,
  rewardFor,
  utcDay,
  type DayCounters,
  type StreakState,
} from './rewards.ts';
import { dularsFor, rewardActions, rewardTable, type RewardAction } from './table.ts';

const action = fc.constantFrom(...rewardActions);
const DAY0 = Date.parse('2026-01-01T00:00:00Z');
const dayOf = (n: number) => utcDay(new Date(DAY0 + n * 86_400_000));

/** Replays a day's actions through rewardFor/addGrant, as the projector does. */
function replay(actions: readonly RewardAction[]) {
  let today: DayCounters = {};
  const grants = actions.map((a) => {
    const grant = rewardFor(a, today);
    today = addGrant(today, grant);
    return grant;
  });
  return { today, grants };
}

describe('reward table', () => {
  it('has the spec figures for match stats (part 2 §9) and dulars = 50% of XP where not given', () => {
    expect([rewardTable.goal.xp, rewardTable.goal.dulars]).toEqual([20, 10]);
    expect([rewardTable.assist.xp, rewardTable.assist.dulars]).toEqual([15, 7]);
    expect([rewardTable.ace.xp, rewardTable.ace.dulars]).toEqual([25, 12]);
    expect([rewardTable.eagle.xp, rewardTable.eagle.dulars]).toEqual([50, 25]);
    expect([rewardTable.touchdown.xp, rewardTable.touchdown.dulars]).toEqual([35, 17]);
    expect([rewardTable.chat_message.xp, rewardTable.chat_message.dailyXpCap]).toEqual([2, 20]);
    for (const a of rewardActions) {
      const rule = rewardTable[a];
      expect(rule.dulars).toBeLessThanOrEqual(rule.xp);
      expect(rule.dailyXpCap % rule.xp).toBe(0);
    }
  });

  it('given 10 messages today, when an 11th is sent, then it earns nothing', () => {
    const { today, grants } = replay(Array(11).fill('chat_message'));
    expect(grants.slice(0, 10).every((g) => g.xp === 2 && g.dulars === 1)).toBe(true);
    expect(grants[10]).toEqual({ action: 'chat_message', xp: 0, dulars: 0, capped: true });
    expect(today.chat_message).toEqual({ count: 11, xp: 20, dulars: 10 });
  });
});

describe('reward arithmetic (properties)', () => {
  it('never exceeds any daily cap, whatever the sequence of actions', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 300 }), (actions) => {
        const { today } = replay(actions);
        for (const a of rewardActions) expect(today[a]?.xp ?? 0).toBeLessThanOrEqual(rewardTable[a].dailyXpCap);
      }),
    );
  });

  it('totals are the sum of the grants, and counters count every action', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 200 }), (actions) => {
        const { today, grants } = replay(actions);
        for (const a of rewardActions) {
          const mine = grants.filter((g) => g.action === a);
          expect(today[a]?.xp ?? 0).toBe(mine.reduce((s, g) => s + g.xp, 0));
          expect(today[a]?.dulars ?? 0).toBe(mine.reduce((s, g) => s + g.dulars, 0));
          expect(today[a]?.count ?? 0).toBe(mine.length);
        }
      }),
    );
  });

  it('a grant is all or nothing: the table figures, or zero once capped (and capped stays capped)', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 200 }), (actions) => {
        const { grants } = replay(actions);
        const cappedSeen = new Set<RewardAction>();
        for (const g of grants) {
          const rule = rewardTable[g.action];
          if (g.capped) {
            expect([g.xp, g.dulars]).toEqual([0, 0]);
            cappedSeen.add(g.action);
          } else {
            expect(cappedSeen.has(g.action)).toBe(false);
            expect([g.xp, g.dulars]).toEqual([rule.xp, rule.dulars]);
          }
        }
      }),
    );
  });

  it('the first actions up to the cap are all rewarded (the cap is reachable exactly)', () => {
    fc.assert(
      fc.property(action, (a) => {
        const rule = rewardTable[a];
        const { today } = replay(Array(rule.dailyXpCap / rule.xp).fill(a));
        expect(today[a]!.xp).toBe(rule.dailyXpCap);
      }),
    );
  });

  it('dulars are half the XP, rounded down, and never negative', () => {
    fc.assert(
      fc.property(fc.nat(10_000), (xp) => {
        expect(dularsFor(xp)).toBe(Math.floor(xp * 0.5));
        expect(dularsFor(xp)).toBeGreaterThanOrEqual(0);
        expect(dularsFor(xp) * 2).toBeLessThanOrEqual(xp);
      }),
    );
  });
});

describe('streaks', () => {
  it('given no activity, when active today, then the streak is 1', () => {
    expect(nextStreak({ streak: 0, lastDay: null }, '2026-01-05')).toEqual({ streak: 1, lastDay: '2026-01-05' });
  });
  it('given a 3-day streak, when active the next day, the same day, or after a gap', () => {
    const s: StreakState = { streak: 3, lastDay: '2026-01-05' };
    expect(nextStreak(s, '2026-01-06')).toEqual({ streak: 4, lastDay: '2026-01-06' });
    expect(nextStreak(s, '2026-01-05')).toEqual(s);
    expect(nextStreak(s, '2026-01-08')).toEqual({ streak: 1, lastDay: '2026-01-08' });
    // across a month end
    expect(nextStreak({ streak: 2, lastDay: '2026-01-31' }, '2026-02-01').streak).toBe(3);
  });
  it('shows 0 once a whole day was missed', () => {
    const s: StreakState = { streak: 5, lastDay: '2026-01-05' };
    expect(currentStreak(s, '2026-01-06')).toBe(5);
    expect(currentStreak(s, '2026-01-07')).toBe(0);
    expect(currentStreak({ streak: 0, lastDay: null }, '2026-01-07')).toBe(0);
  });

  it('properties: ≥1 after activity, +1 at most per day, equal to the trailing run of consecutive days', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 80 }), (offsets) => {
        const days = [...offsets].sort((a, b) => a - b);
        let state: StreakState = { streak: 0, lastDay: null };
        for (const d of days) {
          const next = nextStreak(state, dayOf(d));
          expect(next.streak).toBeGreaterThanOrEqual(1);
          expect(next.streak).toBeLessThanOrEqual(state.streak + 1);
          if (next.streak < state.streak) expect(next.streak).toBe(1);
          state = next;
        }
        if (days.length === 0) return;
        const distinct = [...new Set(days)];
        let run = 1;
        for (let i = distinct.length - 1; i > 0 && distinct[i]! - distinct[i - 1]! === 1; i--) run++;
        expect(state.streak).toBe(run);
        expect(state.streak).toBeLessThanOrEqual(distinct.length);
      }),
    );
  });
});

describe('badges', () => {
  it('earns First Message after one message, Chatterbox at 50', () => {
    expect(badgesEarned(emptyBadgeCounters())).toEqual([]);
    expect(badgesEarned({ ...emptyBadgeCounters(), messages: 1 })).toEqual(['first_message']);
    expect(badgesEarned({ ...emptyBadgeCounters(), messages: 50, bestStreak: 7 })).toEqual([
      'first_message',
      'chatterbox',
      'streak_3',
      'streak_7',
    ]);
  });
  it('is monotonic: more activity never loses a badge', () => {
    const counters = fc.record({
      messages: fc.nat(100),
      rsvps: fc.nat(30),
      rsvpsYes: fc.nat(30),
      uploads: fc.nat(30),
      bestStreak: fc.nat(40),
    });
    fc.assert(
      fc.property(counters, counters, (a, b) => {
        const more = {
          messages: a.messages + b.messages,
          rsvps: a.rsvps + b.rsvps,
          rsvpsYes: a.rsvpsYes + b.rsvpsYes,
          uploads: a.uploads + b.uploads,
          bestStreak: a.bestStreak + b.bestStreak,
        };
        const after = new Set(badgesEarned(more));
        for (const id of badgesEarned(a)) expect(after.has(id)).toBe(true);
      }),
    );
    expect(new Set(badgeCatalogue.map((b) => b.id)).size).toBe(badgeCatalogue.length);
  });
});
