import type { CreateSeasonTeamInput, OrgTeam, Season, SeasonInput } from '@sideline/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { only, type Stale } from '../../lib/query-client.ts';
import { apiKey, apiPaths } from '../../lib/query-keys.ts';
import { orgKeys } from '../orgs/api.ts';
import { teamKeys } from '../teams/api.ts';

/**
 * The seasons' reads. `all` is the seasons of the user's organizations and, below it, each
 * season's reads; `ofOrg(orgId)` is an organization's list, under the organization's reads.
 */
export const seasonKeys = {
  all: apiKey(apiPaths.seasons),
  detail: (seasonId: string) => apiKey(apiPaths.season(seasonId)),
  teams: (seasonId: string) => apiKey(apiPaths.seasonTeams(seasonId)),
  ofOrg: (orgId: string) => apiKey(apiPaths.organizationSeasons(orgId)),
};

/** GET /api/organizations/{orgId}/seasons — latest start first. */
export function orgSeasonsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: seasonKeys.ofOrg(orgId),
    queryFn: () => api.get<Season[]>(apiPaths.organizationSeasons(orgId)),
  });
}

export function useOrgSeasons(orgId: string | null) {
  return useQuery({ ...orgSeasonsQueryOptions(orgId ?? ''), enabled: Boolean(orgId) });
}

/** GET /api/seasons/{seasonId} (404 for a season of another organization). */
export function useSeason(seasonId: string) {
  return useQuery({
    queryKey: seasonKeys.detail(seasonId),
    queryFn: () => api.get<Season>(apiPaths.season(seasonId)),
  });
}

export function useSeasonTeams(seasonId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: seasonKeys.teams(seasonId),
    queryFn: () => api.get<OrgTeam[]>(apiPaths.seasonTeams(seasonId)),
    enabled: options.enabled ?? true,
  });
}

/** Everything a season change shows up in: the lists, the season itself (and its teams), the console, the admin portal. */
function seasonsStale(orgId: string, seasonId?: string): Stale[] {
  return [
    seasonKeys.ofOrg(orgId),
    only(seasonKeys.all),
    orgKeys.activity(orgId),
    orgKeys.teams(orgId),
    // The admin portal's lists, dashboard and activity (`adminKeys.all`, from the same path).
    apiKey(apiPaths.admin),
    ...(seasonId ? [seasonKeys.detail(seasonId)] : []),
  ];
}

/** POST /api/organizations/{orgId}/seasons (admins) → the season. */
export function useCreateSeason(orgId: string) {
  return useMutation({
    mutationFn: (input: SeasonInput) => api.post<Season>(apiPaths.organizationSeasons(orgId), input),
    meta: { invalidates: seasonsStale(orgId) },
  });
}

/** PUT /api/seasons/{seasonId} (admins) → the season. */
export function useUpdateSeason(orgId: string) {
  return useMutation({
    mutationFn: ({ seasonId, ...input }: SeasonInput & { seasonId: string }) =>
      api.put<Season>(apiPaths.season(seasonId), input),
    meta: { invalidates: (season: Season) => seasonsStale(orgId, season.id) },
  });
}

/** DELETE /api/seasons/{seasonId} (admins; a season with teams answers 409). */
export function useDeleteSeason(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seasonId: string) => api.delete<void>(apiPaths.season(seasonId)),
    meta: { invalidates: seasonsStale(orgId) },
    onSuccess: (_, seasonId) => {
      queryClient.removeQueries({ queryKey: seasonKeys.detail(seasonId) });
    },
  });
}

/** POST /api/seasons/{seasonId}/teams {name, code, ageGroup, coachId} (admins) → the team. */
export function useCreateSeasonTeam(orgId: string, seasonId: string) {
  return useMutation({
    mutationFn: (input: CreateSeasonTeamInput) => api.post<OrgTeam>(apiPaths.seasonTeams(seasonId), input),
    meta: {
      invalidates: [...seasonsStale(orgId, seasonId), orgKeys.stats(orgId), orgKeys.members(orgId), only(teamKeys.all)],
    },
  });
}
