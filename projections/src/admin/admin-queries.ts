import { sql, type Kysely } from 'kysely';
import {
  minuteOfPlay,
  orgMemberRole,
  sportCatalogue,
  type LiveMatchSummary,
  type AdminAccess,
  type AdminActivity,
  type AdminMatch,
  type AdminMedia,
  type AdminMessageHistory,
  type AdminPerson,
  type AdminTeam,
  type AdminUpcomingMatch,
  type RsvpLedgerEntry,
  type RsvpStatus,
  type SportId,
} from '@sideline/domain';

import { countLiveMatchesOfOrg, hasUndeletedTeam, liveMatchRowsOfOrg } from '../matches/matches-queries.ts';

/** The organization an admin call is about: the caller administers it. */
export interface AdminOrg {
  orgId: string;
  name: string;
  timezone: string;
}

/**
 * The caller's organization for /api/admin/*: `orgId` when given and they administer it, else
 * the first organization they administer (oldest first); null when they administer none.
 */
export async function adminOrgOf(database: Kysely<any>, userId: string, orgId?: string): Promise<AdminOrg | null> {
  const { rows } = await sql<{ id: string; name: string; timezone: string }>`
    SELECT o.id, o.name, o.timezone FROM org_admins a JOIN organizations o ON o.id = a.org_id
    WHERE a.user_id = ${userId} ${orgId ? sql`AND a.org_id = ${orgId}` : sql``}
    ORDER BY o.created_at, o.id LIMIT 1`.execute(database);
  const r = rows[0];
  return r ? { orgId: r.id, name: r.name, timezone: r.timezone } : null;
}

const sportNameOf = (sportId: string) => sportCatalogue[sportId as SportId]?.name ?? 'Unknown Sport';
const hundredths = (v: number | string) => Number(v) / 100;
const adminStatus = (status: string): AdminMatch['status'] =>
  status === 'complete' ? 'completed' : (status as AdminMatch['status']);

// ---- dashboard ---------------------------------------------------------------------------------

export async function adminCounts(
  database: Kysely<any>,
  orgId: string,
  now: Date,
): Promise<{ totalTeams: number; totalPlayers: number; totalMatches: number; attendanceRate: number }> {
  const { rows } = await sql<{
    total_teams: string | number;
    total_players: string | number;
    total_matches: string | number;
    answers: string | number;
    going: string | number;
  }>`
    WITH org_teams AS (SELECT t.id, t.season_id FROM teams t WHERE t.org_id = ${orgId} AND t.deleted_at IS NULL),
    active_teams AS (
      SELECT ot.id FROM org_teams ot LEFT JOIN seasons s ON s.id = ot.season_id
      WHERE s.id IS NULL OR s.is_active),
    -- Each answer (a member's own, or a roster player's) as it stood at the start of each past
    -- occurrence that took place (from the ledger; a cancelled occurrence is nobody's absence).
    standing AS (
      SELECT DISTINCT ON (l.event_id, l.occurrence_date, l.player_id, l.user_id) l.status
      FROM rsvp_ledger l JOIN org_teams ot ON ot.id = l.team_id
      WHERE l.occurrence_date < ${now}::timestamptz AND l.recorded_at <= l.occurrence_date
        AND NOT EXISTS (SELECT 1 FROM calendar_occurrence_changes c
                        WHERE c.event_id = l.event_id AND c.occurrence_date = l.occurrence_date AND c.cancelled)
      ORDER BY l.event_id, l.occurrence_date, l.player_id, l.user_id, l.recorded_at DESC, l.id DESC)
    SELECT
      (SELECT count(*) FROM org_teams) AS total_teams,
      (SELECT count(*) FROM players p JOIN active_teams at ON at.id = p.team_id) AS total_players,
      (SELECT count(*) FROM matches m WHERE m.org_id = ${orgId} AND m.status = 'scheduled' AND ${hasUndeletedTeam('m')})
        AS total_matches,
      (SELECT count(*) FROM standing) AS answers,
      (SELECT count(*) FROM standing WHERE status = 'yes') AS going`.execute(database);
  const r = rows[0]!;
  const answers = Number(r.answers);
  return {
    totalTeams: Number(r.total_teams),
    totalPlayers: Number(r.total_players),
    totalMatches: Number(r.total_matches),
    attendanceRate: answers === 0 ? 0 : Math.round((Number(r.going) * 100) / answers),
  };
}

export async function adminUpcomingMatches(
  database: Kysely<any>,
  orgId: string,
  now: Date,
  limit: number,
): Promise<AdminUpcomingMatch[]> {
  const { rows } = await sql<{
    id: string;
    team_a: string | null;
    team_b: string | null;
    start_time: Date;
    location: string | null;
    sport_id: string;
  }>`
    SELECT m.id, ta.name AS team_a, COALESCE(tb.name, m.opponent_name) AS team_b, m.start_time, m.location, m.sport_id
    FROM matches m LEFT JOIN teams ta ON ta.id = m.team_a_id LEFT JOIN teams tb ON tb.id = m.team_b_id
    WHERE m.org_id = ${orgId} AND m.status = 'scheduled' AND m.start_time >= ${now}::timestamptz AND ${hasUndeletedTeam('m')}
    ORDER BY m.start_time, m.id LIMIT ${limit}`.execute(database);
  return rows.map((r) => ({
    id: r.id,
    teamA: r.team_a ?? 'TBD',
    teamB: r.team_b ?? 'TBD',
    date: new Date(r.start_time).toISOString(),
    location: r.location,
    sport: sportNameOf(r.sport_id),
  }));
}

/**
 * "Live now": how many of the organization's matches are in progress, and the first of them
 * (earliest kick-off first) with their score and minute of play at `now`.
 */
export async function adminLiveMatches(
  database: Kysely<any>,
  orgId: string,
  now: Date,
  limit: number,
): Promise<{ liveNow: number; liveMatches: LiveMatchSummary[] }> {
  const [liveNow, rows] = await Promise.all([
    countLiveMatchesOfOrg(database, orgId),
    liveMatchRowsOfOrg(database, orgId),
  ]);
  return {
    liveNow,
    liveMatches: rows.slice(0, limit).map((m) => ({
      id: m.id,
      teamA: m.teamA.name,
      teamB: m.teamB.name,
      scoreA: m.scoreA,
      scoreB: m.scoreB,
      startTime: m.startTime,
      startedAt: m.startedAt,
      minute: minuteOfPlay(m.startedAt, now.toISOString()),
      location: m.location,
      sport: sportNameOf(m.sportId),
    })),
  };
}

// ---- seasons, teams, matches -----------------------------------------------------------------------

/** Matches per season of the organization. */
export async function seasonMatchCounts(database: Kysely<any>, orgId: string): Promise<Map<string, number>> {
  const { rows } = await sql<{ season_id: string; n: string | number }>`
    SELECT season_id, count(*) AS n FROM matches m WHERE org_id = ${orgId} AND season_id IS NOT NULL AND ${hasUndeletedTeam('m')}
    GROUP BY season_id`.execute(database);
  return new Map(rows.map((r) => [r.season_id, Number(r.n)]));
}

export async function listAdminTeams(database: Kysely<any>, org: AdminOrg, teamId?: string): Promise<AdminTeam[]> {
  const { rows } = await sql<{
    id: string;
    name: string;
    sport: string | null;
    age_group: string | null;
    code: string | null;
    coach_id: string | null;
    coach_name: string | null;
    season_id: string | null;
    season_name: string | null;
    season_active: boolean | null;
    creator_id: string;
    is_indie: boolean;
    member_count: number;
    player_count: string | number;
    match_count: string | number;
    created_at: Date;
  }>`
    SELECT t.id, t.name, t.sport, t.age_group, t.code, t.coach_id, c.name AS coach_name, t.season_id,
      s.name AS season_name, s.is_active AS season_active, t.creator_id, t.is_indie, t.member_count,
      (SELECT count(*) FROM players p WHERE p.team_id = t.id) AS player_count,
      (SELECT count(*) FROM matches m WHERE m.team_a_id = t.id OR m.team_b_id = t.id) AS match_count,
      t.created_at
    FROM teams t LEFT JOIN seasons s ON s.id = t.season_id LEFT JOIN users c ON c.id = t.coach_id
    WHERE t.org_id = ${org.orgId} AND t.deleted_at IS NULL ${teamId ? sql`AND t.id = ${teamId}` : sql``}
    ORDER BY t.created_at, t.id`.execute(database);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    sport: r.sport,
    ageGroup: r.age_group,
    code: r.code,
    teamCode: r.code,
    coachId: r.coach_id,
    coachName: r.coach_name,
    coach: r.coach_id && r.coach_name ? { id: r.coach_id, name: r.coach_name } : null,
    seasonId: r.season_id,
    season: r.season_name,
    orgId: org.orgId,
    organization: org.name,
    creatorId: r.creator_id,
    isIndie: r.is_indie,
    path: r.is_indie ? 'Indie' : 'Org',
    memberCount: Number(r.member_count),
    playerCount: Number(r.player_count),
    matchCount: Number(r.match_count),
    isActive: r.season_active !== false,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

export async function listAdminMatches(database: Kysely<any>, orgId: string, matchId?: string): Promise<AdminMatch[]> {
  const { rows } = await sql<{
    id: string;
    team_a_id: string;
    team_b_id: string | null;
    team_a: string | null;
    team_b: string | null;
    score_a_h: number | string;
    score_b_h: number | string;
    status: string;
    start_time: Date;
    location: string | null;
    sport_id: string;
    season_id: string | null;
    season_name: string | null;
  }>`
    SELECT m.id, m.team_a_id, m.team_b_id, ta.name AS team_a, COALESCE(tb.name, m.opponent_name) AS team_b,
      m.score_a_h, m.score_b_h, m.status, m.start_time, m.location, m.sport_id, m.season_id, s.name AS season_name
    FROM matches m LEFT JOIN teams ta ON ta.id = m.team_a_id LEFT JOIN teams tb ON tb.id = m.team_b_id
      LEFT JOIN seasons s ON s.id = m.season_id
    WHERE m.org_id = ${orgId} AND ${hasUndeletedTeam('m')} ${matchId ? sql`AND m.id = ${matchId}` : sql``}
    -- Matches in progress first ("Live now"), then latest first.
    ORDER BY m.status = 'in_progress' DESC, m.start_time DESC, m.id`.execute(database);
  return rows.map((r) => {
    const played = r.status === 'in_progress' || r.status === 'complete';
    return {
      id: r.id,
      teamA: r.team_a ?? 'TBD',
      teamB: r.team_b ?? 'TBD',
      teamAId: r.team_a_id,
      teamBId: r.team_b_id,
      scoreA: played ? hundredths(r.score_a_h) : null,
      scoreB: played ? hundredths(r.score_b_h) : null,
      startTime: new Date(r.start_time).toISOString(),
      location: r.location,
      sport: sportNameOf(r.sport_id),
      status: adminStatus(r.status),
      seasonId: r.season_id,
      seasonName: r.season_name,
    };
  });
}

// ---- people ----------------------------------------------------------------------------------------

export async function listAdminPeople(
  database: Kysely<any>,
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
  database: Kysely<any>,
  orgId: string,
  userId: string,
): Promise<Array<{ teamId: string; role: string; creatorId: string }>> {
  const { rows } = await sql<{ team_id: string; assigned_role: string; creator_id: string }>`
    SELECT m.team_id, m.assigned_role, t.creator_id FROM team_members m JOIN teams t ON t.id = m.team_id
    WHERE t.org_id = ${orgId} AND m.user_id = ${userId} ORDER BY m.joined_at`.execute(database);
  return rows.map((r) => ({ teamId: r.team_id, role: r.assigned_role, creatorId: r.creator_id }));
}

// ---- media -----------------------------------------------------------------------------------------

const fileNameOf = (title: string, url: string) => title.trim() || url.slice(url.lastIndexOf('/') + 1);

/** The organization's media, newest first; a deleted team's are hidden (its uploads stay in the audit). */
export async function listAdminMedia(
  database: Kysely<any>,
  orgId: string,
  options: { search?: string | undefined; type?: 'image' | 'video' | undefined; mediaId?: string } = {},
): Promise<AdminMedia[]> {
  const search = options.search?.trim().toLowerCase();
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const kinds = options.type === 'image' ? ['photo'] : options.type === 'video' ? ['video', 'highlight'] : null;
  const { rows } = await sql<{
    id: string;
    kind: string;
    title: string;
    content_type: string;
    bytes: number;
    url: string;
    thumbnail_url: string | null;
    team_id: string;
    team_name: string;
    season_name: string | null;
    uploader_id: string;
    uploader_name: string | null;
    created_at: Date;
  }>`
    SELECT md.id, md.kind, md.title, md.content_type, md.bytes, md.url, md.thumbnail_url, t.id AS team_id,
      t.name AS team_name, s.name AS season_name, md.uploader_id, u.name AS uploader_name, md.created_at
    FROM teams t JOIN media md ON md.team_id = t.id LEFT JOIN seasons s ON s.id = t.season_id
      LEFT JOIN users u ON u.id = md.uploader_id
    WHERE t.org_id = ${orgId} AND t.deleted_at IS NULL
      ${options.mediaId ? sql`AND md.id = ${options.mediaId}` : sql``}
      ${kinds ? sql`AND md.kind IN (${sql.join(kinds)})` : sql``}
      ${pattern ? sql`AND (lower(md.title) LIKE ${pattern} OR lower(md.url) LIKE ${pattern} OR lower(t.name) LIKE ${pattern})` : sql``}
    ORDER BY md.created_at DESC, md.id DESC`.execute(database);
  return rows.map((r) => ({
    id: r.id,
    fileName: fileNameOf(r.title, r.url),
    fileType: r.kind === 'photo' ? 'image' : 'video',
    contentType: r.content_type,
    fileSize: Number(r.bytes),
    url: r.url,
    thumbnailUrl: r.thumbnail_url,
    downloadUrl: `/api/admin/media/${r.id}/download`,
    teamId: r.team_id,
    teamName: r.team_name,
    seasonName: r.season_name,
    uploadedBy: r.uploader_name ?? 'Unknown User',
    uploadedById: r.uploader_id,
    uploadedAt: new Date(r.created_at).toISOString(),
  }));
}

// ---- activity --------------------------------------------------------------------------------------

export interface ActivityFilter {
  userId?: string | undefined;
  teamId?: string | undefined;
  types?: readonly string[] | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

interface ActivityRow {
  pos_commit: string | number | bigint;
  pos_prepare: string | number | bigint;
  id: string;
  position: string;
  type: string;
  actor_id: string | null;
  actor_name: string | null;
  subject_id: string | null;
  subject_name: string | null;
  team_id: string | null;
  team_name: string | null;
  description: string;
  occurred_at: Date;
}

/** A line's place in the event log: the audit's cursor (`commit/prepare`, as each line's `position`). */
interface LogPosition {
  commit: string;
  prepare: string;
}
const positionOf = (r: ActivityRow): LogPosition => ({ commit: String(r.pos_commit), prepare: String(r.pos_prepare) });
const formatCursor = (p: LogPosition) => `${p.commit}/${p.prepare}`;

/** The cursor the API was given (validated by adminActivityQuerySchema). */
function parseCursor(cursor: string): LogPosition {
  const [commit, prepare] = cursor.split('/');
  return { commit: commit!, prepare: prepare! };
}

function conditions(orgId: string, f: ActivityFilter, after: LogPosition | null) {
  // Below the cursor's line in (occurred_at, log position) order; a cursor of another org matches nothing.
  return sql.join(
    [
      sql`a.org_id = ${orgId}`,
      f.teamId ? sql`a.team_id = ${f.teamId}` : null,
      f.types && f.types.length > 0 ? sql`a.type IN (${sql.join([...f.types])})` : null,
      f.from ? sql`a.occurred_at >= ${f.from}` : null,
      f.to ? sql`a.occurred_at < ${f.to}` : null,
      after !== null
        ? sql`(a.occurred_at, a.pos_commit, a.pos_prepare) < (SELECT c.occurred_at, c.pos_commit, c.pos_prepare
              FROM org_activity c WHERE c.pos_commit = ${after.commit}::bigint
                AND c.pos_prepare = ${after.prepare}::bigint AND c.org_id = ${orgId})`
        : null,
    ].filter((c) => c !== null),
    sql` AND `,
  );
}

/** Newest first: by time, then by log position (the events of one append share their time). */
const NEWEST_FIRST = sql.raw('occurred_at DESC, pos_commit DESC, pos_prepare DESC');
const NEWEST_FIRST_A = sql.raw('a.occurred_at DESC, a.pos_commit DESC, a.pos_prepare DESC');

/**
 * The selected rows' keys, newest first (occurred_at, then log order): one index range scan per
 * branch; a person is the actor or the subject, read as two ordered scans merged.
 */
function selection(orgId: string, f: ActivityFilter, after: LogPosition | null, limit: number | null) {
  const lim = limit === null ? sql`` : sql`LIMIT ${limit}`;
  if (!f.userId) {
    return sql`SELECT ${sql.raw(COLUMNS)} FROM org_activity a WHERE ${conditions(orgId, f, after)}
      ORDER BY ${NEWEST_FIRST_A} ${lim}`;
  }
  return sql`SELECT * FROM (
      (SELECT ${sql.raw(COLUMNS)} FROM org_activity a
       WHERE ${conditions(orgId, f, after)} AND a.actor_id = ${f.userId}
       ORDER BY ${NEWEST_FIRST_A} ${lim})
      UNION
      (SELECT ${sql.raw(COLUMNS)} FROM org_activity a
       WHERE ${conditions(orgId, f, after)} AND a.subject_id = ${f.userId}
       ORDER BY ${NEWEST_FIRST_A} ${lim})) people
    ORDER BY ${NEWEST_FIRST} ${lim}`;
}

/** The selected rows read straight from the index scans (no second visit of the table). */
const COLUMNS =
  'a.occurred_at, a.pos_commit, a.pos_prepare, a.id, a.position, a.type, a.actor_id, a.subject_id, a.team_id, a.description';

const rowsQuery = (selected: ReturnType<typeof selection>) => sql<ActivityRow>`
  SELECT a.pos_commit, a.pos_prepare, a.id, a.position, a.type, a.actor_id, actor.name AS actor_name, a.subject_id,
    subject.name AS subject_name, a.team_id, team.name AS team_name, a.description, a.occurred_at
  FROM (${selected}) a
    LEFT JOIN users actor ON actor.id = a.actor_id
    LEFT JOIN users subject ON subject.id = a.subject_id
    LEFT JOIN org_activity_names team ON team.key = 'team:' || a.team_id
  ORDER BY ${NEWEST_FIRST_A}`;

export function toAdminActivity(r: ActivityRow): AdminActivity {
  return {
    id: r.id,
    position: r.position,
    type: r.type,
    actorId: r.actor_id,
    actorName: r.actor_name,
    subjectId: r.subject_id,
    subjectName: r.subject_name,
    teamId: r.team_id,
    teamName: r.team_name,
    description: r.description
      .replaceAll('{actor}', r.actor_name ?? 'Someone')
      .replaceAll('{subject}', r.subject_name ?? 'someone'),
    timestamp: new Date(r.occurred_at).toISOString(),
  };
}

/**
 * One page, newest first; `cursor` is the previous page's nextCursor: the log position of its
 * last line (`commit/prepare`), which stays that line's across rebuilds of the read model.
 */
export async function listActivityPage(
  database: Kysely<any>,
  orgId: string,
  filter: ActivityFilter,
  page: { cursor?: string | undefined; limit: number },
): Promise<{ items: AdminActivity[]; nextCursor: string | null }> {
  const after = page.cursor ? parseCursor(page.cursor) : null;
  const { rows } = await rowsQuery(selection(orgId, filter, after, page.limit + 1)).execute(database);
  const more = rows.length > page.limit;
  const shown = more ? rows.slice(0, page.limit) : rows;
  const last = shown.at(-1);
  return {
    items: shown.map(toAdminActivity),
    nextCursor: more && last ? formatCursor(positionOf(last)) : null,
  };
}

/**
 * The whole selection for an export, newest first, in chunks (keyset pages), so a million rows
 * are never held at once.
 */
export async function* streamActivity(
  database: Kysely<any>,
  orgId: string,
  filter: ActivityFilter,
  chunk = 5000,
): AsyncGenerator<AdminActivity[]> {
  let after: LogPosition | null = null;
  for (;;) {
    const { rows }: { rows: ActivityRow[] } = await rowsQuery(selection(orgId, filter, after, chunk)).execute(database);
    if (rows.length === 0) return;
    yield rows.map(toAdminActivity);
    if (rows.length < chunk) return;
    after = positionOf(rows.at(-1)!);
  }
}

/** Recent activity for the dashboard. */
export async function recentAdminActivity(database: Kysely<any>, orgId: string, limit: number) {
  const { items } = await listActivityPage(database, orgId, {}, { limit });
  return items.map((a) => ({ id: a.id, description: a.description, timestamp: a.timestamp }));
}

// ---- who could see what, when ------------------------------------------------------------------

export async function accessAt(
  database: Kysely<any>,
  orgId: string,
  at: Date,
  query: { userId?: string | undefined; teamId?: string | undefined },
): Promise<Omit<AdminAccess, 'at'> | null> {
  let person: AdminAccess['person'] = null;
  let team: AdminAccess['team'] = null;
  if (query.userId) {
    const user = await sql<{ name: string }>`SELECT name FROM users WHERE id = ${query.userId}`.execute(database);
    if (!user.rows[0]) return null;
    // Someone who was never in the organization is not its admins' to look up.
    const everIn = await sql<{ n: number }>`
      SELECT 1 AS n FROM org_admin_periods WHERE org_id = ${orgId} AND user_id = ${query.userId}
      UNION ALL
      SELECT 1 FROM team_member_periods p JOIN teams t ON t.id = p.team_id
      WHERE p.user_id = ${query.userId} AND t.org_id = ${orgId} LIMIT 1`.execute(database);
    if (everIn.rows.length === 0) return null;
    const admin = await sql<{ n: number }>`
      SELECT 1 AS n FROM org_admin_periods WHERE org_id = ${orgId} AND user_id = ${query.userId}
        AND valid_from <= ${at} AND (valid_to IS NULL OR valid_to > ${at}) LIMIT 1`.execute(database);
    const { rows } = await sql<{
      team_id: string;
      team_name: string;
      assigned_role: string;
      valid_from: Date;
      valid_to: Date | null;
    }>`
      SELECT p.team_id, coalesce(n.name, t.name) AS team_name, p.assigned_role, p.valid_from, p.valid_to
      FROM team_member_periods p JOIN teams t ON t.id = p.team_id
        LEFT JOIN org_activity_names n ON n.key = 'team:' || p.team_id
      WHERE p.user_id = ${query.userId} AND t.org_id = ${orgId}
        AND p.valid_from <= ${at} AND (p.valid_to IS NULL OR p.valid_to > ${at})
      ORDER BY p.valid_from, p.team_id`.execute(database);
    person = {
      userId: query.userId,
      name: user.rows[0].name,
      isOrgAdmin: admin.rows.length > 0,
      teams: rows.map((r) => ({
        teamId: r.team_id,
        teamName: r.team_name,
        role: r.assigned_role,
        validFrom: new Date(r.valid_from).toISOString(),
        validTo: r.valid_to ? new Date(r.valid_to).toISOString() : null,
      })),
    };
  }
  if (query.teamId) {
    const found = await sql<{ name: string }>`
      SELECT name FROM teams WHERE id = ${query.teamId} AND org_id = ${orgId}`.execute(database);
    if (!found.rows[0]) return null;
    // Adults: every member who is not a player (coaches, parents, other adults), plus the org's admins.
    const { rows } = await sql<{
      user_id: string;
      name: string;
      role: string;
      valid_from: Date;
      valid_to: Date | null;
    }>`
      SELECT p.user_id, u.name, p.assigned_role AS role, p.valid_from, p.valid_to
      FROM team_member_periods p JOIN users u ON u.id = p.user_id
      WHERE p.team_id = ${query.teamId} AND p.assigned_role <> 'player'
        AND p.valid_from <= ${at} AND (p.valid_to IS NULL OR p.valid_to > ${at})
      UNION ALL
      SELECT ap.user_id, u.name, 'org_admin' AS role, ap.valid_from, ap.valid_to
      FROM org_admin_periods ap JOIN users u ON u.id = ap.user_id
      WHERE ap.org_id = ${orgId} AND ap.valid_from <= ${at} AND (ap.valid_to IS NULL OR ap.valid_to > ${at})
      ORDER BY valid_from, user_id`.execute(database);
    team = {
      teamId: query.teamId,
      teamName: found.rows[0].name,
      adults: rows.map((r) => ({
        userId: r.user_id,
        name: r.name,
        role: r.role,
        validFrom: new Date(r.valid_from).toISOString(),
        validTo: r.valid_to ? new Date(r.valid_to).toISOString() : null,
      })),
    };
  }
  return { person, team };
}

// ---- message history ------------------------------------------------------------------------------

export async function messageHistory(
  database: Kysely<any>,
  orgId: string,
  messageId: string,
): Promise<AdminMessageHistory | null> {
  const { rows } = await sql<{
    message_id: string;
    team_id: string;
    team_name: string;
    sender_id: string;
    sender_name: string | null;
    kind: string;
    text: string;
    by: string;
    by_name: string | null;
    at: Date;
  }>`
    SELECT v.message_id, v.team_id, t.name AS team_name, v.sender_id, s.name AS sender_name, v.kind, v.text,
      v.by, b.name AS by_name, v.at
    FROM message_versions v JOIN teams t ON t.id = v.team_id
      LEFT JOIN users s ON s.id = v.sender_id LEFT JOIN users b ON b.id = v.by
    WHERE v.message_id = ${messageId} AND t.org_id = ${orgId}
    ORDER BY v.seq`.execute(database);
  const first = rows[0];
  if (!first) return null;
  const deletion = rows.find((r) => r.kind === 'deleted');
  return {
    id: first.message_id,
    teamId: first.team_id,
    teamName: first.team_name,
    senderId: first.sender_id,
    senderName: first.sender_name ?? 'Unknown User',
    versions: rows
      .filter((r) => r.kind !== 'deleted')
      .map((r) => ({
        text: r.text,
        at: new Date(r.at).toISOString(),
        by: r.by,
        byName: r.by_name ?? 'Unknown User',
      })),
    deleted: deletion
      ? { by: deletion.by, byName: deletion.by_name ?? 'Unknown User', at: new Date(deletion.at).toISOString() }
      : null,
  };
}

// ---- RSVP ledger -----------------------------------------------------------------------------------

export async function listRsvpLedger(
  database: Kysely<any>,
  orgId: string,
  options: { teamId?: string | undefined; eventId?: string | undefined; lateOnly?: boolean; limit: number },
): Promise<RsvpLedgerEntry[]> {
  const { rows } = await sql<{
    id: string;
    event_id: string;
    title: string | null;
    team_id: string;
    occurrence_date: Date;
    user_id: string | null;
    player_id: string | null;
    user_name: string | null;
    answered_by: string | null;
    answered_by_name: string | null;
    status: string;
    previous_status: string | null;
    recorded_at: Date;
    late: boolean;
  }>`
    SELECT l.id, l.event_id, n.name AS title, l.team_id, l.occurrence_date, l.user_id, l.player_id,
      COALESCE(u.name, p.name) AS user_name,
      l.answered_by, b.name AS answered_by_name, l.status, l.previous_status, l.recorded_at, l.late
    FROM teams t JOIN rsvp_ledger l ON l.team_id = t.id
      LEFT JOIN org_activity_names n ON n.key = 'event:' || l.event_id
      LEFT JOIN users u ON u.id = l.user_id LEFT JOIN players p ON p.id = l.player_id
      LEFT JOIN users b ON b.id = l.answered_by
    WHERE t.org_id = ${orgId}
      ${options.teamId ? sql`AND t.id = ${options.teamId}` : sql``}
      ${options.eventId ? sql`AND l.event_id = ${options.eventId}` : sql``}
      ${options.lateOnly ? sql`AND l.late` : sql``}
    ORDER BY l.recorded_at DESC, l.id DESC LIMIT ${options.limit}`.execute(database);
  return rows.map((r) => ({
    id: r.id,
    eventId: r.event_id,
    eventTitle: r.title ?? 'Event',
    teamId: r.team_id,
    occurrenceDate: new Date(r.occurrence_date).toISOString(),
    userId: r.user_id,
    playerId: r.player_id,
    userName: r.user_name ?? 'Unknown User',
    answeredBy: r.answered_by,
    answeredByName: r.answered_by_name,
    status: r.status as RsvpStatus,
    previousStatus: r.previous_status as RsvpStatus | null,
    recordedAt: new Date(r.recorded_at).toISOString(),
    late: r.late,
  }));
}
