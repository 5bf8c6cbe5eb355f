import type { ChangeScope, RecurrenceInput } from './change-schemas.ts';
import type { EventSeriesContinued } from './events.ts';
import type { Recurrence, RsvpStatus } from './schemas.ts';

/**
 * Only a team's managers (canManageTeamEvents) may schedule, change, cancel or restore its events
 * and set their answer deadline: the caller checks that on the team's read model before it sends
 * (ADR 0028), so those commands carry no permission flag. RecordRsvp does carry `canManage`: the
 * decider needs it for a rule of its own (a manager records answers after the deadline).
 */
export type ScheduleEvent = {
  type: 'ScheduleEvent';
  data: {
    eventId: string;
    teamId: string;
    title: string;
    description: string;
    location: string;
    startsAt: string;
    recurrence: Recurrence | null;
    /** IANA zone the series repeats in. */
    timeZone: string;
    createdBy: string;
  };
};

export type CancelEvent = {
  type: 'CancelEvent';
  data: { eventId: string; teamId: string; by: string };
};

/**
 * How the one answering relates to the roster player they answer for, as the caller found it on
 * the read models: a linked guardian, the player's own account, a manager of the team, or none.
 */
export type PlayerAnswerAccess = 'guardian' | 'account' | 'manager' | 'none';

/**
 * The caller has checked that the user is a member of the event's team. `userId` answers for
 * themself, or (with `player`) for that roster player of the event's team.
 */
export type RecordRsvp = {
  type: 'RecordRsvp';
  data: {
    eventId: string;
    occurrenceDate: string;
    userId: string;
    status: RsvpStatus;
    player?: { playerId: string; access: PlayerAnswerAccess };
    /** When the answer is given (the clock of the deadline); a manager's is recorded after it too. */
    now?: string;
    canManage?: boolean;
  };
};

export type SetRsvpDeadline = {
  type: 'SetRsvpDeadline';
  data: { eventId: string; hours: number | null; by: string };
};

/** The fields a change sets (left out: unchanged). `startsAt` as sent, read in the event's zone. */
export interface RequestedChanges {
  title?: string;
  description?: string;
  location?: string;
  startsAt?: string;
  recurrence?: RecurrenceInput;
}

/**
 * PATCH of an event. `newEventId` names the series a `following` change splits off (made by the
 * caller, the same for a retry of the same split).
 */
export type ChangeEvent = {
  type: 'ChangeEvent';
  data: {
    eventId: string;
    teamId: string;
    by: string;
    scope: ChangeScope;
    occurrenceDate: string | null;
    changes: RequestedChanges;
    reason: string | null;
    newEventId: string;
  };
};

export type CancelOccurrence = {
  type: 'CancelOccurrence';
  data: {
    eventId: string;
    teamId: string;
    occurrenceDate: string;
    by: string;
    reason: string | null;
  };
};

export type RestoreOccurrence = {
  type: 'RestoreOccurrence';
  data: { eventId: string; teamId: string; occurrenceDate: string; by: string };
};

/** Begins the stream of a series split off another: the split's `continuation`, recorded once. */
export type ContinueSeries = { type: 'ContinueSeries'; data: EventSeriesContinued['data'] };

export type CalendarCommand =
  | SetRsvpDeadline
  | ScheduleEvent
  | CancelEvent
  | RecordRsvp
  | ChangeEvent
  | CancelOccurrence
  | RestoreOccurrence
  | ContinueSeries;
