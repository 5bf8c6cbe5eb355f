import type { Kysely } from 'kysely';
import type { AssignedRole } from '@sideline/domain';
import { memberRole } from '@sideline/projections';
import { HttpError } from '../shared/http-errors.ts';

/**
 * The signed-in user's role in the team. A team the user is not in answers 404, exactly like a
 * team that does not exist, so ids of other teams leak nothing.
 */
export async function requireTeamMember(db: Kysely<any>, teamId: string, userId: string): Promise<AssignedRole> {
  const role = await memberRole(db, teamId, userId);
  if (!role) throw new HttpError(404, 'TEAM_NOT_FOUND', 'Team not found');
  return role;
}
