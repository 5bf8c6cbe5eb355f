import type { AddPlayerInput, Player, PlayerAddedResponse, UpdatePlayerInput } from '@sideline/domain';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { apiPaths, queryKeys } from '../../lib/query-keys.ts';

/** GET /api/teams/{teamId}/players — the roster with guardians and parent-link status. */
export function teamPlayersQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: queryKeys.teamPlayers(teamId),
    queryFn: () => api.get<Player[]>(apiPaths.teamPlayers(teamId)),
  });
}

export function useTeamPlayers(teamId: string) {
  return useQuery(teamPlayersQueryOptions(teamId));
}

/** A roster change: the players, the invitations (a parent's) and the members (an acceptance) may have moved. */
export function invalidateRoster(queryClient: QueryClient, teamId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.teamPlayers(teamId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.teamInvitations(teamId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.teamMembers(teamId) }),
  ]);
}

/** POST /api/teams/{teamId}/players (managers) → the player, and the parent's invitation with its link. */
export function useAddPlayer(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddPlayerInput) => api.post<PlayerAddedResponse>(apiPaths.teamPlayers(teamId), input),
    onSuccess: () => invalidateRoster(queryClient, teamId),
  });
}

/** PATCH /api/teams/{teamId}/players/{playerId} {adult} (managers): an adult answers their own consents. */
export function useSetPlayerAdult(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ playerId, ...input }: UpdatePlayerInput & { playerId: string }) =>
      api.patch<Player>(apiPaths.teamPlayer(teamId, playerId), input),
    onSettled: () => invalidateRoster(queryClient, teamId),
  });
}
