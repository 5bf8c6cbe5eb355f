import { rewardTable, type RewardAction } from './table.ts';

/** Stat types that earn a reward when recorded for a player (spec part 2 §9). */
const actionOfStat: Readonly<Record<string, RewardAction>> = {
  goals: 'goal',
  assists: 'assist',
  aces: 'ace',
  touchdowns: 'touchdown',
};

export function rewardActionOfStat(statType: string): RewardAction | null {
  return Object.hasOwn(actionOfStat, statType) ? actionOfStat[statType]! : null;
}

/**
 * How many rewarded actions a player's surviving total of one stat in one match is worth:
 * whole units only (1.5 goals is one goal), at most the table's daily count per match. A function
 * of the surviving total, so an amendment or retraction takes back exactly what it removed.
 */
export function playUnits(action: RewardAction, totalHundredths: number): number {
  const rule = rewardTable[action];
  const whole = Math.floor(Math.max(0, totalHundredths) / 100);
  return Math.min(whole, rule.dailyXpCap / rule.xp);
}

/** XP and dulars of `units` rewarded actions (negative units take them back). */
export function playReward(action: RewardAction, units: number): { xp: number; dulars: number } {
  const rule = rewardTable[action];
  return { xp: units * rule.xp, dulars: units * rule.dulars };
}
