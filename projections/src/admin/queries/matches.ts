import { sql, type Kysely } from 'kysely';
import type { AdminMatch } from '@sideline/domain';

import { hasUndeletedTeam } from '../../matches/matches-queries.ts';
import { adminStatus, hundredths, sportNameOf } from './format.ts';
import type { ReadModels } from '../../read-models.ts';

/** The organization's matches of teams not deleted: in progress first, then latest first. */
export async function listAdminMatches(
  database: Kysely<ReadModels>,
  orgId: string,
  matchId?: string,
): Promise<AdminMatch[]> {
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
