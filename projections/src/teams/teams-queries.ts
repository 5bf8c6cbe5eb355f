import type { Kysely } from 'kysely';
import type { AssignedRole, Team, TeamMember, UserRole } from '@sideline/domain';
import type { UsersTables } from '../identity/users-read-model.ts';
import type { TeamsTables } from './teams-read-model.ts';

type DB = TeamsTables & UsersTables;

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
    myAssignedRole: row.assigned_role as AssignedRole,
  };
}

/** The user's teams, oldest first (the first team is the default selection in the UI). */
export async function listTeamsOfUser(database: Kysely<any>, userId: string): Promise<Team[]> {
  const rows = await (database as Kysely<DB>)
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
export async function findTeamForMember(database: Kysely<any>, teamId: string, userId: string): Promise<Team | null> {
  const row = await (database as Kysely<DB>)
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .select(teamColumns)
    .where('team_members.team_id', '=', teamId)
    .where('team_members.user_id', '=', userId)
    .executeTakeFirst();
  return row ? toTeam(row) : null;
}

/** The user's role in the team, or null when not a member (one indexed lookup). */
export async function memberRole(database: Kysely<any>, teamId: string, userId: string): Promise<AssignedRole | null> {
  const row = await (database as Kysely<DB>)
    .selectFrom('team_members')
    .select('assigned_role')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return (row?.assigned_role as AssignedRole | undefined) ?? null;
}

export async function teamIdsOfUser(database: Kysely<any>, userId: string): Promise<string[]> {
  const rows = await (database as Kysely<DB>)
    .selectFrom('team_members')
    .select('team_id')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.team_id);
}

export async function listTeamMembers(database: Kysely<any>, teamId: string): Promise<TeamMember[]> {
  const rows = await (database as Kysely<DB>)
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .select([
      'users.id',
      'users.name',
      'users.avatar_url',
      'users.role',
      'team_members.assigned_role',
      'team_members.joined_at',
    ])
    .where('team_members.team_id', '=', teamId)
    .orderBy('team_members.joined_at')
    .execute();
  return rows.map((r) => ({
    userId: r.id,
    name: r.name,
    avatarUrl: r.avatar_url,
    role: r.role as UserRole,
    assignedRole: r.assigned_role as AssignedRole,
    joinedAt: r.joined_at.toISOString(),
  }));
}
