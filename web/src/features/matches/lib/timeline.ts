import { statKindOf, type MatchSide, type MatchTimelineEntry } from '@sideline/domain';
import { scoreText, statTypeLabel } from './match-display.ts';

/** One recorded stat as the timeline shows it, with what happened to it since. */
export interface TimelineItem {
  statId: string;
  side: MatchSide;
  sideName: string;
  /** Null for the opponent outside Sideline. */
  playerName: string | null;
  statType: string;
  scoring: boolean;
  /** The value that stands now (the last correction's), or the one taken back. */
  value: number;
  /** The minute of play it was recorded in (null outside play). */
  minute: number | null;
  at: string;
  corrections: Array<{ from: number; to: number; reason: string | null }>;
  /** Taken back, and why; null while it stands. */
  retracted: { reason: string | null } | null;
}

/**
 * The timeline's entries folded per stat: each recorded stat once, with its corrections ("corrected
 * from 1 to 2") and its retraction, newest first. `scoringOnly`: goals, points and the like.
 */
export function timelineItems(entries: readonly MatchTimelineEntry[], scoringOnly = true): TimelineItem[] {
  const items = new Map<string, TimelineItem>();
  for (const entry of [...entries].sort((a, b) => a.seq - b.seq)) {
    if (entry.kind === 'recorded') {
      items.set(entry.statId, {
        statId: entry.statId,
        side: entry.side,
        sideName: entry.sideName,
        playerName: entry.playerName,
        statType: entry.statType,
        scoring: entry.scoring,
        value: entry.value,
        minute: entry.minute,
        at: entry.at,
        corrections: [],
        retracted: null,
      });
      continue;
    }
    const item = items.get(entry.statId);
    if (!item) continue;
    if (entry.kind === 'amended') {
      item.corrections.push({ from: entry.previousValue ?? item.value, to: entry.value, reason: entry.reason });
      item.value = entry.value;
    } else {
      item.retracted = { reason: entry.reason };
    }
  }
  return [...items.values()].filter((item) => !scoringOnly || item.scoring).reverse();
}

/**
 * A stat type's name for one of it: "Goals" → "Goal", "Passes" → "Pass", "Penalties" → "Penalty";
 * a measure keeps its name ("Strokes").
 */
export function singularStatLabel(statType: string): string {
  const label = statTypeLabel(statType);
  if (statKindOf(statType) === 'measure') return label;
  if (label.endsWith('ies')) return `${label.slice(0, -3)}y`;
  if (/(ss|sh|ch|x)es$/.test(label)) return label.slice(0, -2);
  return label.endsWith('s') && !label.endsWith('ss') ? label.slice(0, -1) : label;
}

/** What a stat says in words: "Goal", "2 goals", "Time 12.5". */
export function statPhrase(statType: string, value: number): string {
  if (statKindOf(statType) === 'measure') return `${statTypeLabel(statType)} ${scoreText(value)}`;
  if (value === 1) return singularStatLabel(statType);
  return `${scoreText(value)} ${statTypeLabel(statType).toLowerCase()}`;
}

/** "34'": a minute of play. */
export const minuteText = (minute: number) => `${minute}'`;
