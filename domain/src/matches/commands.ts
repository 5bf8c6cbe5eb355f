import type { SportId } from '../sports/catalogue.ts';
import type { MatchSide } from './sides.ts';

/**
 * Every match command carries who sends it (`by`) and the caller's clock (`at`: deciders read no
 * clock). Only someone who manages the match (a manager of either team, canManageTeam, or an admin
 * of the season's organization) may send one: the caller checks that on the read models before it
 * sends (ADR 0028), so the commands carry no permission flag.
 */
interface Sent {
  matchId: string;
  by: string;
  at: string;
}

/**
 * The other side is team B (a Sideline team) or an opponent outside Sideline named by
 * `opponentName`, never both. `teamAIndependent`: team A belongs to no organization (evaluated by
 * the caller), the one case where a match has no season.
 */
export type ScheduleMatch = {
  type: 'ScheduleMatch';
  data: Sent & {
    seasonId: string | null;
    orgId: string | null;
    sportId: SportId | 'unknown';
    teamAId: string;
    teamBId: string | null;
    opponentName?: string | null;
    teamAIndependent?: boolean;
    startTime: string;
    location: string | null;
    format: string | null;
  };
};

export type StartMatch = { type: 'StartMatch'; data: Sent };
export type CompleteMatch = { type: 'CompleteMatch'; data: Sent };
export type CancelMatch = { type: 'CancelMatch'; data: Sent };

/**
 * The reaction to a team's deletion (TeamDeleted of `teamId`, by the admin `by`): the match is
 * cancelled if it is still scheduled or in progress. Anything else (already cancelled, complete, a
 * match without that team) is left as it is, so the reaction may run any number of times.
 */
export type CancelMatchOfDeletedTeam = {
  type: 'CancelMatchOfDeletedTeam';
  data: { matchId: string; teamId: string; by: string; at: string };
};

export type AddParticipant = {
  type: 'AddParticipant';
  data: Sent & {
    participantId: string;
    userId: string | null;
    playerId: string | null;
    name: string;
    teamId: string;
    positionId: string | null;
    isStarter: boolean;
  };
};

export type RemoveParticipant = { type: 'RemoveParticipant'; data: Sent & { participantId: string } };

/** `when`: the moment of the substitution (the scorer may enter it late); `at` is now. */
export type Substitute = {
  type: 'Substitute';
  data: Sent & { outParticipantId: string; inParticipantId: string; when: string };
};

/**
 * A stat of a lineup player (`participantId`; `side`, when given, must be the player's), or of the
 * opponent outside Sideline (`side: 'opponent'`, no participant, a scoring stat type of the sport).
 */
export type RecordStat = {
  type: 'RecordStat';
  data: Sent & {
    statId: string;
    participantId: string | null;
    side?: MatchSide | undefined;
    statType: string;
    value: number;
    context: string | null;
  };
};

export type AmendStat = {
  type: 'AmendStat';
  data: Sent & { statId: string; value: number; context: string | null; reason: string };
};

export type RetractStat = { type: 'RetractStat'; data: Sent & { statId: string; reason: string } };

export type MatchCommand =
  | ScheduleMatch
  | StartMatch
  | CompleteMatch
  | CancelMatch
  | CancelMatchOfDeletedTeam
  | AddParticipant
  | RemoveParticipant
  | Substitute
  | RecordStat
  | AmendStat
  | RetractStat;
