import type { SportDefinition } from '../sports/catalogue.ts';

/**
 * The two sides of a match: team A (always a Sideline team) against team B (another Sideline
 * team) or an opponent that is not on Sideline, known only by name. `scoreA` is team A's score,
 * `scoreB` the other side's, whichever it is.
 */
export const matchSides = ['teamA', 'teamB', 'opponent'] as const;
export type MatchSide = (typeof matchSides)[number];

/** An opponent outside Sideline is named in 1–80 characters. */
export const OPPONENT_NAME_MAX = 80;

/**
 * The teams of a match, team A first: both teams, or team A alone when the other side is an
 * opponent outside Sideline.
 */
export type MatchTeamIds = [string, string] | [string];

/** The side a team plays on in a match (team B's otherwise). */
export const sideOfTeam = (teamIds: readonly string[], teamId: string): MatchSide =>
  teamId === teamIds[0] ? 'teamA' : 'teamB';

/** Index into `[scoreA, scoreB]`: team A is 0, team B or the opponent 1. */
export const scoreIndexOf = (side: MatchSide): 0 | 1 => (side === 'teamA' ? 0 : 1);

/**
 * The side of a stat event. Stat events written before opponents existed carry no `side`: they
 * are about a player, whose `teamId` is one of the match's `teamIds`.
 */
export function statSideOf(data: { side?: MatchSide | undefined; teamId: string | null; teamIds: readonly string[] }) {
  if (data.side) return data.side;
  return data.teamId === null ? 'opponent' : sideOfTeam(data.teamIds, data.teamId);
}

/** A stat event's data with its side, for events written before the side was recorded. */
export function withStatSide<
  D extends { side?: MatchSide | undefined; teamId: string | null; teamIds: readonly string[] },
>(data: D): D & { side: MatchSide } {
  return data.side ? (data as D & { side: MatchSide }) : { ...data, side: statSideOf(data) };
}

/**
 * The winning side of a result: the higher score, or the lower for golf (where a side with no
 * strokes recorded has not played, so nobody wins); null on a tie. `againstOpponent`: the other
 * side is an opponent outside Sideline.
 */
export function winningSide(
  sport: SportDefinition,
  scoreA: number,
  scoreB: number,
  againstOpponent: boolean,
): MatchSide | null {
  if (scoreA === scoreB) return null;
  let aWins: boolean;
  if (sport.scoring.lowerWins) {
    if (scoreA === 0 || scoreB === 0) return null;
    aWins = scoreA < scoreB;
  } else {
    aWins = scoreA > scoreB;
  }
  if (aWins) return 'teamA';
  return againstOpponent ? 'opponent' : 'teamB';
}

/**
 * The winning side of a MatchCompleted or MatchResultRevised. Those written before opponents
 * existed carry only `winnerId`, one of the two teams (null on a tie).
 */
export function resultWinnerSide(data: {
  winnerSide?: MatchSide | null | undefined;
  winnerId: string | null;
  teamIds: readonly string[];
}): MatchSide | null {
  if (data.winnerSide !== undefined) return data.winnerSide;
  return data.winnerId === null ? null : sideOfTeam(data.teamIds, data.winnerId);
}
