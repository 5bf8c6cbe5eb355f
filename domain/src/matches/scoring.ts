import type { SportDefinition } from '../sports/catalogue.ts';

/** Stat values are entered in steps of 0.01 (spec part 2 §5); sums are kept in whole hundredths. */
export const MAX_STAT_VALUE = 1_000_000;

export const toHundredths = (value: number): number => Math.round(value * 100);
export const fromHundredths = (hundredths: number): number => hundredths / 100;

/** A whole number of hundredths (floating point aside: 0.1 + 0.2 is one). */
export const isInSteps = (value: number): boolean => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** At least 0, at most MAX_STAT_VALUE, in steps of 0.01. */
export function isStatValue(value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= MAX_STAT_VALUE && isInSteps(value);
}

/** What one stat adds to its team's score, in hundredths (0 when the stat does not score). */
export function scoreContribution(sport: SportDefinition, statType: string, value: number): number {
  const weight = sport.scoring.weights[statType] ?? 0;
  return toHundredths(value) * weight;
}

/**
 * The winner of a finished match: the higher score, or the lower for golf (where a side with no
 * strokes recorded has not played, so nobody wins); null on a tie.
 */
export function winnerOf(
  sport: SportDefinition,
  scoreA: number,
  scoreB: number,
  teamAId: string,
  teamBId: string,
): string | null {
  if (scoreA === scoreB) return null;
  if (sport.scoring.lowerWins) {
    if (scoreA === 0 || scoreB === 0) return null;
    return scoreA < scoreB ? teamAId : teamBId;
  }
  return scoreA > scoreB ? teamAId : teamBId;
}
