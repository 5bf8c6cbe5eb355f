import type { Team } from '@sideline/domain';
import { useQueries } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { apiKey, apiPaths } from '../../lib/query-keys.ts';
import { useUser } from '../auth/api.ts';
import { canManageEvents } from './lib/permissions.ts';

interface OrgMember {
  userId: string;
  role?: string;
}

/**
 * The ids of the teams whose events the signed-in user may create and delete (spec §6). For
 * organization teams (not independent, with an orgId) the organization's members are loaded
 * (GET /api/organizations/{orgId}/members) to know whether the user is one of its org_admins.
 */
export function useManageableTeamIds(teams: readonly Team[]): ReadonlySet<string> {
  const { data: user } = useUser();
  const orgIds = [...new Set(teams.filter((t) => !t.isIndie && t.orgId).map((t) => t.orgId as string))];
  const orgAdminOf = useQueries({
    queries: orgIds.map((orgId) => ({
      // The org console's key (`orgKeys.members`), from the same path: its module stays out of this chunk.
      queryKey: apiKey(apiPaths.organizationMembers(orgId)),
      queryFn: () => api.get<OrgMember[]>(apiPaths.organizationMembers(orgId)),
      enabled: Boolean(user),
    })),
    combine: (results) =>
      new Set(
        orgIds.filter((_, i) =>
          results[i]?.data?.some((m) => m.userId === user?.id && (m.role ?? user?.role) === 'org_admin'),
        ),
      ),
  });
  if (!user) return new Set();
  return new Set(
    teams
      .filter((t) => canManageEvents(t, user, { isOrgAdminMember: t.orgId ? orgAdminOf.has(t.orgId) : false }))
      .map((t) => t.id),
  );
}
