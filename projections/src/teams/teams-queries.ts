import { sql, type Kysely } from 'kysely';
import type { ReadModels } from '../read-models.ts';
import { canManageTeam, type AssignedRole, type Team, type TeamMember, type TeamReminders } from '@sideline/domain';
import { displayRoleOf, membershipColumns } from '../orgs/membership-sql.ts';

const teamColumns = [
  'teams.id',
  'teams.name',
  'teams.sport',
  'teams.age_group',
  'teams.is_indie',
  'teams.org_id',
  'teams.coach_id',
  'teams.creator_id',
  'teams.code',
  'teams.member_count',
  'teams.created_at',
  'teams.reminders',
  'team_members.assigned_role',
] as const;

function toTeam(row: {
  id: string;
  name: string;
  sport: string | null;
  age_group: string | null;
  is_indie: boolean;
  org_id: string | null;
  coach_id: string | null;
  creator_id: string;
  code: string | null;
  member_count: number;
  created_at: Date;
  reminders: string;
  assigned_role: string;
}): Team {
  return {
    id: row.id,
    name: row.name,
    sport: row.sport,
    ageGroup: row.age_group,
    isIndie: row.is_indie,
    orgId: row.org_id,
    coachId: row.coach_id,
    creatorId: row.creator_id,
    code: row.code,
    memberCount: row.member_count,
    createdAt: row.created_at.toISOString(),
    reminders: row.reminders as TeamReminders,
    myAssignedRole: row.assigned_role as AssignedRole,
  };
}

/** The user's teams, oldest first (the first team is the default selection in the UI). */
export async function listTeamsOfUser(database: Kysely<ReadModels>, userId: string): Promise<Team[]> {
  const rows = await database
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .select(teamColumns)
    .where('team_members.user_id', '=', userId)
    .orderBy('team_members.joined_at')
    .orderBy('teams.id')
    .execute();
  return rows.map(toTeam);
}

/** The team as its member sees it; null when it does not exist or the user is not a member. */
export async function findTeamForMember(
  database: Kysely<ReadModels>,
  teamId: string,
  userId: string,
): Promise<Team | null> {
  const row = await database
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .select(teamColumns)
    .where('team_members.team_id', '=', teamId)
    .where('team_members.user_id', '=', userId)
    .executeTakeFirst();
  return row ? toTeam(row) : null;
}

/** The user's role in the team, or null when not a member (one indexed lookup). */
export async function memberRole(
  database: Kysely<ReadModels>,
  teamId: string,
  userId: string,
): Promise<AssignedRole | null> {
  const row = await database
    .selectFrom('team_members')
    .select('assigned_role')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return (row?.assigned_role as AssignedRole | undefined) ?? null;
}

export async function teamIdsOfUser(database: Kysely<ReadModels>, userId: string): Promise<string[]> {
  const rows = await database.selectFrom('team_members').select('team_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.team_id);
}

export async function listTeamMembers(database: Kysely<ReadModels>, teamId: string): Promise<TeamMember[]> {
  const { is_org_admin, team_roles } = membershipColumns('users.id');
  const rows = await database
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .select([
      'teams.creator_id',
      'users.id',
      'users.name',
      'users.avatar_url',
      'users.role',
      'team_members.assigned_role',
      'team_members.joined_at',
      is_org_admin.as('is_org_admin'),
      team_roles.as('team_roles'),
      sql<boolean>`EXISTS (SELECT 1 FROM org_admins oa WHERE oa.org_id = teams.org_id AND oa.user_id = users.id)`.as(
        'admin_of_team_org',
      ),
    ])
    .where('team_members.team_id', '=', teamId)
    .orderBy('team_members.joined_at')
    .execute();
  return rows.map((r) => ({
    userId: r.id,
    name: r.name,
    avatarUrl: r.avatar_url,
    // The displayed role (highest of account and memberships), as everywhere a person's role shows.
    role: displayRoleOf(r),
    assignedRole: r.assigned_role as AssignedRole,
    canManage: canManageTeam({
      userId: r.id,
      creatorId: r.creator_id,
      assignedRole: r.assigned_role as AssignedRole,
      isOrgAdminOfTeamOrg: r.admin_of_team_org,
    }),
    joinedAt: r.joined_at.toISOString(),
  }));
}
