import { rewardTable, type RewardAction } from './table.ts';

/** A UTC calendar day, `YYYY-MM-DD`. */
export type UtcDay = string;

export const utcDay = (at: Date | string): UtcDay => new Date(at).toISOString().slice(0, 10);

/** What a user has already earned today, per action. */
export interface DayCounter {
  /** Rewardable actions today (rewarded or capped). */
  count: number;
  xp: number;
  dulars: number;
}
export type DayCounters = Partial<Record<RewardAction, DayCounter>>;

export interface Grant {
  action: RewardAction;
  xp: number;
  dulars: number;
  /** True when the daily cap swallowed (part of) the reward. */
  capped: boolean;
}

/**
 * What one more `action` earns given today's counters: the table's reward, or nothing once it
 * would take the day's XP for that action past its cap (never a partial grant).
 */
export function rewardFor(action: RewardAction, today: DayCounters): Grant {
  const rule = rewardTable[action];
  const used = today[action]?.xp ?? 0;
  if (used + rule.xp > rule.dailyXpCap) return { action, xp: 0, dulars: 0, capped: true };
  return { action, xp: rule.xp, dulars: rule.dulars, capped: false };
}

/** Today's counters after `grant`. */
export function addGrant(today: DayCounters, grant: Grant): DayCounters {
  const prev = today[grant.action] ?? { count: 0, xp: 0, dulars: 0 };
  return {
    ...today,
    [grant.action]: { count: prev.count + 1, xp: prev.xp + grant.xp, dulars: prev.dulars + grant.dulars },
  };
}

export interface StreakState {
  /** Consecutive UTC days with rewardable activity, ending at `lastDay`. */
  streak: number;
  lastDay: UtcDay | null;
}

const dayNumber = (day: UtcDay): number => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);

/**
 * The streak after activity on `day`: the same day keeps it, the next day adds one, a gap
 * resets it to 1. Activity from an earlier day than the last one (events are applied in log
 * order, and clocks may disagree slightly) leaves it unchanged.
 */
export function nextStreak(prev: StreakState, day: UtcDay): StreakState {
  if (prev.lastDay === null || prev.streak <= 0) return { streak: 1, lastDay: day };
  const gap = dayNumber(day) - dayNumber(prev.lastDay);
  if (gap <= 0) return prev;
  if (gap === 1) return { streak: prev.streak + 1, lastDay: day };
  return { streak: 1, lastDay: day };
}

/** The streak as seen on `today`: it still counts if the last activity was today or yesterday. */
export function currentStreak(state: StreakState, today: UtcDay): number {
  if (state.lastDay === null) return 0;
  return dayNumber(today) - dayNumber(state.lastDay) <= 1 ? state.streak : 0;
}
