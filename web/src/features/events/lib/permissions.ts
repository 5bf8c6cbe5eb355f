import type { Team, User } from '@sideline/domain';

/**
 * Spec §6, event management (create and delete):
 * - organization team (not independent, with orgId): an org_admin member of the organization,
 *   the team's coach, or a member whose assignedRole is coach or admin;
 * - independent team: the team's creator, any user with role coach, or a member whose
 *   assignedRole is coach or admin;
 * - everything else: denied.
 */
export function canManageEvents(
  team: Pick<Team, 'isIndie' | 'orgId' | 'coachId' | 'creatorId' | 'myAssignedRole'>,
  user: Pick<User, 'id' | 'role'>,
  options: { isOrgAdminMember?: boolean } = {},
): boolean {
  const staff = team.myAssignedRole === 'coach' || team.myAssignedRole === 'admin';
  if (!team.isIndie && team.orgId) {
    return Boolean(options.isOrgAdminMember) || team.coachId === user.id || staff;
  }
  if (team.isIndie) {
    return team.creatorId === user.id || user.role === 'coach' || staff;
  }
  return false;
}
