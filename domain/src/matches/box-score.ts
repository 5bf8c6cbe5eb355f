import { sportById } from '../sports/catalogue.ts';
import type { MatchState } from './decider.ts';
import type { BoxScore } from './schemas.ts';
import { fromHundredths, toHundredths } from './scoring.ts';

/**
 * The box score of a folded match: per team, each player in the lineup with the sum of their
 * surviving stats per type. Used for `?at=` answers, where the state is the stream folded up to
 * that moment, so a later correction never changes an earlier answer.
 */
export function boxScoreOf(state: MatchState, teamNames: ReadonlyMap<string, string>, at: string | null): BoxScore {
  const match = state.match;
  if (!match) throw new Error('boxScoreOf needs a scheduled match');
  const sums = new Map<string, Map<string, number>>();
  for (const s of state.stats.values()) {
    const byType = sums.get(s.participantId) ?? new Map<string, number>();
    byType.set(s.statType, (byType.get(s.statType) ?? 0) + toHundredths(s.value));
    sums.set(s.participantId, byType);
  }
  const sport = sportById(match.sportId);
  const [scoreA, scoreB] = state.scoreHundredths.map(fromHundredths) as [number, number];
  const teams = match.teamIds.map((teamId, i) => ({
    teamId,
    name: teamNames.get(teamId) ?? 'Unknown team',
    score: i === 0 ? scoreA : scoreB,
    players: [...state.participants.values()]
      .filter((p) => p.teamId === teamId)
      .map((p) => ({
        participantId: p.participantId,
        name: p.name,
        stats: Object.fromEntries(
          sport.statTypes.flatMap((type) => {
            const h = sums.get(p.participantId)?.get(type);
            return h === undefined ? [] : [[type, fromHundredths(h)]];
          }),
        ),
      })),
  }));
  return { matchId: match.matchId, at, scoreA, scoreB, teams };
}
