import type { UserRole } from '../identity/schemas.ts';
import type { AssignedRole } from '../teams/schemas.ts';

export interface TeamEventsPermissionInput {
  user: { id: string; role: UserRole };
  team: { isIndie: boolean; orgId: string | null; coachId: string | null; creatorId: string | null };
  /** The user's role in this team; null when not a member. */
  assignedRole: AssignedRole | null;
  /** Whether the user is an org_admin member of the team's organization. */
  isOrgAdminOfTeamOrg: boolean;
}

/**
 * Who may create and delete a team's events — spec part 1 §6, exactly:
 * - organization team (not independent, has an orgId): an org_admin member of the organization,
 *   the team's coach, or a member whose assignedRole is coach or admin;
 * - independent team: the team's creator, any user with role coach, or a member whose
 *   assignedRole is coach or admin;
 * - anything else: denied.
 * Used by the server (authorisation) and the web (whether to offer Add Event / Delete).
 */
export function canManageTeamEvents({
  user,
  team,
  assignedRole,
  isOrgAdminOfTeamOrg,
}: TeamEventsPermissionInput): boolean {
  const teamStaff = assignedRole === 'coach' || assignedRole === 'admin';
  if (!team.isIndie && team.orgId) {
    return isOrgAdminOfTeamOrg || (team.coachId !== null && team.coachId === user.id) || teamStaff;
  }
  if (team.isIndie) {
    return (team.creatorId !== null && team.creatorId === user.id) || user.role === 'coach' || teamStaff;
  }
  return false;
}
