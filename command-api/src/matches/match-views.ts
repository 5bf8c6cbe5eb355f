import type { Kysely } from 'kysely';
import { minuteOfPlay, sportById, type Match, type MatchLivestream } from '@sideline/domain';
import {
  liveLivestreamsOfTeams,
  teamIdsOfMatch,
  type MatchRow,
  type ReadModels,
  seasonNames,
} from '@sideline/projections';

/** A match as the API answers it, for a caller who may read it (`canManage`: and manage it). */
export function toMatch(
  row: MatchRow,
  facts: { seasonName: string | null; canManage: boolean; livestream: MatchLivestream | null; now: Date },
): Match {
  return {
    id: row.id,
    seasonId: row.seasonId,
    seasonName: facts.seasonName,
    sportId: row.sportId,
    sportName: sportById(row.sportId).name,
    status: row.status,
    startTime: row.startTime,
    location: row.location,
    format: row.format,
    teamA: row.teamA,
    teamB: row.teamB,
    opponentName: row.opponentName,
    timeZone: row.timeZone,
    scoreA: row.scoreA,
    scoreB: row.scoreB,
    winnerId: row.winnerId,
    winnerSide: row.winnerSide,
    startedAt: row.startedAt,
    endedAt: row.endedAt,
    minute: row.status === 'in_progress' ? minuteOfPlay(row.startedAt, facts.now.toISOString()) : null,
    participantCount: row.participantCount,
    canManage: facts.canManage,
    livestream: facts.livestream,
  };
}

/**
 * Matches as the API answers them, with their seasons' names and a livestream of either team that
 * is live and the caller may watch: two queries for the whole list.
 */
export async function matchViews(
  db: Kysely<ReadModels>,
  rows: readonly MatchRow[],
  userId: string,
  canManage: (row: MatchRow) => boolean,
  now = new Date(),
): Promise<Match[]> {
  if (rows.length === 0) return [];
  const [names, livestreams] = await Promise.all([
    seasonNames(
      db,
      rows.flatMap((r) => (r.seasonId === null ? [] : [r.seasonId])),
    ),
    liveLivestreamsOfTeams(db, rows.flatMap(teamIdsOfMatch), userId),
  ]);
  return rows.map((row) =>
    toMatch(row, {
      seasonName: row.seasonId === null ? null : (names.get(row.seasonId) ?? null),
      canManage: canManage(row),
      livestream:
        teamIdsOfMatch(row)
          .map((teamId) => livestreams.get(teamId))
          .find((l) => l !== undefined) ?? null,
      now,
    }),
  );
}

/** One match as the API answers it. */
export async function matchView(
  db: Kysely<ReadModels>,
  row: MatchRow,
  userId: string,
  canManage: boolean,
): Promise<Match> {
  const [view] = await matchViews(db, [row], userId, () => canManage);
  return view!;
}
