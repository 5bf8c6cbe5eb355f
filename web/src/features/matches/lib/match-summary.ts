import type { LiveMatchSummary, Match, MatchSide } from '@sideline/domain';

/**
 * What a match card shows, whichever read it came from: a full match (the boards, the match
 * lists) or an admin's "Live now" entry.
 */
export interface MatchSummary {
  id: string;
  status: Match['status'];
  /** Full names: team A, then team B or the opponent outside Sideline. */
  teamA: string;
  teamB: string;
  scoreA: number;
  scoreB: number;
  startTime: string;
  startedAt: string | null;
  minute: number | null;
  location: string | null;
  sport: string;
  winnerSide: MatchSide | null;
}

export const summaryOfMatch = (match: Match): MatchSummary => ({
  id: match.id,
  status: match.status,
  teamA: match.teamA.name,
  teamB: match.teamB.name,
  scoreA: match.scoreA,
  scoreB: match.scoreB,
  startTime: match.startTime,
  startedAt: match.startedAt,
  minute: match.minute,
  location: match.location,
  sport: match.sportName,
  winnerSide: match.winnerSide,
});

export const summaryOfLiveMatch = (match: LiveMatchSummary): MatchSummary => ({
  ...match,
  status: 'in_progress',
  winnerSide: null,
});
