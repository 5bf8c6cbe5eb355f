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
import { only, type Stale } from '../../lib/query-client.ts';
import { apiKey, apiPaths } from '../../lib/query-keys.ts';
import { authKeys } from '../auth/api.ts';
import { teamKeys } from '../teams/api.ts';

/**
 * The organization console's reads. `all` is the caller's organizations and, below it, every
 * organization's reads; `detail(orgId)` is everything of one (its seasons' list too).
 */
export const orgKeys = {
  all: apiKey(apiPaths.organizations),
  detail: (orgId: string) => apiKey(apiPaths.organization(orgId)),
  stats: (orgId: string) => apiKey(apiPaths.organizationStats(orgId)),
  teams: (orgId: string) => apiKey(apiPaths.organizationTeams(orgId)),
  members: (orgId: string) => apiKey(apiPaths.organizationMembers(orgId)),
  activity: (orgId: string) => apiKey(apiPaths.organizationActivity(orgId)),
  settings: (orgId: string) => apiKey(apiPaths.organizationSettings(orgId)),
};

/** The admin portal's reads (`adminKeys.all`), from the same path: the portal's module stays out of this chunk. */
const adminReads = apiKey(apiPaths.admin);

/** Recent Activity lines on the Overview. */
export const ACTIVITY_LIMIT = 8;

/** GET /api/organizations — the caller's organizations, the ones they administer first. */
export const organizationsQueryOptions = queryOptions({
  queryKey: orgKeys.all,
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
    queryKey: orgKeys.stats(orgId),
    queryFn: () => api.get<OrgStats>(apiPaths.organizationStats(orgId)),
  });
}

/** Spec §7: the org's teams are always refetched when the console shows them. */
export function useOrgTeams(orgId: string) {
  return useQuery({
    queryKey: orgKeys.teams(orgId),
    queryFn: () => api.get<OrgTeam[]>(apiPaths.organizationTeams(orgId)),
    refetchOnMount: 'always',
  });
}

export function useOrgMembers(orgId: string) {
  return useQuery({
    queryKey: orgKeys.members(orgId),
    queryFn: () => api.get<OrgMember[]>(apiPaths.organizationMembers(orgId)),
  });
}

export function useOrgActivity(orgId: string) {
  return useQuery({
    queryKey: orgKeys.activity(orgId),
    queryFn: () => api.get<OrgActivity[]>(`${apiPaths.organizationActivity(orgId)}?limit=${ACTIVITY_LIMIT}`),
  });
}

export function useOrgSettings(orgId: string) {
  return useQuery({
    queryKey: orgKeys.settings(orgId),
    queryFn: () => api.get<OrgSettings>(apiPaths.organizationSettings(orgId)),
  });
}

/** POST /api/organizations → the new organization; the creator's role (GET /api/user) changes with it. */
export function useCreateOrganization() {
  return useMutation({
    mutationFn: (input: CreateOrganizationInput) => api.post<Organization>(apiPaths.organizations, input),
    meta: { invalidates: [only(orgKeys.all), only(authKeys.user)] },
  });
}

/**
 * What changes when an organization's teams change: everything of the organization (its lists,
 * numbers, activity, seasons), every season's reads, the user's teams and the admin portal's
 * lists, dashboard and activity.
 */
const orgTeamsStale = (orgId: string): Stale[] => [
  orgKeys.detail(orgId),
  // `seasonKeys.all`, from the same path (seasons/api.ts imports this module).
  apiKey(apiPaths.seasons),
  only(teamKeys.all),
  adminReads,
];

/** POST /api/organizations/{id}/teams {seasonId, name, ageGroup?} (admins) → the team. */
export function useCreateOrgTeam(orgId: string) {
  return useMutation({
    mutationFn: (input: CreateOrgTeamInput) => api.post<OrgTeam>(apiPaths.organizationTeams(orgId), input),
    meta: { invalidates: orgTeamsStale(orgId) },
  });
}

/** PUT /api/teams/{teamId} {name, sport, ageGroup} → the team. */
export function useUpdateTeam(orgId: string) {
  return useMutation({
    mutationFn: ({ teamId, ...input }: UpdateTeamInput & { teamId: string }) =>
      api.put<OrgTeam>(apiPaths.team(teamId), input),
    meta: { invalidates: (team: OrgTeam) => [...orgTeamsStale(orgId), only(teamKeys.detail(team.id))] },
  });
}

/** PATCH /api/organizations/{id}/settings (any subset) → all settings. */
export function useUpdateOrgSettings(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateOrgSettingsInput) => api.patch<OrgSettings>(apiPaths.organizationSettings(orgId), input),
    meta: { invalidates: [only(orgKeys.all), orgKeys.activity(orgId), orgKeys.stats(orgId)] },
    onSuccess: (settings) => {
      queryClient.setQueryData(orgKeys.settings(orgId), settings);
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
  return useMutation({
    mutationFn: ({ teamId, ...input }: InviteMemberInput & { teamId: string }) =>
      api.post<InvitationCreated>(apiPaths.teamInvite(teamId), input),
    meta: { invalidates: [orgKeys.activity(orgId), adminReads] },
  });
}
