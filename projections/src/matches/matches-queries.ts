import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  fromHundredths,
  positionOf,
  sportById,
  type BoxScore,
  type MatchStatus,
  type Participant,
  type PlayingTime,
  type SeasonPlayingTime,
  type Stat,
} from '@sideline/domain';
import type { TeamsTables } from '../teams/teams-read-model.ts';
import type { MatchesTables } from './matches-read-model.ts';

type DB = MatchesTables & TeamsTables;

/** A match as the read model has it, with its teams' names; who may see or manage it is the caller's to decide. */
export interface MatchRow {
  id: string;
  seasonId: string;
  orgId: string | null;
  sportId: string;
  status: MatchStatus;
  startTime: string;
  location: string | null;
  format: string | null;
  teamA: { id: string; name: string };
  teamB: { id: string; name: string };
  scoreA: number;
  scoreB: number;
  winnerId: string | null;
  participantCount: number;
}

const UNKNOWN_TEAM = 'Unknown team';

function matchQuery(database: Kysely<any>) {
  return (database as Kysely<DB>)
    .selectFrom('matches')
    .leftJoin('teams as ta', 'ta.id', 'matches.team_a_id')
    .leftJoin('teams as tb', 'tb.id', 'matches.team_b_id')
    .selectAll('matches')
    .select(['ta.name as team_a_name', 'tb.name as team_b_name']);
}

type MatchQueryRow = MatchesTables['matches'] & { team_a_name: string | null; team_b_name: string | null };

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
  teamB: { id: r.team_b_id, name: r.team_b_name ?? UNKNOWN_TEAM },
  scoreA: fromHundredths(Number(r.score_a_h)),
  scoreB: fromHundredths(Number(r.score_b_h)),
  winnerId: r.winner_id,
  participantCount: r.participant_count,
});

export async function findMatchRow(database: Kysely<any>, matchId: string): Promise<MatchRow | null> {
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
  database: Kysely<any>,
  scope: { teamIds: readonly string[]; orgIds: readonly string[] },
  filter: MatchFilter = {},
): Promise<MatchRow[]> {
  const { teamIds, orgIds } = scope;
  if (teamIds.length === 0 && orgIds.length === 0) return [];
  let query = matchQuery(database).where((eb) =>
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

/** A season's matches (id, status, teams), oldest first. */
export async function seasonMatches(
  database: Kysely<any>,
  seasonId: string,
): Promise<Array<{ id: string; status: MatchStatus; teamIds: [string, string] }>> {
  const rows = await (database as Kysely<DB>)
    .selectFrom('matches')
    .select(['id', 'status', 'team_a_id', 'team_b_id'])
    .where('season_id', '=', seasonId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, status: r.status as MatchStatus, teamIds: [r.team_a_id, r.team_b_id] }));
}

export async function listParticipants(
  database: Kysely<any>,
  matchId: string,
  sportId: string,
): Promise<Participant[]> {
  const sport = sportById(sportId);
  const rows = await (database as Kysely<DB>)
    .selectFrom('match_participants')
    .selectAll()
    .where('match_id', '=', matchId)
    .orderBy('seq')
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
  database: Kysely<any>,
  matchId: string,
  who: { participantId?: string | null; userId?: string | null; playerId?: string | null },
): Promise<MatchesTables['match_participants'] | null> {
  let query = (database as Kysely<DB>).selectFrom('match_participants').selectAll().where('match_id', '=', matchId);
  if (who.participantId) query = query.where('id', '=', who.participantId);
  else if (who.userId) query = query.where('user_id', '=', who.userId);
  else if (who.playerId) query = query.where('player_id', '=', who.playerId);
  else return null;
  return (await query.executeTakeFirst()) ?? null;
}

function statQuery(database: Kysely<any>) {
  return (database as Kysely<DB>)
    .selectFrom('match_stats')
    .leftJoin('match_participants', 'match_participants.id', 'match_stats.participant_id')
    .selectAll('match_stats')
    .select('match_participants.name');
}

const toStat = (r: MatchesTables['match_stats'] & { name: string | null }): Stat => ({
  id: r.id,
  participantId: r.participant_id,
  userId: r.user_id,
  playerId: r.player_id,
  userName: r.name ?? 'Unknown Player',
  teamId: r.team_id,
  statType: r.stat_type,
  value: fromHundredths(r.value_h),
  context: r.context,
  recordedAt: r.recorded_at.toISOString(),
  amended: r.amended,
});

/** The match's surviving stats, in recording order. */
export async function listStats(database: Kysely<any>, matchId: string): Promise<Stat[]> {
  const rows = await statQuery(database)
    .where('match_stats.match_id', '=', matchId)
    .orderBy('match_stats.seq')
    .execute();
  return rows.map(toStat);
}

export async function findStat(database: Kysely<any>, matchId: string, statId: string): Promise<Stat | null> {
  const row = await statQuery(database)
    .where('match_stats.id', '=', statId)
    .where('match_stats.match_id', '=', matchId)
    .executeTakeFirst();
  return row ? toStat(row) : null;
}

/** The box score now: each lineup player's surviving stats summed per type, per team. */
export async function boxScore(database: Kysely<any>, match: MatchRow): Promise<BoxScore> {
  const db = database as Kysely<DB>;
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
      .select(['participant_id', 'stat_type', sql<string | number>`SUM(value_h)`.as('total')])
      .where('match_id', '=', match.id)
      .groupBy(['participant_id', 'stat_type'])
      .execute(),
  ]);
  const byParticipant = new Map<string, Map<string, number>>();
  for (const s of sums) {
    const types = byParticipant.get(s.participant_id) ?? new Map<string, number>();
    types.set(s.stat_type, Number(s.total));
    byParticipant.set(s.participant_id, types);
  }
  const teams = [match.teamA, match.teamB].map((team, i) => ({
    teamId: team.id,
    name: team.name,
    score: i === 0 ? match.scoreA : match.scoreB,
    players: participants
      .filter((p) => p.team_id === team.id)
      .map((p) => ({
        participantId: p.id,
        name: p.name,
        stats: Object.fromEntries(
          sport.statTypes.flatMap((type) => {
            const total = byParticipant.get(p.id)?.get(type);
            return total === undefined ? [] : [[type, fromHundredths(total)]];
          }),
        ),
      })),
  }));
  return { matchId: match.id, at: null, scoreA: match.scoreA, scoreB: match.scoreB, teams };
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
export async function playingTime(database: Kysely<any>, match: MatchRow, now: Date): Promise<PlayingTime> {
  const db = database as Kysely<DB>;
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
    players: participants.map((p) => {
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
 * first. A player is an account or a roster player; their name is the latest one in a lineup.
 */
export async function seasonPlayingTime(
  database: Kysely<any>,
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
    WHERE m.season_id = ${seasonId} ${teams}
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

/** Each player's surviving stat totals over a season, per stat type, largest first (the leaderboards). */
export async function seasonStatTotals(
  database: Kysely<any>,
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
    FROM match_stats s JOIN match_participants p ON p.id = s.participant_id
    WHERE s.season_id = ${seasonId} ${teams}
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
