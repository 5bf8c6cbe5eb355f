import type { MatchBoard } from '@sideline/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { apiPaths, queryKeys } from '../../lib/query-keys.ts';

/*
 * The match boards, apart from the rest of the matches' API: the router starts the caller's for
 * Home, so this module is part of every screen's first download, and the scorer's and the match
 * page's hooks need not be.
 */

/** GET /api/me/matches — live, upcoming and recent matches of the caller's teams (Home, Games). */
export const myMatchesQueryOptions = queryOptions({
  queryKey: queryKeys.myMatches,
  queryFn: () => api.get<MatchBoard>(apiPaths.myMatches),
});

/** GET /api/teams/{teamId}/matches — one team's live and next matches and its recent results. */
export function teamMatchesQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: queryKeys.teamMatches(teamId),
    queryFn: () => api.get<MatchBoard>(apiPaths.teamMatches(teamId)),
  });
}

export function useTeamMatches(teamId: string) {
  return useQuery(teamMatchesQueryOptions(teamId));
}
