import type { Kysely } from 'kysely';
import type { ReadModels } from '@sideline/projections';
import { ID_MESSAGE, isId, type AssignedRole, type Team, type TeamManagementFacts } from '@sideline/domain';
import { isOrgAdmin, memberRole, membersScope } from '@sideline/projections';
import type { ReadCache } from '../http/read-cache.ts';
import { HttpError } from '../shared/http-errors.ts';

/** Someone the team's organization deactivated asks to join one of its teams again. */
export const deactivatedByOrganization = () =>
  new HttpError(
    403,
    'DEACTIVATED_BY_ORGANIZATION',
    "This club's admins have ended your access to its teams; ask one of them to reactivate you",
  );

/**
 * The signed-in user's role in the team. A team the user is not in answers 404, exactly like a
 * team that does not exist, so ids of other teams leak nothing. With `reads`, the answer is kept
 * until the team's memberships change (the teams projector says so; `membersScope`).
 */
export async function requireTeamMember(
  db: Kysely<ReadModels>,
  teamId: string,
  userId: string,
  reads?: ReadCache,
): Promise<AssignedRole> {
  // Membership hooks run before schema validation: a malformed id is refused here, not by the database.
  if (!isId(teamId)) throw new HttpError(400, 'VALIDATION', ID_MESSAGE, { teamId: [ID_MESSAGE] });
  const role = reads
    ? await reads.memo(`member ${teamId} ${userId}`, [membersScope(teamId)], () => memberRole(db, teamId, userId))
    : await memberRole(db, teamId, userId);
  if (!role) throw new HttpError(404, 'TEAM_NOT_FOUND', 'Team not found');
  return role;
}

/**
 * What canManageTeam needs about a member, from their team as they see it: the one place the
 * server looks up whether they administer the team's organization (one primary-key lookup, only
 * for an organization's team).
 */
export async function teamManagementFacts(
  db: Kysely<ReadModels>,
  team: Pick<Team, 'creatorId' | 'myAssignedRole' | 'orgId'>,
  userId: string,
): Promise<TeamManagementFacts> {
  const isOrgAdminOfTeamOrg = team.orgId ? await isOrgAdmin(db, team.orgId, userId) : false;
  return { userId, creatorId: team.creatorId, assignedRole: team.myAssignedRole, isOrgAdminOfTeamOrg };
}
