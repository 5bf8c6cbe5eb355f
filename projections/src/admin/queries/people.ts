import { sql, type Kysely } from 'kysely';
import { orgMemberRole, type AdminPerson } from '@sideline/domain';

import type { AdminOrg } from './org.ts';
import type { ReadModels } from '../../read-models.ts';

/**
 * Everyone in the organization (admins, team members, and the deactivated with the teams a
 * reactivation gives back), by name; `role` keeps those whose organization role it is.
 */
export async function listAdminPeople(
  database: Kysely<ReadModels>,
  org: AdminOrg,
  options: { search?: string | undefined; role?: string | undefined; userId?: string | undefined } = {},
): Promise<AdminPerson[]> {
  const search = options.search?.trim().toLowerCase();
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const { rows } = await sql<{
    id: string;
    name: string;
    email: string;
    is_admin: boolean;
    admin_since: Date | null;
    teams:
      Array<{ teamId: string; teamName: string; teamSport: string | null; role: string; joinedAt: string }> | string;
    deactivated: boolean;
  }>`
    WITH org_teams AS (SELECT id, name, sport FROM teams WHERE org_id = ${org.orgId} AND deleted_at IS NULL),
    -- Deactivated people stay on the list, with the teams a reactivation gives back.
    people AS (
      SELECT user_id FROM org_admins WHERE org_id = ${org.orgId}
      UNION
      SELECT m.user_id FROM team_members m JOIN org_teams ot ON ot.id = m.team_id
      UNION
      SELECT user_id FROM org_deactivations WHERE org_id = ${org.orgId})
    SELECT u.id, u.name, u.email,
      EXISTS (SELECT 1 FROM org_admins a WHERE a.org_id = ${org.orgId} AND a.user_id = u.id) AS is_admin,
      (SELECT a.added_at FROM org_admins a WHERE a.org_id = ${org.orgId} AND a.user_id = u.id) AS admin_since,
      coalesce((SELECT json_agg(json_build_object('teamId', ot.id, 'teamName', ot.name, 'teamSport', ot.sport,
                  'role', m.assigned_role, 'joinedAt', m.joined_at) ORDER BY m.joined_at, ot.id)
                FROM (SELECT team_id, assigned_role, joined_at FROM team_members WHERE user_id = u.id
                      UNION ALL
                      SELECT team_id, assigned_role, joined_at FROM deactivated_team_members WHERE user_id = u.id) m
                  JOIN org_teams ot ON ot.id = m.team_id), '[]'::json) AS teams,
      EXISTS (SELECT 1 FROM org_deactivations d WHERE d.org_id = ${org.orgId} AND d.user_id = u.id) AS deactivated
    FROM people p JOIN users u ON u.id = p.user_id
    WHERE TRUE ${pattern ? sql`AND (lower(u.name) LIKE ${pattern} OR lower(u.email) LIKE ${pattern})` : sql``}
      ${options.userId ? sql`AND u.id = ${options.userId}` : sql``}
    ORDER BY lower(u.name), u.id`.execute(database);
  const people = rows.map((r): AdminPerson => {
    const teams = (typeof r.teams === 'string' ? JSON.parse(r.teams) : r.teams) as Array<{
      teamId: string;
      teamName: string;
      teamSport: string | null;
      role: string;
      joinedAt: string;
    }>;
    const joined = [
      r.admin_since ? new Date(r.admin_since).getTime() : Infinity,
      ...teams.map((t) => Date.parse(t.joinedAt)),
    ];
    const first = Math.min(...joined);
    return {
      id: r.id,
      name: r.name,
      email: r.email,
      role: orgMemberRole(
        r.is_admin,
        teams.map((t) => t.role),
      ),
      teamCount: teams.length,
      connectedTeams: teams.map((t) => ({ teamId: t.teamId, teamName: t.teamName, teamSport: t.teamSport })),
      connectedOrgs: [{ orgId: org.orgId, orgName: org.name }],
      joinedAt: new Date(Number.isFinite(first) ? first : 0).toISOString(),
      path: 'Org',
      isActive: !r.deactivated,
    };
  });
  return options.role ? people.filter((p) => p.role === options.role) : people;
}

/** The org teams a person is a member of, with their role there. */
export async function orgTeamRolesOf(
  database: Kysely<ReadModels>,
  orgId: string,
  userId: string,
): Promise<Array<{ teamId: string; role: string; creatorId: string }>> {
  const { rows } = await sql<{ team_id: string; assigned_role: string; creator_id: string }>`
    SELECT m.team_id, m.assigned_role, t.creator_id FROM team_members m JOIN teams t ON t.id = m.team_id
    WHERE t.org_id = ${orgId} AND m.user_id = ${userId} ORDER BY m.joined_at`.execute(database);
  return rows.map((r) => ({ teamId: r.team_id, role: r.assigned_role, creatorId: r.creator_id }));
}
