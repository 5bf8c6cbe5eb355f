import type { UserRole } from '../identity/schemas.ts';
import type { AssignedRole } from './schemas.ts';

/**
 * The team role someone gets when they join by code: what their account says they are, but
 * never coach. A team code is shared widely (group chats, flyers), so an account that signed up
 * as "coach" joins as `other` and manages nothing until a manager assigns them coach.
 */
export function teamRoleForAccount(accountRole: UserRole): AssignedRole {
  return accountRole === 'parent' || accountRole === 'player' ? accountRole : 'other';
}

/**
 * `member` is what MemberJoined recorded for every code join before team roles existed. Stored
 * events are never rewritten: they are read as `other` (no management rights), because the
 * account's role at the time was not recorded.
 */
export type LegacyAssignedRole = 'member';

export function upcastAssignedRole(role: AssignedRole | LegacyAssignedRole): AssignedRole {
  return role === 'member' ? 'other' : role;
}
