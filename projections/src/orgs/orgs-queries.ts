import { sql, type Kysely } from 'kysely';
import type { ReadModels } from '../read-models.ts';
import {
  defaultOrgSettings,
  orgMemberRole,
  type OrgActivity,
  type OrgMember,
  type Organization,
  type OrgSettings,
  type OrgStats,
  type OrgTeam,
  type TeamReminders,
} from '@sideline/domain';
import { countTeamsOccurrences } from '../calendar/calendar-queries.ts';
import { adminLiveMatches } from '../admin/admin-queries.ts';

const splitRoles = (roles: string | null) => (roles ? roles.split(',') : []);

/** The caller's standing in an organization; null when it does not exist or they are not in it. */
export interface OrgAccess {
  orgId: string;
  timezone: string;
  isAdmin: boolean;
}

/**
 * One query: the organization, whether the user administers it, and whether they are in one of
 * its teams. An organization the user is not in is null, exactly like one that does not exist.
 */
export async function orgAccess(
  database: Kysely<ReadModels>,
  orgId: string,
  userId: string,
): Promise<OrgAccess | null> {
  const row = await sql<{ id: string; timezone: string; is_admin: boolean; is_member: boolean }>`
    SELECT o.id, o.timezone,
      EXISTS (SELECT 1 FROM org_admins a WHERE a.org_id = o.id AND a.user_id = ${userId}) AS is_admin,
      EXISTS (SELECT 1 FROM teams t JOIN team_members m ON m.team_id = t.id AND m.user_id = ${userId}
              WHERE t.org_id = o.id) AS is_member
    FROM organizations o WHERE o.id = ${orgId}`.execute(database);
  const r = row.rows[0];
  if (!r || !(r.is_admin || r.is_member)) return null;
  return { orgId: r.id, timezone: r.timezone, isAdmin: r.is_admin };
}

/** Whether the user administers the organization (one primary-key lookup). */
export async function isOrgAdmin(database: Kysely<ReadModels>, orgId: string, userId: string): Promise<boolean> {
  const row = await database
    .selectFrom('org_admins')
    .select('org_id')
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the user administers the organization of the team (false for an independent team). */
export async function isOrgAdminOfTeam(database: Kysely<ReadModels>, teamId: string, userId: string): Promise<boolean> {
  const row = await database
    .selectFrom('teams')
    .innerJoin('org_admins', 'org_admins.org_id', 'teams.org_id')
    .select('teams.id')
    .where('teams.id', '=', teamId)
    .where('teams.deleted_at', 'is', null)
    .where('org_admins.user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

interface OrgRow {
  id: string;
  name: string;
  description: string | null;
  timezone: string;
  default_sport: string;
  created_at: Date;
  is_admin: boolean;
  team_roles: string | null;
}

const toOrganization = (r: OrgRow): Organization => ({
  id: r.id,
  name: r.name,
  description: r.description,
  timezone: r.timezone,
  defaultSport: r.default_sport,
  myRole: orgMemberRole(r.is_admin, splitRoles(r.team_roles)),
  createdAt: r.created_at.toISOString(),
});

const orgColumns = (userId: string) => sql`
  o.id, o.name, o.description, o.timezone, o.default_sport, o.created_at,
  EXISTS (SELECT 1 FROM org_admins a WHERE a.org_id = o.id AND a.user_id = ${userId}) AS is_admin,
  (SELECT string_agg(DISTINCT m.assigned_role, ',') FROM team_members m JOIN teams t ON t.id = m.team_id
   WHERE m.user_id = ${userId} AND t.org_id = o.id) AS team_roles`;

/**
 * The organizations the user administers or is in through a team: the ones they administer
 * first (the console uses the first), then by age.
 */
export async function listOrganizationsOfUser(database: Kysely<ReadModels>, userId: string): Promise<Organization[]> {
  const { rows } = await sql<OrgRow>`
    SELECT ${orgColumns(userId)}
    FROM organizations o
    WHERE o.id IN (
      SELECT org_id FROM org_admins WHERE user_id = ${userId}
      UNION
      SELECT t.org_id FROM team_members m JOIN teams t ON t.id = m.team_id
      WHERE m.user_id = ${userId} AND t.org_id IS NOT NULL)
    ORDER BY is_admin DESC, o.created_at, o.id`.execute(database);
  return rows.map(toOrganization);
}

export async function findOrganization(
  database: Kysely<ReadModels>,
  orgId: string,
  userId: string,
): Promise<Organization | null> {
  const { rows } = await sql<OrgRow>`SELECT ${orgColumns(userId)} FROM organizations o WHERE o.id = ${orgId}`.execute(
    database,
  );
  return rows[0] ? toOrganization(rows[0]) : null;
}

/** The matches in progress the console and the admin dashboard list ("Live now"). */
export const LIVE_MATCHES_SHOWN = 5;

/**
 * The console's four numbers, and its matches in progress. "This month" and "this week" (from Monday) are read in the
 * organization's time zone; each count is an index range scan per team.
 */
export async function orgStats(database: Kysely<ReadModels>, orgId: string, now: Date): Promise<OrgStats> {
  const { rows } = await sql<{
    total_teams: number | string;
    total_members: number | string;
    month_start: Date;
    month_end: Date;
    team_ids: string[];
    total_messages: number | string;
  }>`
    WITH org AS (SELECT id, timezone FROM organizations WHERE id = ${orgId}),
    bounds AS (
      SELECT date_trunc('month', ${now}::timestamptz, org.timezone) AS month_start,
             date_trunc('month', ${now}::timestamptz, org.timezone) + interval '1 month' AS month_end,
             date_trunc('week', ${now}::timestamptz, org.timezone) AS week_start
      FROM org),
    org_teams AS (SELECT t.id FROM teams t WHERE t.org_id = ${orgId} AND t.deleted_at IS NULL)
    SELECT
      (SELECT count(*) FROM org_teams) AS total_teams,
      (SELECT count(*) FROM (
         SELECT user_id FROM org_admins WHERE org_id = ${orgId}
         UNION
         SELECT m.user_id FROM team_members m JOIN org_teams ot ON ot.id = m.team_id) people) AS total_members,
      (SELECT month_start FROM bounds) AS month_start,
      (SELECT month_end FROM bounds) AS month_end,
      (SELECT coalesce(array_agg(id), '{}') FROM org_teams) AS team_ids,
      (SELECT count(*) FROM messages msg JOIN org_teams ot ON ot.id = msg.team_id, bounds b
       WHERE msg.created_at >= b.week_start AND msg.created_at <= ${now}::timestamptz) AS total_messages`.execute(
    database,
  );
  const r = rows[0]!;
  // Series are expanded from their rule (occurrences are not stored), so events are counted apart.
  const [totalEvents, live] = await Promise.all([
    r.month_start
      ? countTeamsOccurrences(database, r.team_ids, new Date(r.month_start), new Date(r.month_end))
      : Promise.resolve(0),
    adminLiveMatches(database, orgId, now, LIVE_MATCHES_SHOWN),
  ]);
  return {
    totalTeams: Number(r.total_teams),
    totalMembers: Number(r.total_members),
    totalEvents,
    totalMessages: Number(r.total_messages),
    ...live,
  };
}

/** The org's admins and the members of its teams, by name; emails only when asked (admins see them). */
export async function listOrgMembers(
  database: Kysely<ReadModels>,
  orgId: string,
  options: { withEmails: boolean },
): Promise<OrgMember[]> {
  const { rows } = await sql<{
    id: string;
    name: string;
    email: string;
    avatar_url: string | null;
    is_admin: boolean;
    team_roles: string | null;
    team_count: number | string;
  }>`
    WITH org_teams AS (SELECT id FROM teams WHERE org_id = ${orgId} AND deleted_at IS NULL),
    people AS (
      SELECT user_id FROM org_admins WHERE org_id = ${orgId}
      UNION
      SELECT m.user_id FROM team_members m JOIN org_teams ot ON ot.id = m.team_id)
    SELECT u.id, u.name, u.email, u.avatar_url,
      EXISTS (SELECT 1 FROM org_admins a WHERE a.org_id = ${orgId} AND a.user_id = u.id) AS is_admin,
      (SELECT string_agg(DISTINCT m.assigned_role, ',') FROM team_members m JOIN org_teams ot ON ot.id = m.team_id
       WHERE m.user_id = u.id) AS team_roles,
      (SELECT count(*) FROM team_members m JOIN org_teams ot ON ot.id = m.team_id WHERE m.user_id = u.id) AS team_count
    FROM people p JOIN users u ON u.id = p.user_id
    ORDER BY lower(u.name), u.id`.execute(database);
  return rows.map((r) => ({
    id: r.id,
    userId: r.id,
    name: r.name,
    email: options.withEmails ? r.email : null,
    avatarUrl: r.avatar_url,
    role: orgMemberRole(r.is_admin, splitRoles(r.team_roles)),
    teamCount: Number(r.team_count),
  }));
}

interface OrgTeamRow {
  id: string;
  name: string;
  sport: string | null;
  age_group: string | null;
  code: string | null;
  is_indie: boolean;
  org_id: string | null;
  season_id: string | null;
  season_name: string | null;
  season_active: boolean | null;
  coach_id: string | null;
  coach_name: string | null;
  creator_id: string;
  member_count: number;
  time_zone: string | null;
  reminders: string;
  last_activity_at: Date | null;
  created_at: Date;
}

function toOrgTeam(r: OrgTeamRow, withCodes: boolean): OrgTeam {
  return {
    id: r.id,
    name: r.name,
    sport: r.sport,
    ageGroup: r.age_group,
    code: withCodes ? r.code : null,
    isIndie: r.is_indie,
    orgId: r.org_id,
    seasonId: r.season_id,
    seasonName: r.season_name,
    coachId: r.coach_id,
    coach: r.coach_id && r.coach_name ? { id: r.coach_id, name: r.coach_name } : null,
    creatorId: r.creator_id,
    memberCount: r.member_count,
    timeZone: r.time_zone,
    reminders: r.reminders as TeamReminders,
    isActive: r.season_active !== false,
    lastActivityAt: r.last_activity_at ? new Date(r.last_activity_at).toISOString() : null,
    createdAt: r.created_at.toISOString(),
  };
}

function orgTeamsQuery(database: Kysely<ReadModels>) {
  return database
    .selectFrom('teams')
    .leftJoin('seasons', 'seasons.id', 'teams.season_id')
    .leftJoin('users as coach', 'coach.id', 'teams.coach_id')
    .select([
      'teams.id',
      'teams.name',
      'teams.sport',
      'teams.age_group',
      'teams.code',
      'teams.is_indie',
      'teams.org_id',
      'teams.season_id',
      'seasons.name as season_name',
      'seasons.is_active as season_active',
      'teams.coach_id',
      'coach.name as coach_name',
      'teams.creator_id',
      'teams.member_count',
      'teams.time_zone',
      'teams.reminders',
      'teams.created_at',
      sql<Date | null>`(SELECT max(a.occurred_at) FROM org_activity a WHERE a.team_id = teams.id)`.as(
        'last_activity_at',
      ),
    ])
    .where('teams.deleted_at', 'is', null);
}

/** An organization's teams (optionally one season's), oldest first. Codes only for admins. */
export async function listOrgTeams(
  database: Kysely<ReadModels>,
  orgId: string,
  options: { withCodes: boolean; seasonId?: string },
): Promise<OrgTeam[]> {
  let query = orgTeamsQuery(database).where('teams.org_id', '=', orgId);
  if (options.seasonId) query = query.where('teams.season_id', '=', options.seasonId);
  const rows = await query.orderBy('teams.created_at').orderBy('teams.id').execute();
  return rows.map((r) => toOrgTeam(r as OrgTeamRow, options.withCodes));
}

/** One team in the org-team shape (any team: independent ones have no organization or season). */
export async function findOrgTeam(
  database: Kysely<ReadModels>,
  teamId: string,
  withCodes: boolean,
): Promise<OrgTeam | null> {
  const row = await orgTeamsQuery(database).where('teams.id', '=', teamId).executeTakeFirst();
  return row ? toOrgTeam(row as OrgTeamRow, withCodes) : null;
}

/**
 * An organization's settings, or null when it does not exist. The caller authorises; the org
 * console and the admin portal's settings read the same thing.
 */
export async function findOrgSettings(database: Kysely<ReadModels>, orgId: string): Promise<OrgSettings | null> {
  const row = await database
    .selectFrom('organizations')
    .select(['name', 'description', 'default_sport', 'timezone', 'settings'])
    .where('id', '=', orgId)
    .executeTakeFirst();
  if (!row) return null;
  const stored = (typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings) as Partial<OrgSettings>;
  return {
    ...defaultOrgSettings,
    ...stored,
    name: row.name,
    description: row.description,
    defaultSport: row.default_sport,
    timezone: row.timezone,
  };
}

/**
 * Members' everyday chatter (each message, like and RSVP) is in the admin audit
 * (GET /api/admin/activity), not in the console's Recent Activity.
 */
export const CONSOLE_QUIET_TYPES = ['MessageSent', 'MediaLiked', 'MediaUnliked', 'RsvpRecorded'] as const;

/** The organization's most recent activity, newest first, with the people's names filled in. */
export async function listOrgActivity(
  database: Kysely<ReadModels>,
  orgId: string,
  limit: number,
): Promise<OrgActivity[]> {
  const rows = await database
    .selectFrom('org_activity')
    .leftJoin('users as actor', 'actor.id', 'org_activity.actor_id')
    .leftJoin('users as subject', 'subject.id', 'org_activity.subject_id')
    .leftJoin('org_activity_names as team', (join) => join.on(sql`team.key`, '=', sql`'team:' || org_activity.team_id`))
    .select([
      'org_activity.id',
      'org_activity.description',
      'org_activity.team_id',
      'org_activity.occurred_at',
      'actor.name as actor_name',
      'subject.name as subject_name',
      'team.name as team_name',
    ])
    .where('org_activity.org_id', '=', orgId)
    .where('org_activity.type', 'not in', [...CONSOLE_QUIET_TYPES])
    .orderBy('org_activity.occurred_at', 'desc')
    .orderBy('org_activity.pos_commit', 'desc')
    .orderBy('org_activity.pos_prepare', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    actorName: r.actor_name,
    description: r.description
      .replaceAll('{actor}', r.actor_name ?? 'Someone')
      .replaceAll('{subject}', r.subject_name ?? 'someone'),
    teamId: r.team_id,
    teamName: r.team_name,
    timestamp: r.occurred_at.toISOString(),
  }));
}
