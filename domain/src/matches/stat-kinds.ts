import type { SportDefinition } from '../sports/catalogue.ts';

/**
 * Stat types that are measured (a time, a distance, a height, a number of strokes or yards, a
 * performance figure) rather than counted: a scorer enters their value. Every other stat type is
 * a count, recorded one at a time with the value 1.
 */
export const measuredStatTypes: ReadonlySet<string> = new Set([
  'time',
  'distance',
  'height',
  'strokes',
  'yards',
  'performance',
]);

export type StatKind = 'count' | 'measure';

export const statKindOf = (statType: string): StatKind => (measuredStatTypes.has(statType) ? 'measure' : 'count');

/** The stat types that make a side's score in the sport (goals, points, runs, …), in the sport's order. */
export const scoringStatTypes = (sport: SportDefinition): string[] =>
  sport.statTypes.filter((type) => (sport.scoring.weights[type] ?? 0) !== 0);

/**
 * The values a scorer taps for a count stat of the sport, one button each. A basketball basket is
 * worth 1 (a free throw), 2 or 3 points, all recorded as `points`; every other count is one at a time.
 */
const countValues: Readonly<Partial<Record<string, Readonly<Record<string, readonly number[]>>>>> = {
  basketball: { points: [1, 2, 3] },
};

export const statValueChoices = (sportId: string, statType: string): readonly number[] =>
  statKindOf(statType) === 'measure' ? [] : (countValues[sportId]?.[statType] ?? [1]);
