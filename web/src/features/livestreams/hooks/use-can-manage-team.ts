import { canManageTeam, type Team, type User } from '@sideline/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiKey, apiPaths } from '../../../lib/query-keys.ts';

interface OrgMember {
  userId: string;
  role?: string;
}

/**
 * Whether the user manages the team (its creator, an assigned coach, or an admin of its
 * organization: the domain's `canManageTeam`, the rule the server applies to New Stream). For an
 * organization's team, the organization's members are loaded to know whether the user is one of
 * its org_admins (the same query the events screen uses).
 */
export function useCanManageTeam(team: Team | null, user: User): boolean {
  const orgId = team && !team.isIndie && team.orgId ? team.orgId : null;
  const members = useQuery({
    // The org console's key (`orgKeys.members`), from the same path: its module stays out of this chunk.
    queryKey: apiKey(apiPaths.organizationMembers(orgId ?? '')),
    queryFn: () => api.get<OrgMember[]>(apiPaths.organizationMembers(orgId!)),
    enabled: orgId !== null,
  });
  if (!team) return false;
  const isOrgAdminOfTeamOrg =
    members.data?.some((m) => m.userId === user.id && (m.role ?? user.role) === 'org_admin') ?? false;
  return canManageTeam({
    userId: user.id,
    creatorId: team.creatorId,
    assignedRole: team.myAssignedRole ?? null,
    isOrgAdminOfTeamOrg,
  });
}
