import { canManageTeam, type TeamManagementFacts } from '../teams/permissions.ts';

/**
 * Who may delete any of a team's media (the uploader may always delete their own): the team's
 * managers (canManageTeam).
 */
export function canManageMedia(facts: TeamManagementFacts): boolean {
  return canManageTeam(facts);
}

/** Whether `userId` may delete this item. */
export function canDeleteMedia(userId: string, uploaderId: string, canManage: boolean): boolean {
  return canManage || userId === uploaderId;
}
