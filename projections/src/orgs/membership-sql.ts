import { sql, type RawBuilder } from 'kysely';
import { displayRole, type UserRole } from '@sideline/domain';

/**
 * The memberships a displayed role is made of (domain `displayRole`), as two correlated
 * subqueries on the user id column `userIdColumn` (e.g. `users.id`). Both are index lookups
 * (org_admins_user_idx, team_members_user_idx).
 */
export function membershipColumns(userIdColumn: string): {
  is_org_admin: RawBuilder<boolean>;
  team_roles: RawBuilder<string | null>;
} {
  const userId = sql.ref(userIdColumn);
  return {
    is_org_admin: sql<boolean>`EXISTS (SELECT 1 FROM org_admins oa WHERE oa.user_id = ${userId})`,
    team_roles: sql<
      string | null
    >`(SELECT string_agg(DISTINCT tm.assigned_role, ',') FROM team_members tm WHERE tm.user_id = ${userId})`,
  };
}

/** The displayed role from an account role and the two membership columns. */
export function displayRoleOf(row: { role: string; is_org_admin: boolean; team_roles: string | null }): UserRole {
  return displayRole(row.role as UserRole, {
    isOrgAdmin: row.is_org_admin,
    teamRoles: row.team_roles ? row.team_roles.split(',') : [],
  });
}
