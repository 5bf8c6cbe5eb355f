import type { AssignedRole } from './schemas.ts';

/** What decides whether someone manages a team. */
export interface TeamManagementFacts {
  userId: string;
  /** The team's creator (TeamCreated.creatorId). */
  creatorId: string | null;
  /** The user's role in the team; null when they are not a member. */
  assignedRole: AssignedRole | null;
  /**
   * Whether the user administers the organization the team belongs to (the server reads it from
   * the organizations read model; always false for an independent team).
   */
  isOrgAdminOfTeamOrg: boolean;
}

/**
 * The one rule for managing a team (events, pins, deleting others' media, assigning coaches):
 * its creator, a member a manager made coach, or an admin of its organization. The account role
 * grants nothing here: spec part 1 §6 let any "coach" account manage an independent team, so
 * anyone who signed up as coach and had the code could delete its events (docs/spec-notes.md).
 * Shared by the server (authorisation) and the web (which buttons to show).
 */
export function canManageTeam({ userId, creatorId, assignedRole, isOrgAdminOfTeamOrg }: TeamManagementFacts): boolean {
  if (isOrgAdminOfTeamOrg) return true;
  if (assignedRole === null) return false;
  return creatorId === userId || assignedRole === 'coach';
}
