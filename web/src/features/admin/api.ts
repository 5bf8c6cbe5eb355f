import type { AdminConsentRow, OrgSettings, UpdateOrgSettingsInput } from '@sideline/domain';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { only, type Stale } from '../../lib/query-client.ts';
import { apiKey, apiPaths } from '../../lib/query-keys.ts';
import { matchKeys } from '../matches/match-boards.ts';
import type {
  ActivityFilters,
  ActivityPage,
  AdminMatch,
  AdminMedia,
  AdminPerson,
  AdminSeason,
  AdminStats,
  AdminTeam,
} from './types.ts';
import { adminApiPaths } from './query-keys.ts';

/** The admin portal's reads, all below `all` (/api/admin); a list's filters are a trailing object. */
export const adminKeys = {
  all: apiKey(apiPaths.admin),
  stats: apiKey(adminApiPaths.adminStats),
  seasons: apiKey(adminApiPaths.adminSeasons),
  teams: apiKey(adminApiPaths.adminTeams),
  matches: apiKey(adminApiPaths.adminMatches),
  people: (filters: PeopleFilters = {}) => [...apiKey(adminApiPaths.adminPeople), filters] as const,
  media: (filters: MediaFilters = {}) => [...apiKey(adminApiPaths.adminMedia), filters] as const,
  settings: apiKey(adminApiPaths.adminSettings),
  /** The activity feed with its filters; `activity()` is every filter's (and the types' below it). */
  activity: (filters?: Record<string, string>) => [
    ...apiKey(adminApiPaths.adminActivity),
    ...(filters ? [filters] : []),
  ],
  activityTypes: apiKey(adminApiPaths.adminActivityTypes),
  /** Every player's consents, or one team's. */
  consents: (teamId?: string) => [...apiKey(adminApiPaths.adminConsents), ...(teamId ? [{ teamId }] : [])],
};

/** Spec part 2 §9: the dashboard shows 3 upcoming matches and 5 activity lines. */
export const DASHBOARD_MATCHES = 3;
export const DASHBOARD_ACTIVITY = 5;
/** Lines per page of the Activity section. */
export const ACTIVITY_PAGE_SIZE = 50;

/**
 * After any admin change: every admin query (lists, dashboard, activity) and the organization
 * console's and app's own lists that show the same things (every organization's and season's
 * reads, the user's teams, every match's) are stale.
 */
export const adminStale: Stale[] = [
  adminKeys.all,
  apiKey(apiPaths.organizations),
  apiKey(apiPaths.seasons),
  // The user's teams (`only(teamKeys.all)`), from the same path: admin does not import teams.
  only(apiKey(apiPaths.teams)),
  matchKeys.all,
];

export function useAdminStats() {
  return useQuery({
    queryKey: adminKeys.stats,
    queryFn: () => api.get<AdminStats>(adminApiPaths.adminStats),
  });
}

export function useAdminSeasons() {
  return useQuery({
    queryKey: adminKeys.seasons,
    queryFn: () => api.get<AdminSeason[]>(adminApiPaths.adminSeasons),
  });
}

export function useAdminTeams() {
  return useQuery({
    queryKey: adminKeys.teams,
    queryFn: () => api.get<AdminTeam[]>(adminApiPaths.adminTeams),
  });
}

export function useAdminMatches() {
  return useQuery({
    queryKey: adminKeys.matches,
    queryFn: () => api.get<AdminMatch[]>(adminApiPaths.adminMatches),
  });
}

function withQuery(path: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export interface PeopleFilters {
  search?: string;
  role?: string;
}

/** GET /api/admin/people?search=&role= (search by name or email, role filter). */
export function useAdminPeople(filters: PeopleFilters = {}) {
  return useQuery({
    queryKey: adminKeys.people(filters),
    queryFn: () => api.get<AdminPerson[]>(withQuery(adminApiPaths.adminPeople, { ...filters })),
    placeholderData: (previous) => previous,
  });
}

export interface MediaFilters {
  search?: string;
  type?: string;
}

/** GET /api/admin/media?search=&type= (search by filename or team, type filter). */
export function useAdminMedia(filters: MediaFilters = {}) {
  return useQuery({
    queryKey: adminKeys.media(filters),
    queryFn: () => api.get<AdminMedia[]>(withQuery(adminApiPaths.adminMedia, { ...filters })),
    placeholderData: (previous) => previous,
  });
}

export function useAdminSettings() {
  return useQuery({
    queryKey: adminKeys.settings,
    queryFn: () => api.get<OrgSettings>(adminApiPaths.adminSettings),
  });
}

/** A mutation that refreshes everything the admin portal shows once it succeeded. */
function useAdminMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  return useMutation({ mutationFn, meta: { invalidates: adminStale } });
}

/** PATCH /api/admin/seasons/{id} {isActive} */
export function useSetSeasonActive() {
  return useAdminMutation(({ id, isActive }: { id: string; isActive: boolean }) =>
    api.patch<AdminSeason>(adminApiPaths.adminSeason(id), { isActive }),
  );
}

/** DELETE /api/admin/seasons/{id} */
export function useDeleteAdminSeason() {
  return useAdminMutation((id: string) => api.delete<void>(adminApiPaths.adminSeason(id)));
}

/** DELETE /api/admin/teams/{id} */
export function useDeleteAdminTeam() {
  return useAdminMutation((id: string) => api.delete<void>(adminApiPaths.adminTeam(id)));
}

/** DELETE /api/admin/matches/{id}: Cancel Match (the match stays in history as cancelled). */
export function useCancelAdminMatch() {
  return useAdminMutation((id: string) => api.delete<void>(adminApiPaths.adminMatch(id)));
}

/** PATCH /api/admin/people/{id} {role} or {isActive}. */
export function useUpdateAdminPerson() {
  return useAdminMutation(({ id, ...patch }: { id: string; role?: string; isActive?: boolean }) =>
    api.patch<AdminPerson>(adminApiPaths.adminPerson(id), patch),
  );
}

/** DELETE /api/admin/people/{id}: deactivates the person in this club (its teams' access ends, nothing they wrote lost). */
export function useDeactivatePerson() {
  return useAdminMutation((id: string) => api.delete<void>(adminApiPaths.adminPerson(id)));
}

/** DELETE /api/admin/media/{id} */
export function useDeleteAdminMedia() {
  return useAdminMutation((id: string) => api.delete<void>(adminApiPaths.adminMediaItem(id)));
}

/** PATCH /api/admin/settings (any subset) → all settings. */
export function useUpdateAdminSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateOrgSettingsInput) => api.patch<OrgSettings>(adminApiPaths.adminSettings, input),
    meta: { invalidates: adminStale },
    onSuccess: (settings) => {
      queryClient.setQueryData(adminKeys.settings, settings);
    },
  });
}

/** The filters as query parameters (empty ones left out), in a stable order. */
export function activityParams(filters: ActivityFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (filters.userId) out.userId = filters.userId;
  if (filters.teamId) out.teamId = filters.teamId;
  if (filters.type) out.type = filters.type;
  // Dates are whole days in the admin's zone: from the start of `from` to the start of the day
  // after `to` (the server's `to` is exclusive).
  if (filters.from) out.from = new Date(`${filters.from}T00:00:00`).toISOString();
  if (filters.to) {
    const end = new Date(`${filters.to}T00:00:00`);
    end.setDate(end.getDate() + 1);
    out.to = end.toISOString();
  }
  return out;
}

/** GET /api/admin/activity?…&cursor=: newest first, one page at a time. */
export function activityQueryOptions(filters: ActivityFilters, limit = ACTIVITY_PAGE_SIZE) {
  const params = activityParams(filters);
  return infiniteQueryOptions({
    queryKey: adminKeys.activity({ ...params, limit: String(limit) }),
    queryFn: ({ pageParam, signal }) =>
      api.get<ActivityPage>(
        withQuery(adminApiPaths.adminActivity, { ...params, limit: String(limit), cursor: pageParam }),
        {
          signal,
        },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useActivity(filters: ActivityFilters) {
  return useInfiniteQuery({ ...activityQueryOptions(filters), placeholderData: (previous) => previous });
}

/** GET /api/admin/activity/types: the event types the audit can filter on. */
export function useActivityTypes() {
  return useQuery({
    queryKey: adminKeys.activityTypes,
    queryFn: () => api.get<string[]>(adminApiPaths.adminActivityTypes),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The export link of the same selection: ?format=csv or ?format=ndjson. */
export function activityExportUrl(filters: ActivityFilters, format: 'csv' | 'ndjson'): string {
  return withQuery(adminApiPaths.adminActivity, { ...activityParams(filters), format });
}

/** GET /api/admin/consents?teamId=: per team and player, each consent's state and when it last changed. */
export function useAdminConsents(teamId?: string) {
  return useQuery({
    queryKey: adminKeys.consents(teamId),
    queryFn: () => api.get<AdminConsentRow[]>(withQuery(adminApiPaths.adminConsents, { teamId })),
  });
}

/** The same rows as CSV (format=csv), for the same team filter. */
export function consentsExportUrl(teamId?: string): string {
  return withQuery(adminApiPaths.adminConsents, { teamId, format: 'csv' });
}
