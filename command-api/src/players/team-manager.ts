import { canManageTeam, type Team } from '@sideline/domain';
import type { ReadModels } from '@sideline/projections';
import { findTeamForMember } from '@sideline/projections';
import type { Kysely } from 'kysely';
import { HttpError } from '../shared/http-errors.ts';
import { teamManagementFacts } from '../teams/team-access.ts';

/**
 * The caller's team and whether they manage it (domain canManageTeam). A team they are not in
 * is 404; `require` turns "not a manager" into 403.
 */
export async function teamAndManagement(
  db: Kysely<ReadModels>,
  teamId: string,
  userId: string,
): Promise<{ team: Team; canManage: boolean }> {
  const team = await findTeamForMember(db, teamId, userId);
  if (!team) throw new HttpError(404, 'TEAM_NOT_FOUND', 'Team not found');
  return { team, canManage: canManageTeam(await teamManagementFacts(db, team, userId)) };
}

export async function requireTeamManager(
  db: Kysely<ReadModels>,
  teamId: string,
  userId: string,
  message: string,
): Promise<Team> {
  const { team, canManage } = await teamAndManagement(db, teamId, userId);
  if (!canManage) throw new HttpError(403, 'TEAM_MANAGERS_ONLY', message);
  return team;
}
