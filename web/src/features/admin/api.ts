import type { OrgSettings, UpdateOrgSettingsInput } from '@sideline/domain';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { isAdminQueryKey } from '../../lib/admin-query-key.ts';
import { apiPaths } from '../../lib/query-keys.ts';
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
import { adminApiPaths, adminQueryKeys } from './query-keys.ts';

/** Spec part 2 §9: the dashboard shows 3 upcoming matches and 5 activity lines. */
export const DASHBOARD_MATCHES = 3;
export const DASHBOARD_ACTIVITY = 5;
/** Lines per page of the Activity section. */
export const ACTIVITY_PAGE_SIZE = 50;

/**
 * After any admin change: every admin query (lists, dashboard, activity) and the organization
 * console's and app's own lists that show the same things are stale.
 */
export function invalidateAdmin(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      isAdminQueryKey(queryKey) ||
      (typeof queryKey[0] === 'string' &&
        (queryKey[0].startsWith('/api/organizations') ||
          queryKey[0].startsWith('/api/seasons') ||
          queryKey[0] === apiPaths.teams ||
          queryKey[0].startsWith(adminApiPaths.matches))),
  });
}

export function useAdminStats() {
  return useQuery({
    queryKey: adminQueryKeys.adminStats,
    queryFn: () => api.get<AdminStats>(adminApiPaths.adminStats),
  });
}

export function useAdminSeasons() {
  return useQuery({
    queryKey: adminQueryKeys.adminSeasons,
    queryFn: () => api.get<AdminSeason[]>(adminApiPaths.adminSeasons),
  });
}

export function useAdminTeams() {
  return useQuery({
    queryKey: adminQueryKeys.adminTeams,
    queryFn: () => api.get<AdminTeam[]>(adminApiPaths.adminTeams),
  });
}

export function useAdminMatches() {
  return useQuery({
    queryKey: adminQueryKeys.adminMatches,
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
    queryKey: adminQueryKeys.adminPeople(filters),
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
    queryKey: adminQueryKeys.adminMedia(filters),
    queryFn: () => api.get<AdminMedia[]>(withQuery(adminApiPaths.adminMedia, { ...filters })),
    placeholderData: (previous) => previous,
  });
}

export function useAdminSettings() {
  return useQuery({
    queryKey: adminQueryKeys.adminSettings,
    queryFn: () => api.get<OrgSettings>(adminApiPaths.adminSettings),
  });
}

/** A mutation that refreshes everything the admin portal shows once it succeeded. */
function useAdminMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateAdmin(queryClient) });
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
    onSuccess: (settings) => {
      queryClient.setQueryData(adminQueryKeys.adminSettings, settings);
      return invalidateAdmin(queryClient);
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
    queryKey: adminQueryKeys.adminActivity({ ...params, limit: String(limit) }),
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
    queryKey: adminQueryKeys.adminActivityTypes,
    queryFn: () => api.get<string[]>(adminApiPaths.adminActivityTypes),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The export link of the same selection: ?format=csv or ?format=ndjson. */
export function activityExportUrl(filters: ActivityFilters, format: 'csv' | 'ndjson'): string {
  return withQuery(adminApiPaths.adminActivity, { ...activityParams(filters), format });
}
