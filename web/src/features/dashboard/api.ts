import type { Message } from '@sideline/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { apiPaths, queryKeys } from '../../lib/query-keys.ts';

/**
 * GET /api/teams/{teamId}/messages — the latest page of a team's messages, oldest → newest.
 * The key is the path (spec §7), shared with the chat screen and invalidated on `new_message`;
 * the cached value is the plain `Message[]` the endpoint returns.
 */
export function teamMessagesQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: queryKeys.teamMessages(teamId),
    queryFn: () => api.get<Message[]>(apiPaths.teamMessages(teamId)),
  });
}

export function useTeamMessages(teamId: string) {
  return useQuery(teamMessagesQueryOptions(teamId));
}
