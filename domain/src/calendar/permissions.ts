import { canManageTeam, type TeamManagementFacts } from '../teams/permissions.ts';

export type TeamEventsPermissionInput = TeamManagementFacts;

/**
 * Who may create and delete a team's events: the team's managers (canManageTeam). Spec part 1 §6
 * also let any account with role coach manage an independent team; that was the hole in issue 7
 * and is gone (docs/spec-notes.md).
 */
export function canManageTeamEvents(facts: TeamEventsPermissionInput): boolean {
  return canManageTeam(facts);
}
