import type { Kysely } from 'kysely';
import type { ReadModels } from '@sideline/projections';
import { scoreContribution, sportById, type SportDefinition } from '@sideline/domain';
import { boxScore, type MatchRow } from '@sideline/projections';
import type { MatchFacts } from './recap-template.ts';

/** Measurements read as "time 12.5", not as a count. */
const MEASURES = new Set(['time', 'distance', 'height', 'performance']);
const SINGULAR: Readonly<Record<string, string>> = {
  passes: 'pass',
  penalties: 'penalty',
  rbis: 'RBI',
  fairways_hit: 'fairway hit',
  greens_in_regulation: 'green in regulation',
};

const number = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, ''));

function phrase(statType: string, value: number): string {
  const words = statType.replaceAll('_', ' ');
  if (MEASURES.has(statType)) return `${words} ${number(value)}`;
  if (value !== 1) return `${number(value)} ${statType === 'rbis' ? 'RBIs' : words}`;
  return `1 ${SINGULAR[statType] ?? words.replace(/s$/, '')}`;
}

/** "2 goals, 1 assist": a player's stats in the sport's order, leaving out zeros. */
function summary(sport: SportDefinition, stats: Record<string, number>): string {
  return sport.statTypes
    .filter((t) => (stats[t] ?? 0) > 0)
    .map((t) => phrase(t, stats[t]!))
    .join(', ');
}

const TOP = 3;

/**
 * What a recap says about a match, from its read models (the stats that stand after every
 * correction, so a recap asked for after a correction tells the corrected story): the score,
 * the result, the player who scored most (then who recorded most) and the other notable lines.
 */
export async function matchFacts(db: Kysely<ReadModels>, match: MatchRow): Promise<MatchFacts> {
  const sport = sportById(match.sportId);
  const box = await boxScore(db, match);
  const players = box.teams
    .flatMap((team) => team.players.map((p) => ({ ...p, team: team.name })))
    .map((p) => ({
      ...p,
      scored: Object.entries(p.stats).reduce((sum, [type, value]) => sum + scoreContribution(sport, type, value), 0),
      recorded: Object.values(p.stats).reduce((sum, value) => sum + value, 0),
      line: summary(sport, p.stats),
    }))
    .filter((p) => p.line.length > 0)
    .sort((a, b) => b.scored - a.scored || b.recorded - a.recorded || a.name.localeCompare(b.name));
  const [top, ...rest] = players;
  const winner = match.winnerSide === null ? null : match.winnerSide === 'teamA' ? match.teamA : match.teamB;
  const result = match.status !== 'complete' ? null : winner ? `${winner.name} won.` : 'A draw.';
  return {
    title: `${match.teamA.name} vs ${match.teamB.name}`,
    finalScore: `${match.scoreA} – ${match.scoreB}`,
    inProgress: match.status !== 'complete',
    result,
    topPerformer: top ? { name: top.name, summary: top.line } : null,
    moments: rest.slice(0, TOP - 1).map((p) => `${p.name} (${p.team}): ${p.line}`),
  };
}
