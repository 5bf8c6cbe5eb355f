import { canManageTeamEvents, type Team, type User } from '@sideline/domain';

/**
 * Spec §6 (the domain's `canManageTeamEvents`, shared with the server) for one of the user's
 * teams: their assignedRole there is the team's `myAssignedRole`.
 */
export function canManageEvents(
  team: Pick<Team, 'isIndie' | 'orgId' | 'coachId' | 'creatorId' | 'myAssignedRole'>,
  user: Pick<User, 'id' | 'role'>,
  options: { isOrgAdminMember?: boolean } = {},
): boolean {
  return canManageTeamEvents({
    user,
    team: { isIndie: team.isIndie, orgId: team.orgId, coachId: team.coachId, creatorId: team.creatorId },
    assignedRole: team.myAssignedRole ?? null,
    isOrgAdminOfTeamOrg: Boolean(options.isOrgAdminMember),
  });
}
