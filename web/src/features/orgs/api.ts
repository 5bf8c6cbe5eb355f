import type {
  CreateOrganizationInput,
  CreateOrgTeamInput,
  Organization,
  OrgActivity,
  OrgMember,
  OrgSettings,
  OrgStats,
  OrgTeam,
  UpdateOrgSettingsInput,
  UpdateTeamInput,
} from '@sideline/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { isAdminQueryKey } from '../../lib/admin-query-key.ts';
import { apiPaths, queryKeys } from '../../lib/query-keys.ts';

/** Recent Activity lines on the Overview. */
export const ACTIVITY_LIMIT = 8;

/** GET /api/organizations — the caller's organizations, the ones they administer first. */
export const organizationsQueryOptions = queryOptions({
  queryKey: queryKeys.organizations,
  queryFn: () => api.get<Organization[]>(apiPaths.organizations),
});

export function useOrganizations(options: { enabled?: boolean } = {}) {
  return useQuery({ ...organizationsQueryOptions, enabled: options.enabled ?? true });
}

/** Spec part 2 §6: the console uses the first organization the user administers. */
export function firstAdminOrganization(organizations: readonly Organization[] | undefined): Organization | null {
  return organizations?.find((o) => o.myRole === 'org_admin') ?? null;
}

export function useOrgStats(orgId: string) {
  return useQuery({
    queryKey: queryKeys.organizationStats(orgId),
    queryFn: () => api.get<OrgStats>(apiPaths.organizationStats(orgId)),
  });
}

/** Spec §7: the org's teams are always refetched when the console shows them. */
export function useOrgTeams(orgId: string) {
  return useQuery({
    queryKey: queryKeys.organizationTeams(orgId),
    queryFn: () => api.get<OrgTeam[]>(apiPaths.organizationTeams(orgId)),
    refetchOnMount: 'always',
  });
}

export function useOrgMembers(orgId: string) {
  return useQuery({
    queryKey: queryKeys.organizationMembers(orgId),
    queryFn: () => api.get<OrgMember[]>(apiPaths.organizationMembers(orgId)),
  });
}

export function useOrgActivity(orgId: string) {
  return useQuery({
    queryKey: queryKeys.organizationActivity(orgId),
    queryFn: () => api.get<OrgActivity[]>(`${apiPaths.organizationActivity(orgId)}?limit=${ACTIVITY_LIMIT}`),
  });
}

export function useOrgSettings(orgId: string) {
  return useQuery({
    queryKey: queryKeys.organizationSettings(orgId),
    queryFn: () => api.get<OrgSettings>(apiPaths.organizationSettings(orgId)),
  });
}

/** POST /api/organizations → the new organization; the creator's role (GET /api/user) changes with it. */
export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateOrganizationInput) => api.post<Organization>(apiPaths.organizations, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.organizations }),
        queryClient.invalidateQueries({ queryKey: queryKeys.user }),
      ]),
  });
}

/** What changes when an organization's teams change: its lists, numbers and activity. */
function invalidateOrg(queryClient: ReturnType<typeof useQueryClient>, orgId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.organizationTeams(orgId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.organizationStats(orgId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.organizationMembers(orgId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.organizationActivity(orgId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.organizationSeasons(orgId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.seasons }),
    queryClient.invalidateQueries({ queryKey: queryKeys.teams }),
    // The admin portal's lists, dashboard and activity show the same teams.
    queryClient.invalidateQueries({ predicate: ({ queryKey }) => isAdminQueryKey(queryKey) }),
  ]);
}

/** POST /api/organizations/{id}/teams {seasonId, name, ageGroup?} (admins) → the team. */
export function useCreateOrgTeam(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateOrgTeamInput) => api.post<OrgTeam>(apiPaths.organizationTeams(orgId), input),
    onSuccess: () => invalidateOrg(queryClient, orgId),
  });
}

/** PUT /api/teams/{teamId} {name, sport, ageGroup} → the team. */
export function useUpdateTeam(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, ...input }: UpdateTeamInput & { teamId: string }) =>
      api.put<OrgTeam>(apiPaths.team(teamId), input),
    onSuccess: (team) =>
      Promise.all([
        invalidateOrg(queryClient, orgId),
        queryClient.invalidateQueries({ queryKey: queryKeys.team(team.id) }),
      ]),
  });
}

/** PATCH /api/organizations/{id}/settings (any subset) → all settings. */
export function useUpdateOrgSettings(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateOrgSettingsInput) => api.patch<OrgSettings>(apiPaths.organizationSettings(orgId), input),
    onSuccess: (settings) => {
      queryClient.setQueryData(queryKeys.organizationSettings(orgId), settings);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.organizations }),
        queryClient.invalidateQueries({ queryKey: queryKeys.organizationActivity(orgId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.organizationStats(orgId) }),
      ]);
    },
  });
}

export type InviteType = 'coach' | 'player';
export interface InviteMemberInput {
  inviteType: InviteType;
  name: string;
  email: string;
}
/** What POST /api/teams/{teamId}/invite answers (201): the link, shown once. */
export interface InvitationCreated {
  invitation: { url: string; expiresAt: string };
}

/** POST /api/teams/{teamId}/invite {inviteType, name, email} → the invitation link. */
export function useInviteMember(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, ...input }: InviteMemberInput & { teamId: string }) =>
      api.post<InvitationCreated>(apiPaths.teamInvite(teamId), input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.organizationActivity(orgId) }),
        queryClient.invalidateQueries({ predicate: ({ queryKey }) => isAdminQueryKey(queryKey) }),
      ]),
  });
}
