import { z } from 'zod';
import type { UserRole } from '../identity/schemas.ts';
import type { AssignedRole } from '../teams/schemas.ts';

/**
 * Roles live on memberships: a person is an org admin of some organizations and has a role in
 * each of their teams. What one role stands for a person is the highest they hold, in this order.
 */
export const roleOrder = ['player', 'parent', 'coach', 'org_admin'] as const satisfies readonly UserRole[];

const rank = (role: string): number => roleOrder.indexOf(role as UserRole);

/** The highest of the given roles (team role `other` and unknown values count for nothing), or null. */
export function highestRole(roles: Iterable<string | null | undefined>): UserRole | null {
  let best: UserRole | null = null;
  for (const role of roles) {
    if (role == null || rank(role) < 0) continue;
    if (best === null || rank(role) > rank(best)) best = role as UserRole;
  }
  return best;
}

/**
 * The role shown for a person (GET /api/user, the sidebar, member lists): the highest of the role
 * their account was created with, org_admin when they administer any organization, and their
 * roles in their teams. An org admin of one club who is a parent in another shows org_admin; a
 * parent a manager made coach shows coach. The account role is kept as `accountRole`: it is what
 * the sign-up said and what a code join starts from (teamRoleForAccount).
 */
export function displayRole(
  accountRole: UserRole,
  memberships: { isOrgAdmin: boolean; teamRoles: readonly (AssignedRole | string)[] },
): UserRole {
  return (
    highestRole([accountRole, memberships.isOrgAdmin ? 'org_admin' : null, ...memberships.teamRoles]) ?? accountRole
  );
}

/** A person's role within one organization: org_admin, their highest team role there, or `member`. */
export const orgMemberRoles = [...roleOrder, 'member'] as const;
export const orgMemberRoleSchema = z.enum(orgMemberRoles);
export type OrgMemberRole = z.infer<typeof orgMemberRoleSchema>;

export function orgMemberRole(isAdmin: boolean, teamRoles: readonly (AssignedRole | string)[]): OrgMemberRole {
  return highestRole([isAdmin ? 'org_admin' : null, ...teamRoles]) ?? 'member';
}
