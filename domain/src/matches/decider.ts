import { Map as ImmutableMap, Set as ImmutableSet } from 'immutable';
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import { positionOf, sportById, type SportDefinition } from '../sports/catalogue.ts';
import type {
  AddParticipant,
  AmendStat,
  CancelMatch,
  CancelMatchOfDeletedTeam,
  CompleteMatch,
  MatchCommand,
  RecordStat,
  RemoveParticipant,
  RetractStat,
  ScheduleMatch,
  StartMatch,
  Substitute,
} from './commands.ts';
import type { MatchEvent, StatRecorded } from './events.ts';
import { matchAccepts, matchTransition, type MatchCommandType, type MatchStatus } from './machine.ts';
import { fromHundredths, isStatValue, scoreContribution } from './scoring.ts';
import {
  OPPONENT_NAME_MAX,
  resultWinnerSide,
  scoreIndexOf,
  sideOfTeam,
  statSideOf,
  winningSide,
  type MatchSide,
  type MatchTeamIds,
} from './sides.ts';

export interface ParticipantState {
  participantId: string;
  userId: string | null;
  playerId: string | null;
  name: string;
  teamId: string;
  positionId: string | null;
  isStarter: boolean;
  onField: boolean;
  /** Has been on the field since the start: their minutes are on record. */
  played: boolean;
  /** Surviving stats about them. */
  statCount: number;
}

/** A stat as it stands after its corrections (retracted stats are gone from the state). */
export interface StatState {
  statId: string;
  /** Null for the opponent's stats (side `opponent`). */
  participantId: string | null;
  userId: string | null;
  playerId: string | null;
  teamId: string | null;
  side: MatchSide;
  statType: string;
  value: number;
  context: string | null;
  recordedAt: string;
  amended: boolean;
}

/**
 * One match's stream folded. Stats live in persistent maps (immutable.js) so that folding a long
 * match costs O(n log n), not the O(n²) of copying a map per event.
 */
export interface MatchState {
  match: {
    matchId: string;
    teamIds: MatchTeamIds;
    sportId: string;
    seasonId: string | null;
    orgId: string | null;
    /** The other side when it is not on Sideline (then `teamIds` is team A alone). */
    opponentName: string | null;
    startTime: string;
  } | null;
  status: MatchStatus;
  /** Kick-off, then the latest substitution: a substitution cannot be dated before it. */
  clockAt: string | null;
  participants: ImmutableMap<string, ParticipantState>;
  stats: ImmutableMap<string, StatState>;
  /** Every stat id ever recorded, retracted ones too: a retried RecordStat records nothing twice. */
  statIds: ImmutableSet<string>;
  /** Each side's score from the surviving stats, in hundredths: [team A, team B or the opponent]. */
  scoreHundredths: [number, number];
  /** Once complete: the result as last recorded (MatchCompleted, then MatchResultRevised). */
  result: { scoreA: number; scoreB: number; winnerId: string | null; winnerSide: MatchSide | null } | null;
}

export const emptyMatchState: MatchState = {
  match: null,
  status: 'scheduled',
  clockAt: null,
  participants: ImmutableMap(),
  stats: ImmutableMap(),
  statIds: ImmutableSet(),
  scoreHundredths: [0, 0],
  result: null,
};

const notFound = () => new DomainError('not_found', 'MATCH_NOT_FOUND', 'Match not found');

function requireMatch(state: MatchState) {
  if (!state.match) throw notFound();
  return state.match;
}

/**
 * The checks every command on an existing match shares: it exists and the machine accepts it. Who
 * may manage the match is not checked here: the caller owns that rule (ADR 0028).
 */
function admit(state: MatchState, command: MatchCommandType) {
  const match = requireMatch(state);
  const next = matchTransition(state.status, command);
  return { match, next, sport: sportById(match.sportId) };
}

function requireParticipant(state: MatchState, participantId: string): ParticipantState {
  const p = state.participants.get(participantId);
  if (!p) throw new DomainError('not_found', 'PARTICIPANT_NOT_FOUND', 'That player is not in the lineup');
  return p;
}

function requireStat(state: MatchState, statId: string): StatState {
  const s = state.stats.get(statId);
  if (!s) throw new DomainError('not_found', 'STAT_NOT_FOUND', 'Statistic not found');
  return s;
}

/** A 400 whose body names the field (`fieldErrors`), as a form shows it. */
function invalidField(code: string, field: string, message: string): DomainError {
  return new DomainError('invalid', code, message, { fieldErrors: { [field]: [message] } });
}

function requireValue(value: number) {
  if (!isStatValue(value)) {
    throw new DomainError('invalid', 'INVALID_VALUE', 'Value must be positive, in steps of 0.01');
  }
}

function requireReason(reason: string): string {
  const trimmed = reason.trim();
  if (!trimmed) throw new DomainError('invalid', 'REASON_REQUIRED', 'Say why the statistic is corrected');
  return trimmed;
}

/** The result a completed match would have with these scores. */
function resultOf(state: MatchState, sport: SportDefinition, hundredths: [number, number]) {
  const [teamAId, teamBId = null] = state.match!.teamIds;
  const scoreA = fromHundredths(hundredths[0]);
  const scoreB = fromHundredths(hundredths[1]);
  const winnerSide = winningSide(sport, scoreA, scoreB, state.match!.opponentName !== null);
  const winnerId = winnerSide === 'teamA' ? teamAId : winnerSide === 'teamB' ? teamBId : null;
  return { scoreA, scoreB, winnerId, winnerSide };
}

/** The scores after a stat of `side` changes by `delta` hundredths of score. */
function shifted(state: MatchState, side: MatchSide, delta: number): [number, number] {
  const [a, b] = state.scoreHundredths;
  return scoreIndexOf(side) === 0 ? [a + delta, b] : [a, b + delta];
}

/**
 * After a completed match's stats change: a MatchResultRevised when the final score (or the
 * winner) is no longer what was recorded.
 */
function revision(
  state: MatchState,
  sport: SportDefinition,
  scores: [number, number],
  statId: string,
  by: string,
): MatchEvent[] {
  if (state.status !== 'complete' || !state.result) return [];
  const next = resultOf(state, sport, scores);
  const { scoreA, scoreB, winnerSide } = state.result;
  if (next.scoreA === scoreA && next.scoreB === scoreB && next.winnerSide === winnerSide) return [];
  return [
    {
      type: 'MatchResultRevised',
      data: { matchId: state.match!.matchId, teamIds: state.match!.teamIds, ...next, statId, by },
    },
  ];
}

function decideScheduleMatch(state: MatchState, command: ScheduleMatch): MatchEvent[] {
  const d = command.data;
  if (state.match) return []; // the same id again: a retried create
  const teamBId = d.teamBId ?? null;
  const opponentName = d.opponentName?.trim() || null;
  if (teamBId !== null && opponentName !== null) {
    throw invalidField('TEAM_OR_OPPONENT', 'opponentName', 'Choose the away team or name the opponent, not both');
  }
  if (teamBId === null && opponentName === null) {
    throw new DomainError('invalid', 'OPPONENT_REQUIRED', 'Choose the away team or name the opponent', {
      fieldErrors: {
        teamBId: ['Choose the away team or name the opponent'],
        opponentName: ['Choose the away team or name the opponent'],
      },
    });
  }
  if (opponentName !== null && opponentName.length > OPPONENT_NAME_MAX) {
    throw invalidField('OPPONENT_NAME_TOO_LONG', 'opponentName', `At most ${OPPONENT_NAME_MAX} characters`);
  }
  if (d.teamAId === teamBId) {
    throw new DomainError('invalid', 'SAME_TEAM', 'Choose two different teams');
  }
  // Only a team outside any organization plays without a season.
  if (d.seasonId === null && !d.teamAIndependent) {
    throw invalidField('SEASON_REQUIRED', 'seasonId', 'Season is required');
  }
  return [
    {
      type: 'MatchScheduled',
      data: {
        matchId: d.matchId,
        teamIds: teamBId === null ? [d.teamAId] : [d.teamAId, teamBId],
        seasonId: d.seasonId,
        orgId: d.orgId,
        sportId: d.sportId,
        teamAId: d.teamAId,
        teamBId,
        opponentName,
        startTime: d.startTime,
        location: d.location,
        format: d.format,
        by: d.by,
      },
    },
  ];
}

function decideStartMatch(state: MatchState, command: StartMatch): MatchEvent[] {
  const { match } = admit(state, command.type);
  const d = command.data;
  return [{ type: 'MatchStarted', data: { matchId: match.matchId, teamIds: match.teamIds, at: d.at, by: d.by } }];
}

function decideCancelMatch(state: MatchState, command: CancelMatch): MatchEvent[] {
  const { match } = admit(state, command.type);
  const d = command.data;
  const base = { matchId: match.matchId, teamIds: match.teamIds };
  return [{ type: 'MatchCancelled', data: { ...base, at: later(d.at, state.clockAt), by: d.by } }];
}

function decideCancelMatchOfDeletedTeam(state: MatchState, command: CancelMatchOfDeletedTeam): MatchEvent[] {
  const d = command.data;
  const { match } = state;
  if (!match || !match.teamIds.includes(d.teamId) || !matchAccepts(state.status, 'CancelMatch')) return [];
  return [
    {
      type: 'MatchCancelled',
      data: {
        matchId: match.matchId,
        teamIds: match.teamIds,
        at: later(d.at, state.clockAt),
        by: d.by,
        reason: 'team_deleted',
        deletedTeamId: d.teamId,
      },
    },
  ];
}

function decideCompleteMatch(state: MatchState, command: CompleteMatch): MatchEvent[] {
  const d = command.data;
  const { match, sport } = admit(state, 'CompleteMatch');
  return [
    {
      type: 'MatchCompleted',
      data: {
        matchId: match.matchId,
        teamIds: match.teamIds,
        // A substitution dated by another process's clock never ends after the final whistle.
        at: later(d.at, state.clockAt),
        ...resultOf(state, sport, state.scoreHundredths),
        by: d.by,
      },
    },
  ];
}

function decideAddParticipant(state: MatchState, command: AddParticipant): MatchEvent[] {
  const d = command.data;
  const { match, sport } = admit(state, 'AddParticipant');
  const existing = state.participants.get(d.participantId);
  if (existing) return []; // a retried add
  if (!match.teamIds.includes(d.teamId)) {
    throw new DomainError('invalid', 'TEAM_NOT_IN_MATCH', 'Choose one of the two teams of the match');
  }
  // A roster player (playerId) may come with their own linked account (userId), who is
  // credited the rewards of their play; one of the two is needed.
  if (d.userId === null && d.playerId === null) {
    throw new DomainError('invalid', 'PLAYER_REQUIRED', 'Player is required');
  }
  if (d.positionId !== null && !positionOf(sport, d.positionId)) {
    throw new DomainError('invalid', 'UNKNOWN_POSITION', `Choose a position of ${sport.name}`);
  }
  const twice = state.participants.some(
    (p) => (d.userId !== null && p.userId === d.userId) || (d.playerId !== null && p.playerId === d.playerId),
  );
  if (twice) throw new DomainError('conflict', 'ALREADY_IN_LINEUP', 'That player is already in the lineup');
  // Someone added during play starts on the bench and comes on by a substitution.
  const beforeStart = state.status === 'scheduled';
  return [
    {
      type: 'ParticipantAdded',
      data: {
        matchId: match.matchId,
        teamIds: match.teamIds,
        participantId: d.participantId,
        userId: d.userId,
        playerId: d.playerId,
        name: d.name,
        teamId: d.teamId,
        positionId: d.positionId,
        isStarter: beforeStart && d.isStarter,
        onField: beforeStart && d.isStarter,
        by: d.by,
      },
    },
  ];
}

function decideRemoveParticipant(state: MatchState, command: RemoveParticipant): MatchEvent[] {
  const d = command.data;
  const { match } = admit(state, 'RemoveParticipant');
  const p = state.participants.get(d.participantId);
  if (!p) return []; // removed already (a retried DELETE), or never there
  if (p.statCount > 0) {
    throw new DomainError('conflict', 'PARTICIPANT_HAS_STATS', 'Retract their statistics before removing this player');
  }
  if (state.status === 'in_progress' && (p.onField || p.played)) {
    throw new DomainError(
      'conflict',
      'PARTICIPANT_HAS_PLAYED',
      'This player has been on the field; substitute them instead of removing them',
    );
  }
  return [
    {
      type: 'ParticipantRemoved',
      data: {
        matchId: match.matchId,
        teamIds: match.teamIds,
        participantId: p.participantId,
        teamId: p.teamId,
        by: d.by,
      },
    },
  ];
}

function decideSubstitute(state: MatchState, command: Substitute): MatchEvent[] {
  const d = command.data;
  const { match } = admit(state, 'Substitute');
  const out = requireParticipant(state, d.outParticipantId);
  const into = requireParticipant(state, d.inParticipantId);
  if (out.teamId !== into.teamId) {
    throw new DomainError('invalid', 'DIFFERENT_TEAMS', 'A substitution swaps two players of the same team');
  }
  if (!out.onField) throw new DomainError('conflict', 'NOT_ON_FIELD', `${out.name} is not on the field`);
  if (into.onField) throw new DomainError('conflict', 'ALREADY_ON_FIELD', `${into.name} is already on the field`);
  const when = Date.parse(d.when);
  if (Number.isNaN(when) || (state.clockAt && when < Date.parse(state.clockAt)) || when > Date.parse(d.at)) {
    throw new DomainError(
      'invalid',
      'SUBSTITUTION_TIME',
      'A substitution happens after kick-off and the previous substitution, and not in the future',
    );
  }
  return [
    {
      type: 'Substituted',
      data: {
        matchId: match.matchId,
        teamIds: match.teamIds,
        teamId: out.teamId,
        outParticipantId: out.participantId,
        inParticipantId: into.participantId,
        positionId: out.positionId,
        at: new Date(when).toISOString(),
        by: d.by,
      },
    },
  ];
}

function decideRecordStat(state: MatchState, command: RecordStat): MatchEvent[] {
  const d = command.data;
  const { match, sport } = admit(state, 'RecordStat');
  if (state.statIds.has(d.statId)) return []; // a retried record
  const subject = statSubjectOf(state, d);
  if (!sport.statTypes.includes(d.statType)) {
    throw invalidField('UNKNOWN_STAT_TYPE', 'statType', `Choose a stat type of ${sport.name}`);
  }
  if (subject.side === 'opponent' && scoreContribution(sport, d.statType, 1) === 0) {
    const scoring = Object.keys(sport.scoring.weights).map((t) => t.replaceAll('_', ' '));
    throw invalidField(
      'OPPONENT_SCORING_ONLY',
      'statType',
      `For the opponent, record what scores in ${sport.name}: ${scoring.join(', ')}`,
    );
  }
  requireValue(d.value);
  const recorded: StatRecorded = {
    type: 'StatRecorded',
    data: {
      matchId: match.matchId,
      teamIds: match.teamIds,
      statId: d.statId,
      ...subject,
      statType: d.statType,
      value: d.value,
      context: d.context,
      recordedAt: d.at,
      by: d.by,
    },
  };
  const scores = shifted(state, subject.side, scoreContribution(sport, d.statType, d.value));
  return [recorded, ...revision(state, sport, scores, d.statId, d.by)];
}

function decideAmendStat(state: MatchState, command: AmendStat): MatchEvent[] {
  const d = command.data;
  const { match, sport } = admit(state, 'AmendStat');
  const s = requireStat(state, d.statId);
  requireValue(d.value);
  const reason = requireReason(d.reason);
  if (s.value === d.value && s.context === d.context) return []; // nothing to correct (or a retry)
  const delta = scoreContribution(sport, s.statType, d.value) - scoreContribution(sport, s.statType, s.value);
  return [
    {
      type: 'StatAmended',
      data: {
        matchId: match.matchId,
        teamIds: match.teamIds,
        ...subjectOf(s),
        previousValue: s.value,
        value: d.value,
        context: d.context,
        reason,
        at: d.at,
        by: d.by,
      },
    },
    ...revision(state, sport, shifted(state, s.side, delta), d.statId, d.by),
  ];
}

function decideRetractStat(state: MatchState, command: RetractStat): MatchEvent[] {
  const d = command.data;
  const { match, sport } = admit(state, 'RetractStat');
  const reason = requireReason(d.reason);
  if (!state.stats.has(d.statId) && state.statIds.has(d.statId)) {
    throw new DomainError('conflict', 'STAT_ALREADY_RETRACTED', 'This statistic was already retracted');
  }
  const s = requireStat(state, d.statId);
  const delta = -scoreContribution(sport, s.statType, s.value);
  return [
    {
      type: 'StatRetracted',
      data: {
        matchId: match.matchId,
        teamIds: match.teamIds,
        ...subjectOf(s),
        value: s.value,
        reason,
        at: d.at,
        by: d.by,
      },
    },
    ...revision(state, sport, shifted(state, s.side, delta), d.statId, d.by),
  ];
}

export const matchDecider: Decider<MatchCommand, MatchEvent, MatchState> = {
  initialState: emptyMatchState,

  decide(command, state) {
    switch (command.type) {
      case 'ScheduleMatch':
        return decideScheduleMatch(state, command);
      case 'StartMatch':
        return decideStartMatch(state, command);
      case 'CancelMatch':
        return decideCancelMatch(state, command);
      case 'CancelMatchOfDeletedTeam':
        return decideCancelMatchOfDeletedTeam(state, command);
      case 'CompleteMatch':
        return decideCompleteMatch(state, command);
      case 'AddParticipant':
        return decideAddParticipant(state, command);
      case 'RemoveParticipant':
        return decideRemoveParticipant(state, command);
      case 'Substitute':
        return decideSubstitute(state, command);
      case 'RecordStat':
        return decideRecordStat(state, command);
      case 'AmendStat':
        return decideAmendStat(state, command);
      case 'RetractStat':
        return decideRetractStat(state, command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'MatchScheduled': {
        const d = event.data;
        return {
          ...state,
          match: {
            matchId: d.matchId,
            teamIds: d.teamIds,
            sportId: d.sportId,
            seasonId: d.seasonId,
            orgId: d.orgId,
            opponentName: d.opponentName ?? null,
            startTime: d.startTime,
          },
          status: 'scheduled',
        };
      }
      case 'MatchStarted':
        return {
          ...state,
          status: 'in_progress',
          clockAt: event.data.at,
          participants: state.participants.map((p) => (p.onField ? { ...p, played: true } : p)),
        };
      case 'MatchCompleted': {
        const { scoreA, scoreB, winnerId } = event.data;
        const winnerSide = resultWinnerSide(event.data);
        return { ...state, status: 'complete', result: { scoreA, scoreB, winnerId, winnerSide } };
      }
      case 'MatchCancelled':
        return { ...state, status: 'cancelled' };
      case 'MatchResultRevised': {
        const { scoreA, scoreB, winnerId } = event.data;
        return { ...state, result: { scoreA, scoreB, winnerId, winnerSide: resultWinnerSide(event.data) } };
      }
      case 'ParticipantAdded': {
        const d = event.data;
        const p: ParticipantState = {
          participantId: d.participantId,
          userId: d.userId,
          playerId: d.playerId,
          name: d.name,
          teamId: d.teamId,
          positionId: d.positionId,
          isStarter: d.isStarter,
          onField: d.onField,
          played: false,
          statCount: 0,
        };
        return { ...state, participants: state.participants.set(d.participantId, p) };
      }
      case 'ParticipantRemoved':
        return { ...state, participants: state.participants.delete(event.data.participantId) };
      case 'Substituted': {
        const d = event.data;
        let participants = updateIf(state.participants, d.outParticipantId, (p) => ({ ...p, onField: false }));
        participants = updateIf(participants, d.inParticipantId, (p) => ({
          ...p,
          onField: true,
          played: true,
          positionId: d.positionId,
        }));
        return { ...state, participants, clockAt: d.at };
      }
      case 'StatRecorded': {
        const d = event.data;
        const sport = sportById(state.match!.sportId);
        const side = statSideOf(d);
        const stat: StatState = {
          statId: d.statId,
          participantId: d.participantId,
          userId: d.userId,
          playerId: d.playerId,
          teamId: d.teamId,
          side,
          statType: d.statType,
          value: d.value,
          context: d.context,
          recordedAt: d.recordedAt,
          amended: false,
        };
        return {
          ...state,
          stats: state.stats.set(d.statId, stat),
          statIds: state.statIds.add(d.statId),
          participants: countStat(state.participants, d.participantId, 1),
          scoreHundredths: shifted(state, side, scoreContribution(sport, d.statType, d.value)),
        };
      }
      case 'StatAmended': {
        const d = event.data;
        const sport = sportById(state.match!.sportId);
        const delta =
          scoreContribution(sport, d.statType, d.value) - scoreContribution(sport, d.statType, d.previousValue);
        return {
          ...state,
          stats: updateIf(state.stats, d.statId, (s) => ({ ...s, value: d.value, context: d.context, amended: true })),
          scoreHundredths: shifted(state, statSideOf(d), delta),
        };
      }
      case 'StatRetracted': {
        const d = event.data;
        const sport = sportById(state.match!.sportId);
        return {
          ...state,
          stats: state.stats.delete(d.statId),
          participants: countStat(state.participants, d.participantId, -1),
          scoreHundredths: shifted(state, statSideOf(d), -scoreContribution(sport, d.statType, d.value)),
        };
      }
    }
  },
};

const subjectOf = (s: StatState) => ({
  statId: s.statId,
  participantId: s.participantId,
  userId: s.userId,
  playerId: s.playerId,
  teamId: s.teamId,
  side: s.side,
  statType: s.statType,
});

/**
 * Who a new stat is about: the opponent outside Sideline (no player), or a lineup player, whose
 * team gives the side.
 */
function statSubjectOf(
  state: MatchState,
  d: { participantId: string | null; side?: MatchSide | undefined },
): {
  participantId: string | null;
  userId: string | null;
  playerId: string | null;
  teamId: string | null;
  side: MatchSide;
} {
  const match = state.match!;
  if (d.side === 'opponent') {
    if (d.participantId !== null) {
      throw invalidField('OPPONENT_STAT_WITH_PLAYER', 'participantId', "The opponent's stats name no player");
    }
    if (match.opponentName === null) {
      throw invalidField('NO_OPPONENT', 'side', 'Both teams of this match are on Sideline: choose a player');
    }
    return { participantId: null, userId: null, playerId: null, teamId: null, side: 'opponent' };
  }
  if (d.participantId === null) throw invalidField('PLAYER_REQUIRED', 'participantId', 'Player is required');
  const p = requireParticipant(state, d.participantId);
  const side = sideOfTeam(match.teamIds, p.teamId);
  if (d.side !== undefined && d.side !== side) {
    throw invalidField('WRONG_SIDE', 'side', `${p.name} plays for the other side`);
  }
  return { participantId: p.participantId, userId: p.userId, playerId: p.playerId, teamId: p.teamId, side };
}

function countStat(participants: MatchState['participants'], participantId: string | null, delta: number) {
  if (participantId === null) return participants;
  return updateIf(participants, participantId, (p) => ({ ...p, statCount: p.statCount + delta }));
}

/** The map with `key`'s value replaced, when it has one (immutable's `update` would add the key). */
function updateIf<V>(map: ImmutableMap<string, V>, key: string, change: (value: V) => V): ImmutableMap<string, V> {
  const value = map.get(key);
  return value === undefined ? map : map.set(key, change(value));
}

/** The later of two ISO instants (the second may be null). */
function later(at: string, other: string | null): string {
  return other && Date.parse(other) > Date.parse(at) ? other : at;
}
