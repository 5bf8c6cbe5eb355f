import type { AddPlayerInput, Player, PlayerAddedResponse, UpdatePlayerInput } from '@sideline/domain';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { apiKey, apiPaths } from '../../lib/query-keys.ts';

/** A team's roster: its players and the invitations to it (the invitations feature's reads). */
export const playerKeys = {
  all: (teamId: string) => apiKey(apiPaths.teamPlayers(teamId)),
  invitations: (teamId: string) => apiKey(apiPaths.teamInvitations(teamId)),
};

/** GET /api/teams/{teamId}/players — the roster with guardians and parent-link status. */
export function teamPlayersQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: playerKeys.all(teamId),
    queryFn: () => api.get<Player[]>(apiPaths.teamPlayers(teamId)),
  });
}

export function useTeamPlayers(teamId: string) {
  return useQuery(teamPlayersQueryOptions(teamId));
}

/** A roster change: the players, the invitations (a parent's) and the members (an acceptance) may have moved. */
export const rosterStale = (teamId: string) => [
  playerKeys.all(teamId),
  playerKeys.invitations(teamId),
  // `teamKeys.members`, from the same path: players does not import teams.
  apiKey(apiPaths.teamMembers(teamId)),
];

/** POST /api/teams/{teamId}/players (managers) → the player, and the parent's invitation with its link. */
export function useAddPlayer(teamId: string) {
  return useMutation({
    mutationFn: (input: AddPlayerInput) => api.post<PlayerAddedResponse>(apiPaths.teamPlayers(teamId), input),
    meta: { invalidates: rosterStale(teamId) },
  });
}

/** PATCH /api/teams/{teamId}/players/{playerId} {adult} (managers): an adult answers their own consents. */
export function useSetPlayerAdult(teamId: string) {
  return useMutation({
    mutationFn: ({ playerId, ...input }: UpdatePlayerInput & { playerId: string }) =>
      api.patch<Player>(apiPaths.teamPlayer(teamId, playerId), input),
    meta: { invalidates: rosterStale(teamId), invalidatesOnError: true },
  });
}
