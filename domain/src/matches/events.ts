import type { SportId } from '../sports/catalogue.ts';
import type { MatchSide, MatchTeamIds } from './sides.ts';

export const matchStream = (matchId: string) => `match-${matchId}`;

/**
 * Every match event names its teams (`teamIds`, team A first; team A alone when the other side is
 * an opponent outside Sideline), so each one reads on its own: the projector tells the teams'
 * members about it and an analytics consumer needs nothing else.
 */
interface MatchEventBase {
  matchId: string;
  teamIds: MatchTeamIds;
}

export type MatchScheduled = {
  type: 'MatchScheduled';
  data: MatchEventBase & {
    /** Null for a match of an independent team (outside any organization), which has no season. */
    seasonId: string | null;
    /** The season's organization (null for an independent team's match). */
    orgId: string | null;
    sportId: SportId | 'unknown';
    teamAId: string;
    /** Null when the other side is an opponent outside Sideline (`opponentName`). */
    teamBId: string | null;
    /** The opponent's name when it is not on Sideline; absent on events written before opponents existed. */
    opponentName?: string | null;
    startTime: string;
    location: string | null;
    format: string | null;
    by: string;
  };
};

export type MatchStarted = { type: 'MatchStarted'; data: MatchEventBase & { at: string; by: string } };

/**
 * Who won, beside the scores: `winnerId` is the winning team (null on a tie, or when the opponent
 * outside Sideline won); `winnerSide` says which side won (null on a tie). Events written before
 * opponents existed have no `winnerSide`: read them with resultWinnerSide.
 */
interface MatchResult {
  scoreA: number;
  scoreB: number;
  winnerId: string | null;
  winnerSide?: MatchSide | null;
}

/** The final score and winner as the stats stood at the final whistle. */
export type MatchCompleted = {
  type: 'MatchCompleted';
  data: MatchEventBase & MatchResult & { at: string; by: string };
};

/** Why a match was cancelled, when not by a manager's choice: one of its teams was deleted. */
export type MatchCancelReason = 'team_deleted';

/**
 * `reason` and `deletedTeamId` say that the deletion of a team of the match cancelled it (`by` is
 * the admin who deleted the team); absent when a manager cancelled it.
 */
export type MatchCancelled = {
  type: 'MatchCancelled';
  data: MatchEventBase & { at: string; by: string; reason?: MatchCancelReason; deletedTeamId?: string };
};

/** A stat recorded or corrected after completion changed the final score (or the winner). */
export type MatchResultRevised = {
  type: 'MatchResultRevised';
  data: MatchEventBase & MatchResult & { statId: string; by: string };
};

export type ParticipantAdded = {
  type: 'ParticipantAdded';
  data: MatchEventBase & {
    participantId: string;
    /** The player's account, or a roster player (one of the two). */
    userId: string | null;
    playerId: string | null;
    /** The name shown when added. */
    name: string;
    teamId: string;
    positionId: string | null;
    isStarter: boolean;
    /** On the field when the match starts (starters), or now (never: added during play sit on the bench). */
    onField: boolean;
    by: string;
  };
};

export type ParticipantRemoved = {
  type: 'ParticipantRemoved';
  data: MatchEventBase & { participantId: string; teamId: string; by: string };
};

/** `in` takes over `out`'s place (and position) on the field at `at`. */
export type Substituted = {
  type: 'Substituted';
  data: MatchEventBase & {
    teamId: string;
    outParticipantId: string;
    inParticipantId: string;
    positionId: string | null;
    at: string;
    by: string;
  };
};

/**
 * Who a stat is about, copied onto each stat event so it reads on its own: a lineup player of
 * team A or B, or the opponent outside Sideline (side `opponent`: no participant, player or
 * team). Events written before opponents existed have no `side`: read them with statSideOf.
 */
interface StatSubject {
  statId: string;
  participantId: string | null;
  userId: string | null;
  playerId: string | null;
  teamId: string | null;
  side?: MatchSide;
  statType: string;
}

export type StatRecorded = {
  type: 'StatRecorded';
  data: MatchEventBase & StatSubject & { value: number; context: string | null; recordedAt: string; by: string };
};

/** A correction: the stat's value (and context) from now on; the recorded history stays. */
export type StatAmended = {
  type: 'StatAmended';
  data: MatchEventBase &
    StatSubject & {
      previousValue: number;
      value: number;
      context: string | null;
      reason: string;
      at: string;
      by: string;
    };
};

/** A stat recorded by mistake no longer counts. */
export type StatRetracted = {
  type: 'StatRetracted';
  data: MatchEventBase & StatSubject & { value: number; reason: string; at: string; by: string };
};

export type MatchEvent =
  | MatchScheduled
  | MatchStarted
  | MatchCompleted
  | MatchCancelled
  | MatchResultRevised
  | ParticipantAdded
  | ParticipantRemoved
  | Substituted
  | StatRecorded
  | StatAmended
  | StatRetracted;

export const matchEventTypes = [
  'MatchScheduled',
  'MatchStarted',
  'MatchCompleted',
  'MatchCancelled',
  'MatchResultRevised',
  'ParticipantAdded',
  'ParticipantRemoved',
  'Substituted',
  'StatRecorded',
  'StatAmended',
  'StatRetracted',
] as const satisfies readonly MatchEvent['type'][];

/** The events an analytics replay carries: every stat and every correction of one. */
export const statEventTypes = ['StatRecorded', 'StatAmended', 'StatRetracted'] as const;
export type StatEvent = StatRecorded | StatAmended | StatRetracted;
export const isStatEventType = (type: string): type is StatEvent['type'] =>
  (statEventTypes as readonly string[]).includes(type);
