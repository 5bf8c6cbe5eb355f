import { canManageTeam, type TeamManagementFacts } from '../teams/permissions.ts';

/**
 * Who may pin and unpin a team's messages: the team's managers (canManageTeam). Everyone else
 * can still read the pinned list.
 */
export function canManageChat(facts: TeamManagementFacts): boolean {
  return canManageTeam(facts);
}
