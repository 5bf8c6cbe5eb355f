import { sportById } from '../sports/catalogue.ts';
import type { MatchState } from './decider.ts';
import type { BoxScore } from './schemas.ts';
import { fromHundredths, toHundredths } from './scoring.ts';
import type { MatchSide } from './sides.ts';

/**
 * The box score of a folded match: per side, the side's totals per stat type and each player in
 * the lineup with the sum of their surviving stats per type (the opponent outside Sideline has
 * totals and no players). Used for `?at=` answers, where the state is the stream folded up to that
 * moment, so a later correction never changes an earlier answer.
 */
export function boxScoreOf(state: MatchState, teamNames: ReadonlyMap<string, string>, at: string | null): BoxScore {
  const match = state.match;
  if (!match) throw new Error('boxScoreOf needs a scheduled match');
  const sums = new Map<string, Map<string, number>>();
  const add = (key: string, statType: string, hundredths: number) => {
    const byType = sums.get(key) ?? new Map<string, number>();
    byType.set(statType, (byType.get(statType) ?? 0) + hundredths);
    sums.set(key, byType);
  };
  for (const s of state.stats.values()) {
    if (s.participantId !== null) add(`p:${s.participantId}`, s.statType, toHundredths(s.value));
    add(`side:${s.side}`, s.statType, toHundredths(s.value));
  }
  const sport = sportById(match.sportId);
  const statsOf = (key: string) =>
    Object.fromEntries(
      sport.statTypes.flatMap((type) => {
        const h = sums.get(key)?.get(type);
        return h === undefined ? [] : [[type, fromHundredths(h)]];
      }),
    );
  const [scoreA, scoreB] = state.scoreHundredths.map(fromHundredths) as [number, number];
  const [teamAId, teamBId = null] = match.teamIds;
  const sides: Array<{ side: MatchSide; teamId: string | null; name: string; score: number }> = [
    { side: 'teamA', teamId: teamAId, name: teamNames.get(teamAId) ?? 'Unknown team', score: scoreA },
    teamBId === null
      ? { side: 'opponent', teamId: null, name: match.opponentName ?? 'Opponent', score: scoreB }
      : { side: 'teamB', teamId: teamBId, name: teamNames.get(teamBId) ?? 'Unknown team', score: scoreB },
  ];
  const teams = sides.map(({ side, teamId, name, score }) => ({
    teamId,
    side,
    name,
    score,
    totals: statsOf(`side:${side}`),
    players: [...state.participants.values()]
      .filter((p) => p.teamId === teamId)
      .map((p) => ({ participantId: p.participantId, name: p.name, stats: statsOf(`p:${p.participantId}`) })),
  }));
  return { matchId: match.matchId, at, scoreA, scoreB, teams };
}
