import { canManageTeamEvents, type Team, type User } from '@sideline/domain';

/**
 * The domain's `canManageTeamEvents` (the team-management rule, shared with the server) for one
 * of the user's teams: their assignedRole there is the team's `myAssignedRole`.
 */
export function canManageEvents(
  team: Pick<Team, 'creatorId' | 'myAssignedRole'>,
  user: Pick<User, 'id'>,
  options: { isOrgAdminMember?: boolean } = {},
): boolean {
  return canManageTeamEvents({
    userId: user.id,
    creatorId: team.creatorId,
    assignedRole: team.myAssignedRole ?? null,
    isOrgAdminOfTeamOrg: Boolean(options.isOrgAdminMember),
  });
}
