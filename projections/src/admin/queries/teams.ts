import { sql, type Kysely } from 'kysely';
import type { AdminTeam } from '@sideline/domain';

import type { AdminOrg } from './org.ts';
import type { ReadModels } from '../../read-models.ts';

/** The organization's teams (a deleted team is gone), with their counts, oldest first. */
export async function listAdminTeams(
  database: Kysely<ReadModels>,
  org: AdminOrg,
  teamId?: string,
): Promise<AdminTeam[]> {
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
