import type { Recurrence, RsvpStatus } from './schemas.ts';
import { LEGACY_TIME_ZONE } from './time-zone.ts';

export const calendarStream = (eventId: string) => `calendar-${eventId}`;

export type EventScheduled = {
  type: 'EventScheduled';
  data: {
    eventId: string;
    teamId: string;
    title: string;
    description: string;
    location: string;
    /** ISO start of the first occurrence. */
    startsAt: string;
    recurrence: Recurrence | null;
    /**
     * IANA zone the series repeats in. Absent from events recorded before events carried a zone:
     * read those as LEGACY_TIME_ZONE (UTC), through scheduledTimeZone.
     */
    timeZone?: string;
    createdBy: string;
  };
};

/** The whole event was deleted (the Delete of the event detail): its series, occurrences and answers go. */
export type EventCancelled = { type: 'EventCancelled'; data: { eventId: string; teamId: string; by: string } };

/**
 * An answer for one occurrence. Without `playerId` (every answer recorded before answers per
 * child, and a member answering for themself since), it is `userId`'s own answer. With
 * `playerId`, it is that roster player's answer and `userId` is the account that gave it (a
 * guardian, the player's own account or a manager), which is who earns the answer's reward.
 */
export type RsvpRecorded = {
  type: 'RsvpRecorded';
  data: {
    eventId: string;
    teamId: string;
    occurrenceDate: string;
    userId: string;
    status: RsvpStatus;
    playerId?: string;
  };
};

/** What a change did to a field: its value before and after. */
export interface FieldChange<T> {
  from: T;
  to: T;
}

/**
 * The fields a change touched, each from → to. For one occurrence, the values are that
 * occurrence's; for a series, `startsAt` is the start of the occurrence the change was made from
 * (its first, when none was named) and the others are the series' values.
 */
export interface EventFieldChanges {
  title?: FieldChange<string>;
  description?: FieldChange<string>;
  location?: FieldChange<string>;
  startsAt?: FieldChange<string>;
  recurrence?: FieldChange<Recurrence | null>;
}

/** An occurrence key (its start by the series' rule) and where it went. */
export interface OccurrenceMove {
  from: string;
  to: string;
}

/**
 * One occurrence's own values, where they differ from its series' (null: the series' value), and
 * whether it is cancelled. Keyed by the occurrence's start by the rule (its RECURRENCE-ID).
 */
export interface OccurrenceOverride {
  occurrenceDate: string;
  startsAt: string | null;
  title: string | null;
  description: string | null;
  location: string | null;
  cancelled: boolean;
  cancelReason: string | null;
}

/** An answer a new series takes over from the series it split from. */
export interface CarriedAnswer {
  occurrenceDate: string;
  /** The answer's `userId` as recorded (see RsvpRecorded). */
  userId: string;
  playerId: string | null;
  status: RsvpStatus;
  /** Given before the time or place of its occurrence last changed. */
  beforeChange: boolean;
}

/**
 * A change to one occurrence (`scope: 'occurrence'`) or to the whole series (`'series'`), with
 * who, what (from → to) and why; when is the event's `occurredAt`.
 *
 * A series change applies its fields to every occurrence and clears the same fields from the
 * occurrences' own changes (cancellations stay). When it moves the start, every occurrence moves
 * by the same wall-clock shift in the event's zone (`shiftMinutes`), so the series' first start
 * becomes `seriesStartsAt` and the occurrences that have answers or changes of their own move
 * to new keys (`moved`): their answers go with them.
 */
export type EventChanged = {
  type: 'EventChanged';
  data: {
    eventId: string;
    teamId: string;
    by: string;
    scope: 'occurrence' | 'series';
    /** The occurrence changed, or the one a series change was made from (null: none named). */
    occurrenceDate: string | null;
    changes: EventFieldChanges;
    reason: string | null;
    /** Series scope: the series' first start after the change. */
    seriesStartsAt?: string;
    /** Series scope: the wall-clock shift of every occurrence, in minutes (0 when the time stayed). */
    shiftMinutes?: number;
    /** Series scope: the series' repetition after the change. */
    recurrence?: Recurrence | null;
    moved?: OccurrenceMove[];
  };
};

/** One occurrence is cancelled (it stays listed, marked, with the reason). */
export type OccurrenceCancelled = {
  type: 'OccurrenceCancelled';
  data: { eventId: string; teamId: string; occurrenceDate: string; by: string; reason: string | null };
};

/** A cancelled occurrence takes place after all. */
export type OccurrenceRestored = {
  type: 'OccurrenceRestored';
  data: { eventId: string; teamId: string; occurrenceDate: string; by: string };
};

/**
 * "This and following events": the series ends before `occurrenceDate`, and a new series
 * (`newEventId`, on its own stream, begun by EventSeriesContinued) takes that occurrence and every
 * later one, with the change applied. The occurrences that have answers or changes of their own
 * go to the new series (`moved`: old key → key in the new series) with their answers.
 * `continuation` is the new series' first event, so that the split can be completed from this
 * stream alone.
 */
export type EventSeriesSplit = {
  type: 'EventSeriesSplit';
  data: {
    eventId: string;
    teamId: string;
    by: string;
    occurrenceDate: string;
    newEventId: string;
    changes: EventFieldChanges;
    reason: string | null;
    /** This series' repetition from now on: it ends before the split. */
    recurrence: Recurrence;
    shiftMinutes: number;
    moved: OccurrenceMove[];
    continuation: EventSeriesContinued['data'];
  };
};

/**
 * A series begun by a split of another (`splitFrom`): its fields, the own changes of its
 * occurrences and the answers it took over. The first event of its stream.
 */
export type EventSeriesContinued = {
  type: 'EventSeriesContinued';
  data: {
    eventId: string;
    teamId: string;
    title: string;
    description: string;
    location: string;
    startsAt: string;
    recurrence: Recurrence;
    timeZone: string;
    createdBy: string;
    by: string;
    splitFrom: { eventId: string; occurrenceDate: string };
    overrides: OccurrenceOverride[];
    answers: CarriedAnswer[];
  };
};

/** Answers close `hours` before each occurrence's start (null: never); managers may still record them. */
export type RsvpDeadlineSet = {
  type: 'RsvpDeadlineSet';
  data: { eventId: string; teamId: string; hours: number | null; by: string };
};

export type CalendarDomainEvent =
  | RsvpDeadlineSet
  | EventScheduled
  | EventCancelled
  | RsvpRecorded
  | EventChanged
  | OccurrenceCancelled
  | OccurrenceRestored
  | EventSeriesSplit
  | EventSeriesContinued;
export const calendarEventTypes = [
  'EventScheduled',
  'EventCancelled',
  'RsvpRecorded',
  'EventChanged',
  'OccurrenceCancelled',
  'OccurrenceRestored',
  'EventSeriesSplit',
  'EventSeriesContinued',
  'RsvpDeadlineSet',
] as const;

/** The zone an EventScheduled's series repeats in (UTC for events recorded before zones). */
export const scheduledTimeZone = (data: EventScheduled['data']): string => data.timeZone ?? LEGACY_TIME_ZONE;
