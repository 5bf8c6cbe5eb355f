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
