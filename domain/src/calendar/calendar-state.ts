import type { EventSeriesSplit } from './events.ts';
import { isOccurrence } from './recurrence.ts';
import type { Recurrence, RsvpStatus } from './schemas.ts';

/** A series as its stream stands. */
export interface SeriesState {
  eventId: string;
  teamId: string;
  title: string;
  description: string;
  location: string;
  /** ISO start of the first occurrence by the rule. */
  startsAt: string;
  recurrence: Recurrence | null;
  timeZone: string;
  createdBy: string;
  /** `seq` of the last change of the series' time or place (0: never). */
  timePlaceSeq: number;
}

/** One occurrence's own values (null: the series'), and whether it is cancelled. */
export interface OverrideState {
  startsAt: string | null;
  title: string | null;
  description: string | null;
  location: string | null;
  cancelled: boolean;
  cancelReason: string | null;
  /** `seq` of the last change of this occurrence's own time or place (0: never). */
  timePlaceSeq: number;
}

/** An answer: for its `userId` themself (`playerId` null) or for a roster player. */
export interface AnswerState {
  userId: string;
  playerId: string | null;
  status: RsvpStatus;
  /** `seq` when it was given: older than its occurrence's last time or place change means stale. */
  seq: number;
}

/** One event's stream folded. */
export interface CalendarState {
  event: SeriesState | null;
  /** The whole event was deleted. */
  cancelled: boolean;
  /** Keyed by occurrence key (ISO start by the rule). */
  overrides: ReadonlyMap<string, OverrideState>;
  /** `${occurrenceKey}|u:${userId}` or `${occurrenceKey}|p:${playerId}`. */
  rsvps: ReadonlyMap<string, AnswerState>;
  /** Splits made from this series, by the occurrence they split at (a retry completes them). */
  splits: ReadonlyMap<string, EventSeriesSplit['data']>;
  /** How many schedule changes the stream holds: orders answers against changes. */
  seq: number;
  /** Answers close this many hours before an occurrence's start; null: never. */
  rsvpDeadlineHours?: number | null;
}

export const emptyCalendarState: CalendarState = {
  event: null,
  cancelled: false,
  overrides: new Map(),
  rsvps: new Map(),
  splits: new Map(),
  seq: 0,
};

export const emptyOverride: OverrideState = {
  startsAt: null,
  title: null,
  description: null,
  location: null,
  cancelled: false,
  cancelReason: null,
  timePlaceSeq: 0,
};

export const answerKey = (occurrenceDate: string, subject: { userId: string; playerId?: string | null }) =>
  subject.playerId ? `${occurrenceDate}|p:${subject.playerId}` : `${occurrenceDate}|u:${subject.userId}`;

export const occurrenceOfKey = (key: string) => key.slice(0, key.indexOf('|'));

/** The occurrence key `value` names (normalised ISO), if the series has an occurrence there. */
export function occurrenceKey(series: SeriesState, value: string): string | null {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return null;
  return isOccurrence(series.recurrence, new Date(series.startsAt), series.timeZone, at) ? at.toISOString() : null;
}

/** An occurrence as it stands: the series' values with its own changes over them. */
export interface EffectiveOccurrence {
  startsAt: string;
  title: string;
  description: string;
  location: string;
  cancelled: boolean;
}

export function effectiveOccurrence(state: CalendarState, key: string): EffectiveOccurrence {
  const series = state.event!;
  const own = state.overrides.get(key) ?? emptyOverride;
  return {
    startsAt: own.startsAt ?? key,
    title: own.title ?? series.title,
    description: own.description ?? series.description,
    location: own.location ?? series.location,
    cancelled: own.cancelled,
  };
}

/** Whether the answer was given before its occurrence's time or place last changed. */
export function isStale(state: CalendarState, occurrence: string, answer: AnswerState): boolean {
  const own = state.overrides.get(occurrence)?.timePlaceSeq ?? 0;
  return answer.seq < Math.max(state.event?.timePlaceSeq ?? 0, own);
}
