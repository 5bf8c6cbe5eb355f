import type { MatchBoard } from '@sideline/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { apiPaths, queryKeys } from '../../lib/query-keys.ts';

/**
 * GET /api/me/matches — live, upcoming and recent matches of the caller's teams (Home, Games).
 * Apart from the rest of the matches' API: the router starts it for Home, so it is part of every
 * screen's first download, and the scorer's and the match page's hooks need not be.
 */
export const myMatchesQueryOptions = queryOptions({
  queryKey: queryKeys.myMatches,
  queryFn: () => api.get<MatchBoard>(apiPaths.myMatches),
});
