import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ReadModels } from '../read-models.ts';
import {
  fromHundredths,
  minuteOfPlay,
  positionOf,
  scoreContribution,
  sportById,
  type BoxScore,
  type MatchSide,
  type MatchStatus,
  type MatchTimeline,
  type Participant,
  type PlayingTime,
  type SeasonPlayingTime,
  type Stat,
} from '@sideline/domain';
import type { MatchesTables } from './matches-read-model.ts';

/**
 * A match as the read model has it, with its teams' names (team B's is the opponent's when it is
 * not on Sideline, with a null id); who may see or manage it is the caller's to decide.
 */
export interface MatchRow {
  id: string;
  seasonId: string | null;
  orgId: string | null;
  sportId: string;
  status: MatchStatus;
  startTime: string;
  location: string | null;
  format: string | null;
  teamA: { id: string; name: string };
  teamB: { id: string | null; name: string };
  opponentName: string | null;
  /**
   * The zone the match is played in, for reading its kick-off: team A's own zone, else its
   * organization's; null when neither is known (an independent team that set none).
   */
  timeZone: string | null;
  scoreA: number;
  scoreB: number;
  winnerId: string | null;
  winnerSide: MatchSide | null;
  startedAt: string | null;
  endedAt: string | null;
  participantCount: number;
  /**
   * Its teams that were deleted. A deleted team's side reads like an opponent not on Sideline: its
   * name as it was and its score, without its players. A match of deleted teams only is gone from
   * every read (onlyDeletedTeams).
   */
  deletedTeamIds: string[];
}

/** The ids of the match's Sideline teams (team A, and team B when it is not an opponent outside Sideline). */
export const teamIdsOfMatch = (m: Pick<MatchRow, 'teamA' | 'teamB'>): string[] =>
  m.teamB.id === null ? [m.teamA.id] : [m.teamA.id, m.teamB.id];

/**
 * Whether every Sideline team of the match was deleted (team A alone against an opponent not on
 * Sideline, or both teams): such a match belongs to nobody any more and answers 404 everywhere.
 * A match of a deleted team against a team that still exists stays in that team's history.
 */
export const onlyDeletedTeams = (m: Pick<MatchRow, 'teamA' | 'teamB' | 'deletedTeamIds'>): boolean =>
  teamIdsOfMatch(m).every((id) => m.deletedTeamIds.includes(id));

/**
 * SQL: the match (`alias`, a `matches` row) still has a team that was not deleted (the negation of
 * onlyDeletedTeams; two primary-key lookups). A team not projected yet counts as not deleted.
 */
export function hasUndeletedTeam(alias: string): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<boolean>`NOT EXISTS (
    SELECT 1 FROM teams deleted_a WHERE deleted_a.id = ${column('team_a_id')} AND deleted_a.deleted_at IS NOT NULL
      AND (${column('team_b_id')} IS NULL OR EXISTS (
        SELECT 1 FROM teams deleted_b WHERE deleted_b.id = ${column('team_b_id')} AND deleted_b.deleted_at IS NOT NULL)))`;
}

const UNKNOWN_TEAM = 'Unknown team';

function matchQuery(database: Kysely<ReadModels>) {
  return database
    .selectFrom('matches')
    .leftJoin('teams as ta', 'ta.id', 'matches.team_a_id')
    .leftJoin('teams as tb', 'tb.id', 'matches.team_b_id')
    .leftJoin('organizations as o', 'o.id', 'matches.org_id')
    .selectAll('matches')
    .select((eb) => [
      eb.fn.coalesce('ta.time_zone', 'o.timezone').as('time_zone'),
      'ta.name as team_a_name',
      'tb.name as team_b_name',
      'ta.deleted_at as team_a_deleted_at',
      'tb.deleted_at as team_b_deleted_at',
    ]);
}

/** matchQuery without the matches of deleted teams only. */
const shownMatchQuery = (database: Kysely<ReadModels>) => matchQuery(database).where(hasUndeletedTeam('matches'));

type MatchQueryRow = MatchesTables['matches'] & {
  time_zone: string | null;
  team_a_name: string | null;
  team_b_name: string | null;
  team_a_deleted_at: Date | null;
  team_b_deleted_at: Date | null;
};

const toMatchRow = (r: MatchQueryRow): MatchRow => ({
  id: r.id,
  seasonId: r.season_id,
  orgId: r.org_id,
  sportId: r.sport_id,
  status: r.status as MatchStatus,
  startTime: r.start_time.toISOString(),
  location: r.location,
  format: r.format,
  teamA: { id: r.team_a_id, name: r.team_a_name ?? UNKNOWN_TEAM },
  teamB:
    r.team_b_id === null
      ? { id: null, name: r.opponent_name ?? 'Opponent' }
      : { id: r.team_b_id, name: r.team_b_name ?? UNKNOWN_TEAM },
  opponentName: r.opponent_name,
  timeZone: r.time_zone,
  scoreA: fromHundredths(Number(r.score_a_h)),
  scoreB: fromHundredths(Number(r.score_b_h)),
  winnerId: r.winner_id,
  winnerSide: r.winner_side as MatchSide | null,
  startedAt: r.started_at ? new Date(r.started_at).toISOString() : null,
  endedAt: r.ended_at ? new Date(r.ended_at).toISOString() : null,
  participantCount: r.participant_count,
  deletedTeamIds: [
    ...(r.team_a_deleted_at !== null ? [r.team_a_id] : []),
    ...(r.team_b_id !== null && r.team_b_deleted_at !== null ? [r.team_b_id] : []),
  ],
});

/** The match, whatever became of its teams (`deletedTeamIds`, onlyDeletedTeams): readers must check. */
export async function findMatchRow(database: Kysely<ReadModels>, matchId: string): Promise<MatchRow | null> {
  const row = await matchQuery(database).where('matches.id', '=', matchId).executeTakeFirst();
  return row ? toMatchRow(row) : null;
}

export interface MatchFilter {
  status?: MatchStatus | undefined;
  teamId?: string | undefined;
  seasonId?: string | undefined;
}

/**
 * The matches of the given teams (either side) and organizations, soonest first, filtered.
 * Empty scopes give nothing.
 */
export async function listMatchRows(
  database: Kysely<ReadModels>,
  scope: { teamIds: readonly string[]; orgIds: readonly string[] },
  filter: MatchFilter = {},
): Promise<MatchRow[]> {
  const { teamIds, orgIds } = scope;
  if (teamIds.length === 0 && orgIds.length === 0) return [];
  let query = shownMatchQuery(database).where((eb) =>
    eb.or([
      ...(teamIds.length > 0
        ? [eb('matches.team_a_id', 'in', [...teamIds]), eb('matches.team_b_id', 'in', [...teamIds])]
        : []),
      ...(orgIds.length > 0 ? [eb('matches.org_id', 'in', [...orgIds])] : []),
    ]),
  );
  if (filter.status) query = query.where('matches.status', '=', filter.status);
  if (filter.seasonId) query = query.where('matches.season_id', '=', filter.seasonId);
  if (filter.teamId) {
    const teamId = filter.teamId;
    query = query.where((eb) => eb.or([eb('matches.team_a_id', '=', teamId), eb('matches.team_b_id', '=', teamId)]));
  }
  const rows = await query.orderBy('matches.start_time').orderBy('matches.id').execute();
  return rows.map(toMatchRow);
}

/**
 * A board of matches: those in progress (earliest kick-off first), still scheduled (soonest first)
 * and completed (latest first), of the given teams (either side). Three index range scans per
 * team at most (matches_team_a_idx, matches_team_b_idx).
 */
export async function matchBoardRows(
  database: Kysely<ReadModels>,
  teamIds: readonly string[],
  limits: { upcoming: number; recent: number },
): Promise<{ live: MatchRow[]; upcoming: MatchRow[]; recent: MatchRow[] }> {
  if (teamIds.length === 0) return { live: [], upcoming: [], recent: [] };
  const ofTeams = () =>
    shownMatchQuery(database).where((eb) =>
      eb.or([eb('matches.team_a_id', 'in', [...teamIds]), eb('matches.team_b_id', 'in', [...teamIds])]),
    );
  const [live, upcoming, recent] = await Promise.all([
    ofTeams()
      .where('matches.status', '=', 'in_progress')
      .orderBy('matches.start_time')
      .orderBy('matches.id')
      .limit(50)
      .execute(),
    ofTeams()
      .where('matches.status', '=', 'scheduled')
      .orderBy('matches.start_time')
      .orderBy('matches.id')
      .limit(limits.upcoming)
      .execute(),
    ofTeams()
      .where('matches.status', '=', 'complete')
      .orderBy('matches.start_time', 'desc')
      .orderBy('matches.id', 'desc')
      .limit(limits.recent)
      .execute(),
  ]);
  return { live: live.map(toMatchRow), upcoming: upcoming.map(toMatchRow), recent: recent.map(toMatchRow) };
}

/** An organization's matches in progress, earliest kick-off first (matches_in_progress_idx). */
export async function liveMatchRowsOfOrg(database: Kysely<ReadModels>, orgId: string): Promise<MatchRow[]> {
  const rows = await shownMatchQuery(database)
    .where('matches.org_id', '=', orgId)
    .where('matches.status', '=', 'in_progress')
    .orderBy('matches.start_time')
    .orderBy('matches.id')
    .limit(50)
    .execute();
  return rows.map(toMatchRow);
}

/** How many of an organization's matches are in progress. */
export async function countLiveMatchesOfOrg(database: Kysely<ReadModels>, orgId: string): Promise<number> {
  const row = await database
    .selectFrom('matches')
    .select(sql<string | number>`count(*)`.as('n'))
    .where('org_id', '=', orgId)
    .where('status', '=', 'in_progress')
    .where(hasUndeletedTeam('matches'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The ids of a team's matches still scheduled or in progress (matches_team_a_idx, matches_team_b_idx). */
export async function openMatchIdsOfTeam(database: Kysely<ReadModels>, teamId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM matches WHERE team_a_id = ${teamId} AND status IN ('scheduled', 'in_progress')
    UNION
    SELECT id FROM matches WHERE team_b_id = ${teamId} AND status IN ('scheduled', 'in_progress')
    ORDER BY id`.execute(database);
  return rows.map((r) => r.id);
}

/**
 * Deleted teams that still have matches scheduled or in progress: deletions whose matches were
 * not all cancelled (a process stopped halfway). Read once at start-up, off any request's path.
 */
export async function deletedTeamsWithOpenMatches(database: Kysely<ReadModels>): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT DISTINCT t.id FROM matches m JOIN teams t ON t.id IN (m.team_a_id, m.team_b_id)
    WHERE m.status IN ('scheduled', 'in_progress') AND t.deleted_at IS NOT NULL
    ORDER BY t.id`.execute(database);
  return rows.map((r) => r.id);
}

/**
 * Livestreams live now of any of the teams that the user may watch (public ones, their teams'
 * and their organizations' teams'), team by team, oldest start first. One query.
 */
export async function liveLivestreamsOfTeams(
  database: Kysely<ReadModels>,
  teamIds: readonly string[],
  userId: string,
): Promise<Map<string, { id: string; teamId: string; title: string }>> {
  if (teamIds.length === 0) return new Map();
  const { rows } = await sql<{ id: string; team_id: string; title: string }>`
    SELECT l.id, l.team_id, l.title FROM livestreams l
    WHERE l.status = 'live' AND l.team_id IN (${sql.join([...new Set(teamIds)])})
      AND (l.is_public
           OR EXISTS (SELECT 1 FROM team_members tm WHERE tm.team_id = l.team_id AND tm.user_id = ${userId})
           OR EXISTS (SELECT 1 FROM teams t JOIN org_admins a ON a.org_id = t.org_id
                      WHERE t.id = l.team_id AND a.user_id = ${userId}))
    ORDER BY l.actual_start_time NULLS LAST, l.id`.execute(database);
  const byTeam = new Map<string, { id: string; teamId: string; title: string }>();
  for (const r of rows)
    if (!byTeam.has(r.team_id)) byTeam.set(r.team_id, { id: r.id, teamId: r.team_id, title: r.title });
  return byTeam;
}

/**
 * The match's timeline: every stat recorded, corrected and taken back, in log order, with the
 * minute of play of each and, on each recorded stat, whether it was corrected or taken back since.
 */
export async function matchTimeline(database: Kysely<ReadModels>, match: MatchRow): Promise<MatchTimeline> {
  const sport = sportById(match.sportId);
  const rows = await database
    .selectFrom('match_timeline')
    .selectAll()
    .where('match_id', '=', match.id)
    .orderBy('seq')
    .execute();
  const amended = new Set(rows.filter((r) => r.kind === 'amended').map((r) => r.stat_id));
  const retracted = new Set(rows.filter((r) => r.kind === 'retracted').map((r) => r.stat_id));
  const playerNames = new Map(rows.filter((r) => r.kind === 'recorded').map((r) => [r.stat_id, r.player_name]));
  const sideName = (side: string) => (side === 'teamA' ? match.teamA.name : match.teamB.name);
  // A deleted team's side names no player, as an opponent not on Sideline.
  const gone = (teamId: string | null) => teamId !== null && match.deletedTeamIds.includes(teamId);
  return {
    matchId: match.id,
    startedAt: match.startedAt,
    entries: rows.map((r) => {
      const at = new Date(r.at).toISOString();
      return {
        seq: r.seq,
        kind: r.kind as MatchTimeline['entries'][number]['kind'],
        statId: r.stat_id,
        side: r.side as MatchSide,
        teamId: r.team_id,
        participantId: gone(r.team_id) ? null : r.participant_id,
        playerName: gone(r.team_id) ? null : (r.player_name ?? playerNames.get(r.stat_id) ?? null),
        sideName: sideName(r.side),
        statType: r.stat_type,
        scoring: scoreContribution(sport, r.stat_type, 1) !== 0,
        value: fromHundredths(r.value_h),
        previousValue: r.previous_value_h === null ? null : fromHundredths(r.previous_value_h),
        reason: r.reason,
        at,
        minute: minuteOfPlay(match.startedAt, at, match.endedAt),
        amendedSince: r.kind === 'recorded' && amended.has(r.stat_id),
        retractedSince: r.kind === 'recorded' && retracted.has(r.stat_id),
      };
    }),
  };
}

/** A season's matches (id, status, teams), oldest first; those of deleted teams only are gone. */
export async function seasonMatches(
  database: Kysely<ReadModels>,
  seasonId: string,
): Promise<Array<{ id: string; status: MatchStatus; teamIds: string[] }>> {
  const rows = await database
    .selectFrom('matches')
    .select(['id', 'status', 'team_a_id', 'team_b_id'])
    .where('season_id', '=', seasonId)
    .where(hasUndeletedTeam('matches'))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    status: r.status as MatchStatus,
    teamIds: r.team_b_id === null ? [r.team_a_id] : [r.team_a_id, r.team_b_id],
  }));
}

/** The lineup, in the order players were added, without the players of a deleted team. */
export async function listParticipants(
  database: Kysely<ReadModels>,
  matchId: string,
  sportId: string,
): Promise<Participant[]> {
  const sport = sportById(sportId);
  // A deleted team's players leave the lineup's reads (its side reads like an opponent not on Sideline).
  const rows = await database
    .selectFrom('match_participants')
    .leftJoin('teams', 'teams.id', 'match_participants.team_id')
    .selectAll('match_participants')
    .where('match_participants.match_id', '=', matchId)
    .where('teams.deleted_at', 'is', null)
    .orderBy('match_participants.seq')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    playerId: r.player_id,
    userName: r.name,
    teamId: r.team_id,
    positionId: r.position_id,
    positionName: r.position_id ? (positionOf(sport, r.position_id)?.name ?? null) : null,
    isStarter: r.is_starter,
    onField: r.on_field,
  }));
}

export async function findParticipant(
  database: Kysely<ReadModels>,
  matchId: string,
  who: { participantId?: string | null; userId?: string | null; playerId?: string | null },
): Promise<MatchesTables['match_participants'] | null> {
  let query = database.selectFrom('match_participants').selectAll().where('match_id', '=', matchId);
  if (who.participantId) query = query.where('id', '=', who.participantId);
  else if (who.userId) query = query.where('user_id', '=', who.userId);
  else if (who.playerId) query = query.where('player_id', '=', who.playerId);
  else return null;
  return (await query.executeTakeFirst()) ?? null;
}

function statQuery(database: Kysely<ReadModels>) {
  return database
    .selectFrom('match_stats')
    .leftJoin('match_participants', 'match_participants.id', 'match_stats.participant_id')
    .innerJoin('matches', 'matches.id', 'match_stats.match_id')
    .leftJoin('teams', 'teams.id', 'match_stats.team_id')
    .selectAll('match_stats')
    .select([
      'match_participants.name',
      'matches.opponent_name',
      'teams.name as team_name',
      'teams.deleted_at as team_deleted_at',
    ]);
}

type StatQueryRow = MatchesTables['match_stats'] & {
  name: string | null;
  opponent_name: string | null;
  team_name: string | null;
  team_deleted_at: Date | null;
};

/** A stat of a deleted team's side names the team, not its player (as an opponent not on Sideline). */
const toStat = (r: StatQueryRow): Stat => {
  const gone = r.team_deleted_at !== null;
  return {
    id: r.id,
    participantId: gone ? null : r.participant_id,
    userId: gone ? null : r.user_id,
    playerId: gone ? null : r.player_id,
    userName:
      r.side === 'opponent'
        ? (r.opponent_name ?? 'Opponent')
        : gone
          ? (r.team_name ?? UNKNOWN_TEAM)
          : (r.name ?? 'Unknown Player'),
    teamId: r.team_id,
    side: r.side as MatchSide,
    statType: r.stat_type,
    value: fromHundredths(r.value_h),
    context: r.context,
    recordedAt: r.recorded_at.toISOString(),
    amended: r.amended,
  };
};

/** The match's surviving stats, in recording order. */
export async function listStats(database: Kysely<ReadModels>, matchId: string): Promise<Stat[]> {
  const rows = await statQuery(database)
    .where('match_stats.match_id', '=', matchId)
    .orderBy('match_stats.seq')
    .execute();
  return rows.map(toStat);
}

export async function findStat(database: Kysely<ReadModels>, matchId: string, statId: string): Promise<Stat | null> {
  const row = await statQuery(database)
    .where('match_stats.id', '=', statId)
    .where('match_stats.match_id', '=', matchId)
    .executeTakeFirst();
  return row ? toStat(row) : null;
}

/**
 * The box score now: per side, its surviving stats summed per type, and each lineup player's
 * (the opponent outside Sideline has totals and no players).
 */
export async function boxScore(database: Kysely<ReadModels>, match: MatchRow): Promise<BoxScore> {
  const db = database;
  const sport = sportById(match.sportId);
  const [participants, sums] = await Promise.all([
    db
      .selectFrom('match_participants')
      .select(['id', 'name', 'team_id'])
      .where('match_id', '=', match.id)
      .orderBy('seq')
      .execute(),
    db
      .selectFrom('match_stats')
      .select(['participant_id', 'side', 'stat_type', sql<string | number>`SUM(value_h)`.as('total')])
      .where('match_id', '=', match.id)
      .groupBy(['participant_id', 'side', 'stat_type'])
      .execute(),
  ]);
  const totals = new Map<string, Map<string, number>>();
  const add = (key: string, statType: string, hundredths: number) => {
    const types = totals.get(key) ?? new Map<string, number>();
    types.set(statType, (types.get(statType) ?? 0) + hundredths);
    totals.set(key, types);
  };
  for (const s of sums) {
    if (s.participant_id !== null) add(`p:${s.participant_id}`, s.stat_type, Number(s.total));
    add(`side:${s.side}`, s.stat_type, Number(s.total));
  }
  const statsOf = (key: string) =>
    Object.fromEntries(
      sport.statTypes.flatMap((type) => {
        const total = totals.get(key)?.get(type);
        return total === undefined ? [] : [[type, fromHundredths(total)]];
      }),
    );
  const sides: Array<{ side: MatchSide; teamId: string | null; name: string; score: number }> = [
    { side: 'teamA', teamId: match.teamA.id, name: match.teamA.name, score: match.scoreA },
    {
      side: match.teamB.id === null ? 'opponent' : 'teamB',
      teamId: match.teamB.id,
      name: match.teamB.name,
      score: match.scoreB,
    },
  ];
  const teams = sides.map(({ side, teamId, name, score }) => ({
    teamId,
    side,
    name,
    score,
    totals: statsOf(`side:${side}`),
    players: participants
      .filter((p) => teamId !== null && p.team_id === teamId)
      .map((p) => ({ participantId: p.id, name: p.name, stats: statsOf(`p:${p.id}`) })),
  }));
  return withoutDeletedTeamsPlayers(
    { matchId: match.id, at: null, scoreA: match.scoreA, scoreB: match.scoreB, teams },
    match.deletedTeamIds,
  );
}

/** A deleted team's side of a box score: its name, score and totals, and no players (as an opponent not on Sideline). */
export function withoutDeletedTeamsPlayers(box: BoxScore, deletedTeamIds: readonly string[]): BoxScore {
  if (deletedTeamIds.length === 0) return box;
  return {
    ...box,
    teams: box.teams.map((t) => (t.teamId !== null && deletedTeamIds.includes(t.teamId) ? { ...t, players: [] } : t)),
  };
}

/** `AND column IN (teamIds)`, or nothing for every team. */
function teamFilter(column: RawBuilder<unknown>, teamIds: readonly string[] | null) {
  if (teamIds === null) return sql``;
  return teamIds.length > 0 ? sql`AND ${column} IN (${sql.join([...teamIds])})` : sql`AND false`;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const minutesBetween = (from: Date, to: Date) => Math.max(0, to.getTime() - from.getTime()) / 60_000;

/**
 * The playing-time ledger of a match: per lineup player, their minutes (a stretch still running
 * counts up to `now`), by position, and each stretch with the events that began and ended it.
 */
export async function playingTime(database: Kysely<ReadModels>, match: MatchRow, now: Date): Promise<PlayingTime> {
  const db = database;
  const sport = sportById(match.sportId);
  const [participants, segments] = await Promise.all([
    db.selectFrom('match_participants').selectAll().where('match_id', '=', match.id).orderBy('seq').execute(),
    db
      .selectFrom('match_segments')
      .selectAll()
      .where('match_id', '=', match.id)
      .orderBy('from_at')
      .orderBy('started_by_revision')
      .execute(),
  ]);
  return {
    matchId: match.id,
    // A deleted team's players leave it (as an opponent's, which Sideline does not know).
    players: participants
      .filter((p) => !match.deletedTeamIds.includes(p.team_id))
      .map((p) => {
        const own = segments.filter((s) => s.participant_id === p.id);
        const byPosition = new Map<string | null, number>();
        let total = 0;
        const stretches = own.map((s) => {
          const minutes = minutesBetween(s.from_at, s.to_at ?? now);
          total += minutes;
          byPosition.set(s.position_id, (byPosition.get(s.position_id) ?? 0) + minutes);
          return {
            from: s.from_at.toISOString(),
            to: s.to_at?.toISOString() ?? null,
            positionId: s.position_id,
            minutes: round2(minutes),
            startedBy: { type: s.started_by_type, revision: s.started_by_revision },
            endedBy:
              s.ended_by_type !== null && s.ended_by_revision !== null
                ? { type: s.ended_by_type, revision: s.ended_by_revision }
                : null,
          };
        });
        return {
          participantId: p.id,
          userId: p.user_id,
          playerId: p.player_id,
          name: p.name,
          teamId: p.team_id,
          minutes: round2(total),
          byPosition: [...byPosition].map(([positionId, minutes]) => ({
            positionId,
            positionName: positionId ? (positionOf(sport, positionId)?.name ?? null) : null,
            minutes: round2(minutes),
          })),
          segments: stretches,
        };
      }),
  };
}

/**
 * Minutes per player over a season's matches (stretches still running count up to `now`), most
 * first; a deleted team's players are not among them. A player is an account or a roster player; their name is the latest one in a lineup.
 */
export async function seasonPlayingTime(
  database: Kysely<ReadModels>,
  seasonId: string,
  now: Date,
  /** Only players of these teams (null: every team). */
  teamIds: readonly string[] | null = null,
): Promise<SeasonPlayingTime> {
  const teams = teamFilter(sql.ref('p.team_id'), teamIds);
  const { rows } = await sql<{
    user_id: string | null;
    player_id: string | null;
    name: string;
    seconds: string | number;
    matches: string | number;
  }>`
    SELECT p.user_id, p.player_id,
           (array_agg(p.name ORDER BY m.start_time DESC))[1] AS name,
           COALESCE(SUM(EXTRACT(EPOCH FROM (COALESCE(s.to_at, ${now}::timestamptz) - s.from_at))), 0) AS seconds,
           COUNT(DISTINCT m.id) AS matches
    FROM matches m
    JOIN match_participants p ON p.match_id = m.id
    JOIN match_segments s ON s.match_id = m.id AND s.participant_id = p.id
    LEFT JOIN teams t ON t.id = p.team_id
    WHERE m.season_id = ${seasonId} AND t.deleted_at IS NULL ${teams}
    GROUP BY p.user_id, p.player_id
    ORDER BY seconds DESC, name ASC`.execute(database);
  return {
    seasonId,
    players: rows.map((r) => ({
      userId: r.user_id,
      playerId: r.player_id,
      name: r.name,
      minutes: round2(Math.max(0, Number(r.seconds)) / 60),
      matches: Number(r.matches),
    })),
  };
}

export interface SeasonStatTotal {
  userId: string | null;
  playerId: string | null;
  name: string;
  teamId: string;
  statType: string;
  total: number;
  matches: number;
}

/**
 * Each player's surviving stat totals over a season, per stat type, largest first (the
 * leaderboards); a deleted team's players are not among them.
 */
export async function seasonStatTotals(
  database: Kysely<ReadModels>,
  seasonId: string,
  /** Only players of these teams (null: every team). */
  teamIds: readonly string[] | null = null,
): Promise<SeasonStatTotal[]> {
  const teams = teamFilter(sql.ref('s.team_id'), teamIds);
  const { rows } = await sql<{
    user_id: string | null;
    player_id: string | null;
    name: string;
    team_id: string;
    stat_type: string;
    total: string | number;
    matches: string | number;
  }>`
    SELECT s.user_id, s.player_id, (array_agg(p.name ORDER BY s.recorded_at DESC))[1] AS name, s.team_id, s.stat_type,
           SUM(s.value_h) AS total, COUNT(DISTINCT s.match_id) AS matches
    FROM match_stats s JOIN match_participants p ON p.id = s.participant_id LEFT JOIN teams t ON t.id = s.team_id
    WHERE s.season_id = ${seasonId} AND t.deleted_at IS NULL ${teams}
    GROUP BY s.user_id, s.player_id, s.team_id, s.stat_type
    ORDER BY s.stat_type, SUM(s.value_h) DESC, name`.execute(database);
  return rows.map((r) => ({
    userId: r.user_id,
    playerId: r.player_id,
    name: r.name,
    teamId: r.team_id,
    statType: r.stat_type,
    total: fromHundredths(Number(r.total)),
    matches: Number(r.matches),
  }));
}
