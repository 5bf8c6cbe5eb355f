import type { MatchBoard } from '@sideline/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { only, type Stale } from '../../lib/query-client.ts';
import { apiKey, apiPaths } from '../../lib/query-keys.ts';

/*
 * The match boards, apart from the rest of the matches' API: the router starts the caller's for
 * Home, so this module is part of every screen's first download, and the scorer's and the match
 * page's hooks need not be. The matches' key factory is here for the same reason.
 */

/**
 * The matches' reads. `all` is the match list and, below it, every match's reads;
 * `detail(matchId)` is one match and everything read of it (`part(matchId, 'stats')`, …).
 */
export const matchKeys = {
  all: apiKey(apiPaths.matches),
  detail: (matchId: string) => apiKey(apiPaths.match(matchId)),
  part: (matchId: string, part: string) => apiKey(apiPaths.match(matchId, part)),
  mine: apiKey(apiPaths.myMatches),
  team: (teamId: string) => apiKey(apiPaths.teamMatches(teamId)),
};

/** A match changed: the list (counters, scores) and everything read of that match. */
export const matchStale = (matchId: string): Stale[] => [only(matchKeys.all), matchKeys.detail(matchId)];

/** GET /api/me/matches — live, upcoming and recent matches of the caller's teams (Home, Games). */
export const myMatchesQueryOptions = queryOptions({
  queryKey: matchKeys.mine,
  queryFn: () => api.get<MatchBoard>(apiPaths.myMatches),
});

/** GET /api/teams/{teamId}/matches — one team's live and next matches and its recent results. */
export function teamMatchesQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: matchKeys.team(teamId),
    queryFn: () => api.get<MatchBoard>(apiPaths.teamMatches(teamId)),
  });
}

export function useTeamMatches(teamId: string) {
  return useQuery(teamMatchesQueryOptions(teamId));
}
