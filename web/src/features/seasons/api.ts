import type { CreateSeasonTeamInput, OrgTeam, Season, SeasonInput } from '@sideline/domain';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { isAdminQueryKey } from '../../lib/admin-query-key.ts';
import { apiPaths, queryKeys } from '../../lib/query-keys.ts';

/** GET /api/organizations/{orgId}/seasons — latest start first. */
export function orgSeasonsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: queryKeys.organizationSeasons(orgId),
    queryFn: () => api.get<Season[]>(apiPaths.organizationSeasons(orgId)),
  });
}

export function useOrgSeasons(orgId: string | null) {
  return useQuery({ ...orgSeasonsQueryOptions(orgId ?? ''), enabled: Boolean(orgId) });
}

/** GET /api/seasons/{seasonId} (404 for a season of another organization). */
export function useSeason(seasonId: string) {
  return useQuery({
    queryKey: queryKeys.season(seasonId),
    queryFn: () => api.get<Season>(apiPaths.season(seasonId)),
  });
}

export function useSeasonTeams(seasonId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.seasonTeams(seasonId),
    queryFn: () => api.get<OrgTeam[]>(apiPaths.seasonTeams(seasonId)),
    enabled: options.enabled ?? true,
  });
}

/** Everything a season change shows up in: the lists, the season itself, the console. */
function invalidateSeasons(queryClient: QueryClient, orgId: string, seasonId?: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.organizationSeasons(orgId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.seasons }),
    queryClient.invalidateQueries({ queryKey: queryKeys.organizationActivity(orgId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.organizationTeams(orgId) }),
    // The admin portal's lists, dashboard and activity show seasons too.
    queryClient.invalidateQueries({ predicate: ({ queryKey }) => isAdminQueryKey(queryKey) }),
    ...(seasonId
      ? [
          queryClient.invalidateQueries({ queryKey: queryKeys.season(seasonId) }),
          queryClient.invalidateQueries({ queryKey: queryKeys.seasonTeams(seasonId) }),
        ]
      : []),
  ]);
}

/** POST /api/organizations/{orgId}/seasons (admins) → the season. */
export function useCreateSeason(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SeasonInput) => api.post<Season>(apiPaths.organizationSeasons(orgId), input),
    onSuccess: () => invalidateSeasons(queryClient, orgId),
  });
}

/** PUT /api/seasons/{seasonId} (admins) → the season. */
export function useUpdateSeason(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ seasonId, ...input }: SeasonInput & { seasonId: string }) =>
      api.put<Season>(apiPaths.season(seasonId), input),
    onSuccess: (season) => invalidateSeasons(queryClient, orgId, season.id),
  });
}

/** DELETE /api/seasons/{seasonId} (admins; a season with teams answers 409). */
export function useDeleteSeason(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seasonId: string) => api.delete<void>(apiPaths.season(seasonId)),
    onSuccess: (_, seasonId) => {
      queryClient.removeQueries({ queryKey: queryKeys.season(seasonId) });
      return invalidateSeasons(queryClient, orgId);
    },
  });
}

/** POST /api/seasons/{seasonId}/teams {name, code, ageGroup, coachId} (admins) → the team. */
export function useCreateSeasonTeam(orgId: string, seasonId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSeasonTeamInput) => api.post<OrgTeam>(apiPaths.seasonTeams(seasonId), input),
    onSuccess: () =>
      Promise.all([
        invalidateSeasons(queryClient, orgId, seasonId),
        queryClient.invalidateQueries({ queryKey: queryKeys.organizationStats(orgId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.organizationMembers(orgId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.teams }),
      ]),
  });
}
