import type { AssignedRole } from '../teams/schemas.ts';

/**
 * Who may delete any of a team's media (the uploader may always delete their own): the team's
 * coach, and members the team made coach or admin.
 */
export function canManageMedia(
  member: { userId: string; assignedRole: AssignedRole },
  team: { coachId: string | null },
): boolean {
  return member.assignedRole === 'coach' || member.assignedRole === 'admin' || team.coachId === member.userId;
}

/** Whether `userId` may delete this item. */
export function canDeleteMedia(userId: string, uploaderId: string, canManage: boolean): boolean {
  return canManage || userId === uploaderId;
}
