import type { SportId } from '../sports/catalogue.ts';

export const matchStream = (matchId: string) => `match-${matchId}`;

/**
 * Every match event names both teams (`teamIds`, team A first), so each one reads on its own:
 * the projector tells both teams' members about it and an analytics consumer needs nothing else.
 */
interface MatchEventBase {
  matchId: string;
  teamIds: [string, string];
}

export type MatchScheduled = {
  type: 'MatchScheduled';
  data: MatchEventBase & {
    seasonId: string;
    /** The season's organization. */
    orgId: string | null;
    sportId: SportId | 'unknown';
    teamAId: string;
    teamBId: string;
    startTime: string;
    location: string | null;
    format: string | null;
    by: string;
  };
};

export type MatchStarted = { type: 'MatchStarted'; data: MatchEventBase & { at: string; by: string } };

/** The final score and winner as the stats stood at the final whistle (winnerId null on a tie). */
export type MatchCompleted = {
  type: 'MatchCompleted';
  data: MatchEventBase & { at: string; scoreA: number; scoreB: number; winnerId: string | null; by: string };
};

export type MatchCancelled = { type: 'MatchCancelled'; data: MatchEventBase & { at: string; by: string } };

/** A stat recorded or corrected after completion changed the final score (or the winner). */
export type MatchResultRevised = {
  type: 'MatchResultRevised';
  data: MatchEventBase & { scoreA: number; scoreB: number; winnerId: string | null; statId: string; by: string };
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

/** Who a stat is about, copied onto each stat event so it reads on its own. */
interface StatSubject {
  statId: string;
  participantId: string;
  userId: string | null;
  playerId: string | null;
  teamId: string;
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
