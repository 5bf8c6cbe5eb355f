import type { AssignedRole } from '../teams/schemas.ts';

/**
 * Who may pin and unpin a team's messages: the team's coach, and members the team made coach
 * or admin. Parents and players may not (they can still read the pinned list).
 */
export function canManageChat(
  member: { userId: string; assignedRole: AssignedRole },
  team: { coachId: string | null },
): boolean {
  return member.assignedRole === 'coach' || member.assignedRole === 'admin' || team.coachId === member.userId;
}
