import { sql, type Kysely } from 'kysely';
import { minuteOfPlay, type AdminUpcomingMatch, type LiveMatchSummary } from '@sideline/domain';

import { countLiveMatchesOfOrg, hasUndeletedTeam, liveMatchRowsOfOrg } from '../../matches/matches-queries.ts';
import { sportNameOf } from './format.ts';
import type { ReadModels } from '../../read-models.ts';

/** The dashboard's figures: counts and attendance, upcoming matches, matches live now. */

export async function adminCounts(
  database: Kysely<ReadModels>,
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
  database: Kysely<ReadModels>,
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
  database: Kysely<ReadModels>,
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
