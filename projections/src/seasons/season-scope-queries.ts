import { sql, type Kysely } from 'kysely';
import type { ReadModels } from '../read-models.ts';
import { isSportId, sportById, UNKNOWN_SPORT_ID, type SportId } from '@sideline/domain';

/**
 * What matches and API tokens read of organizations and seasons (the `seasons`, `org_admins`,
 * `teams.season_id` and `teams.org_id` read models), kept here so the API reads only through the
 * projections' queries.
 */
export interface SeasonFacts {
  id: string;
  orgId: string;
  name: string;
  /** The season's sport as a catalogue id ('unknown' for a name the catalogue does not know). */
  sportId: SportId | typeof UNKNOWN_SPORT_ID;
  sportName: string;
  /** Whether the user administers the season's organization. */
  isOrgAdmin: boolean;
  /** Whether the user is a member of one of the organization's teams. */
  isOrgMember: boolean;
}

export async function findSeasonFacts(
  db: Kysely<ReadModels>,
  seasonId: string,
  userId: string,
): Promise<SeasonFacts | null> {
  const { rows } = await sql<{
    id: string;
    org_id: string;
    name: string;
    sport_id: string;
    is_admin: boolean;
    is_member: boolean;
  }>`
    SELECT s.id, s.org_id, s.name, s.sport_id,
      EXISTS (SELECT 1 FROM org_admins a WHERE a.org_id = s.org_id AND a.user_id = ${userId}) AS is_admin,
      EXISTS (SELECT 1 FROM teams t JOIN team_members m ON m.team_id = t.id AND m.user_id = ${userId}
              WHERE t.org_id = s.org_id) AS is_member
    FROM seasons s WHERE s.id = ${seasonId}`.execute(db);
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    orgId: r.org_id,
    name: r.name,
    sportId: isSportId(r.sport_id) ? r.sport_id : UNKNOWN_SPORT_ID,
    sportName: sportById(r.sport_id).name,
    isOrgAdmin: r.is_admin,
    isOrgMember: r.is_member,
  };
}

/** Which of the teams belong to the season. */
export async function teamsOfSeason(
  db: Kysely<ReadModels>,
  seasonId: string,
  teamIds: readonly string[],
): Promise<Set<string>> {
  if (teamIds.length === 0) return new Set();
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM teams WHERE season_id = ${seasonId} AND deleted_at IS NULL AND id IN (${sql.join([...teamIds])})`.execute(
    db,
  );
  return new Set(rows.map((r) => r.id));
}

/** Season names by id. */
export async function seasonNames(db: Kysely<ReadModels>, seasonIds: readonly string[]): Promise<Map<string, string>> {
  if (seasonIds.length === 0) return new Map();
  const { rows } = await sql<{ id: string; name: string }>`
    SELECT id, name FROM seasons WHERE id IN (${sql.join([...new Set(seasonIds)])})`.execute(db);
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function orgIdsAdministeredBy(db: Kysely<ReadModels>, userId: string): Promise<string[]> {
  const { rows } = await sql<{ org_id: string }>`SELECT org_id FROM org_admins WHERE user_id = ${userId}`.execute(db);
  return rows.map((r) => r.org_id);
}

/**
 * A season as the caller may read it: its organization's admins read it whole; a member of some
 * of its teams reads it for those teams. Null for anyone else (and for no such season).
 */
export async function seasonStanding(
  db: Kysely<ReadModels>,
  seasonId: string,
  userId: string,
): Promise<{ seasonId: string; orgId: string; isOrgAdmin: boolean; teamIds: string[] } | null> {
  const { rows } = await sql<{ org_id: string; is_admin: boolean; team_ids: string[] | null }>`
    SELECT s.org_id,
      EXISTS (SELECT 1 FROM org_admins a WHERE a.org_id = s.org_id AND a.user_id = ${userId}) AS is_admin,
      ARRAY(SELECT t.id FROM teams t JOIN team_members m ON m.team_id = t.id AND m.user_id = ${userId}
            WHERE t.season_id = s.id ORDER BY t.id) AS team_ids
    FROM seasons s WHERE s.id = ${seasonId}`.execute(db);
  const r = rows[0];
  const teamIds = r?.team_ids ?? [];
  if (!r || (!r.is_admin && teamIds.length === 0)) return null;
  return { seasonId, orgId: r.org_id, isOrgAdmin: r.is_admin, teamIds };
}

/** The organization of a season, or null when there is no such season. */
export async function seasonOrgId(db: Kysely<ReadModels>, seasonId: string): Promise<string | null> {
  const { rows } = await sql<{ org_id: string }>`SELECT org_id FROM seasons WHERE id = ${seasonId}`.execute(db);
  return rows[0]?.org_id ?? null;
}
