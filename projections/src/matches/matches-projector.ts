import { sql, type Kysely } from 'kysely';
import type { ReadModels } from '../read-models.ts';
import { teamSubject, toEnvelope, userSubject, type RecordedEvent } from '@sideline/infra';
import {
  matchEventTypes,
  resultWinnerSide,
  scoreContribution,
  scoreIndexOf,
  sportById,
  statSideOf,
  toHundredths,
  type MatchEvent,
  type MatchSide,
  type SportDefinition,
} from '@sideline/domain';
import type { AfterCommitMessage, Projector } from '../runner/projector.ts';
import type { MatchesTables } from './matches-read-model.ts';

type DB = MatchesTables;

/** Closes every open stretch on the field of the match (final whistle or cancellation). */
async function closeSegments(db: Kysely<DB>, matchId: string, at: string, e: RecordedEvent, participantId?: string) {
  let update = db
    .updateTable('match_segments')
    .set({ to_at: new Date(at), ended_by_type: e.type, ended_by_revision: e.revision })
    .where('match_id', '=', matchId)
    .where('to_at', 'is', null);
  if (participantId) update = update.where('participant_id', '=', participantId);
  await update.execute();
}

async function addToScore(db: Kysely<DB>, matchId: string, side: MatchSide, hundredths: number) {
  if (hundredths === 0) return;
  const column = scoreIndexOf(side) === 0 ? sql.ref('score_a_h') : sql.ref('score_b_h');
  await sql`UPDATE matches SET ${column} = ${column} + ${hundredths}::bigint WHERE id = ${matchId}`.execute(db);
}

/** One line of the match's timeline: a stat recorded, corrected or taken back. */
async function addToTimeline(
  db: Kysely<DB>,
  recorded: RecordedEvent,
  row: Omit<DB['match_timeline'], 'seq' | 'player_name' | 'by'>,
  by: string,
) {
  await sql`INSERT INTO match_timeline (match_id, seq, kind, stat_id, side, team_id, participant_id, player_name,
              stat_type, value_h, previous_value_h, reason, at, by)
            VALUES (${row.match_id}, ${recorded.revision}, ${row.kind}, ${row.stat_id}, ${row.side}, ${row.team_id},
              ${row.participant_id},
              (SELECT name FROM match_participants WHERE id = ${row.participant_id}),
              ${row.stat_type}, ${row.value_h}, ${row.previous_value_h}, ${row.reason}, ${row.at}, ${by})
            ON CONFLICT (match_id, seq) DO NOTHING`.execute(db);
}

/**
 * Org admins of the matches' organizations who are in neither team: a match's changes reach
 * them on their own sockets (their dashboard's "Live now"), where team rooms never take them.
 */
async function adminsOutsideTeams(
  db: Kysely<ReadModels>,
  matches: ReadonlyMap<string, readonly string[]>,
): Promise<Map<string, string[]>> {
  const ids = [...matches.keys()];
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ match_id: string; user_id: string }>`
    SELECT m.id AS match_id, a.user_id
    FROM matches m JOIN org_admins a ON a.org_id = m.org_id
    WHERE m.id IN (${sql.join(ids)})
      AND NOT EXISTS (SELECT 1 FROM team_members tm
                      WHERE tm.user_id = a.user_id AND tm.team_id IN (m.team_a_id, m.team_b_id))`.execute(db);
  const admins = new Map<string, string[]>();
  for (const r of rows) admins.set(r.match_id, [...(admins.get(r.match_id) ?? []), r.user_id]);
  return admins;
}

/** The admins `apply` found for a batch's matches, for `afterCommit`. */
const adminsOfBatch = new WeakMap<readonly RecordedEvent[], Map<string, string[]>>();

/**
 * Matches, lineups, surviving stats, live scores and the playing-time ledger, from the match
 * streams. Stats are rows as they stand after their corrections (an amendment rewrites the row,
 * a retraction deletes it); the history stays in the log, which `?at=` answers fold.
 */
export const matchesProjector: Projector<DB> = {
  name: 'matches',
  handles: matchEventTypes,
  tables: ['matches', 'match_participants', 'match_stats', 'match_segments', 'match_timeline'],

  async apply(trx, events) {
    const db: Kysely<DB> = trx;
    const sports = new Map<string, SportDefinition>();
    const sportOf = async (matchId: string): Promise<SportDefinition> => {
      const known = sports.get(matchId);
      if (known) return known;
      const row = await db.selectFrom('matches').select('sport_id').where('id', '=', matchId).executeTakeFirst();
      const sport = sportById(row?.sport_id ?? '');
      sports.set(matchId, sport);
      return sport;
    };

    for (const recorded of events) {
      const e = { type: recorded.type, data: recorded.data } as MatchEvent;
      switch (e.type) {
        case 'MatchScheduled': {
          const d = e.data;
          await db
            .insertInto('matches')
            .values({
              id: d.matchId,
              season_id: d.seasonId,
              org_id: d.orgId,
              sport_id: d.sportId,
              status: 'scheduled',
              start_time: new Date(d.startTime),
              location: d.location,
              format: d.format,
              team_a_id: d.teamAId,
              team_b_id: d.teamBId,
              opponent_name: d.opponentName ?? null,
              score_a_h: 0,
              score_b_h: 0,
              winner_id: null,
              winner_side: null,
              participant_count: 0,
              started_at: null,
              ended_at: null,
              created_by: d.by,
              created_at: new Date(recorded.metadata.occurredAt),
            })
            .execute();
          break;
        }
        case 'MatchStarted': {
          const d = e.data;
          await db
            .updateTable('matches')
            .set({ status: 'in_progress', started_at: new Date(d.at) })
            .where('id', '=', d.matchId)
            .execute();
          await sql`INSERT INTO match_segments
                      (match_id, participant_id, from_at, to_at, position_id, started_by_type, started_by_revision)
                    SELECT match_id, id, ${new Date(d.at)}, NULL, position_id, ${e.type}, ${recorded.revision}
                    FROM match_participants WHERE match_id = ${d.matchId} AND on_field`.execute(db);
          break;
        }
        case 'MatchCompleted':
        case 'MatchCancelled': {
          const d = e.data;
          const result =
            e.type === 'MatchCompleted'
              ? {
                  score_a_h: toHundredths(e.data.scoreA),
                  score_b_h: toHundredths(e.data.scoreB),
                  winner_id: e.data.winnerId,
                  winner_side: resultWinnerSide(e.data),
                }
              : {};
          await db
            .updateTable('matches')
            .set({
              status: e.type === 'MatchCompleted' ? 'complete' : 'cancelled',
              ended_at: new Date(d.at),
              ...result,
            })
            .where('id', '=', d.matchId)
            .execute();
          await closeSegments(db, d.matchId, d.at, recorded);
          break;
        }
        case 'MatchResultRevised': {
          const d = e.data;
          await db
            .updateTable('matches')
            .set({
              score_a_h: toHundredths(d.scoreA),
              score_b_h: toHundredths(d.scoreB),
              winner_id: d.winnerId,
              winner_side: resultWinnerSide(d),
            })
            .where('id', '=', d.matchId)
            .execute();
          break;
        }
        case 'ParticipantAdded': {
          const d = e.data;
          await db
            .insertInto('match_participants')
            .values({
              id: d.participantId,
              match_id: d.matchId,
              seq: recorded.revision,
              user_id: d.userId,
              player_id: d.playerId,
              name: d.name,
              team_id: d.teamId,
              position_id: d.positionId,
              is_starter: d.isStarter,
              on_field: d.onField,
            })
            .execute();
          await db
            .updateTable('matches')
            .set((eb) => ({ participant_count: eb('participant_count', '+', 1) }))
            .where('id', '=', d.matchId)
            .execute();
          break;
        }
        case 'ParticipantRemoved': {
          const d = e.data;
          await db.deleteFrom('match_participants').where('id', '=', d.participantId).execute();
          await db
            .deleteFrom('match_segments')
            .where('match_id', '=', d.matchId)
            .where('participant_id', '=', d.participantId)
            .execute();
          await db
            .updateTable('matches')
            .set((eb) => ({ participant_count: eb('participant_count', '-', 1) }))
            .where('id', '=', d.matchId)
            .execute();
          break;
        }
        case 'Substituted': {
          const d = e.data;
          await closeSegments(db, d.matchId, d.at, recorded, d.outParticipantId);
          await db
            .insertInto('match_segments')
            .values({
              match_id: d.matchId,
              participant_id: d.inParticipantId,
              from_at: new Date(d.at),
              to_at: null,
              position_id: d.positionId,
              started_by_type: e.type,
              started_by_revision: recorded.revision,
              ended_by_type: null,
              ended_by_revision: null,
            })
            .execute();
          await db
            .updateTable('match_participants')
            .set({ on_field: false })
            .where('id', '=', d.outParticipantId)
            .execute();
          await db
            .updateTable('match_participants')
            .set({ on_field: true, position_id: d.positionId })
            .where('id', '=', d.inParticipantId)
            .execute();
          break;
        }
        case 'StatRecorded': {
          const d = e.data;
          const side = statSideOf(d);
          await sql`INSERT INTO match_stats
                      (id, match_id, season_id, participant_id, user_id, player_id, team_id, side, stat_type, value_h,
                       context, recorded_at, amended, seq)
                    SELECT ${d.statId}, ${d.matchId}, m.season_id, ${d.participantId}, ${d.userId}, ${d.playerId},
                           ${d.teamId}, ${side}, ${d.statType}, ${toHundredths(d.value)}, ${d.context},
                           ${new Date(d.recordedAt)}, false, ${recorded.revision}
                    FROM matches m WHERE m.id = ${d.matchId}`.execute(db);
          const sport = await sportOf(d.matchId);
          await addToScore(db, d.matchId, side, scoreContribution(sport, d.statType, d.value));
          await addToTimeline(
            db,
            recorded,
            {
              match_id: d.matchId,
              kind: 'recorded',
              stat_id: d.statId,
              side,
              team_id: d.teamId,
              participant_id: d.participantId,
              stat_type: d.statType,
              value_h: toHundredths(d.value),
              previous_value_h: null,
              reason: null,
              at: new Date(d.recordedAt),
            },
            d.by,
          );
          break;
        }
        case 'StatAmended': {
          const d = e.data;
          const side = statSideOf(d);
          await db
            .updateTable('match_stats')
            .set({ value_h: toHundredths(d.value), context: d.context, amended: true })
            .where('id', '=', d.statId)
            .execute();
          const sport = await sportOf(d.matchId);
          const delta =
            scoreContribution(sport, d.statType, d.value) - scoreContribution(sport, d.statType, d.previousValue);
          await addToScore(db, d.matchId, side, delta);
          await addToTimeline(
            db,
            recorded,
            {
              match_id: d.matchId,
              kind: 'amended',
              stat_id: d.statId,
              side,
              team_id: d.teamId,
              participant_id: d.participantId,
              stat_type: d.statType,
              value_h: toHundredths(d.value),
              previous_value_h: toHundredths(d.previousValue),
              reason: d.reason,
              at: new Date(d.at),
            },
            d.by,
          );
          break;
        }
        case 'StatRetracted': {
          const d = e.data;
          const side = statSideOf(d);
          await db.deleteFrom('match_stats').where('id', '=', d.statId).execute();
          const sport = await sportOf(d.matchId);
          await addToScore(db, d.matchId, side, -scoreContribution(sport, d.statType, d.value));
          await addToTimeline(
            db,
            recorded,
            {
              match_id: d.matchId,
              kind: 'retracted',
              stat_id: d.statId,
              side,
              team_id: d.teamId,
              participant_id: d.participantId,
              stat_type: d.statType,
              value_h: toHundredths(d.value),
              previous_value_h: null,
              reason: d.reason,
              at: new Date(d.at),
            },
            d.by,
          );
          break;
        }
      }
    }
    adminsOfBatch.set(events, await adminsOutsideTeams(db, changedMatches(events)));
  },

  afterCommit(events) {
    return matchUpdatedNotices(events, adminsOfBatch.get(events));
  },

  async reannounce(db, events) {
    return matchUpdatedNotices(events, await adminsOutsideTeams(db, changedMatches(events)));
  },
};

/** The matches a batch changed, with their teams. */
function changedMatches(events: readonly RecordedEvent[]): Map<string, readonly string[]> {
  const matches = new Map<string, readonly string[]>();
  for (const e of events) {
    const { matchId, teamIds } = e.data as { matchId: string; teamIds: readonly string[] };
    matches.set(matchId, teamIds);
  }
  return matches;
}

/**
 * One `match_updated` per changed match: to the members of each of its teams (team rooms), and to
 * the admins of its organization who are in neither team (their own sockets).
 */
export function matchUpdatedNotices(
  events: readonly RecordedEvent[],
  admins: ReadonlyMap<string, readonly string[]> = new Map(),
): AfterCommitMessage[] {
  return [...changedMatches(events)].flatMap(([matchId, teamIds]) => {
    const data = toEnvelope({ type: 'match_updated', matchId, teamIds: [...teamIds] });
    return [
      ...teamIds.map((teamId) => ({ subject: teamSubject(teamId, 'match'), data })),
      ...(admins.get(matchId) ?? []).map((userId) => ({ subject: userSubject(userId, 'match'), data })),
    ];
  });
}
