import { DomainError } from '../shared/errors.ts';
import {
  effectiveOccurrence,
  isStale,
  occurrenceKey,
  occurrenceOfKey,
  type CalendarState,
  type OverrideState,
  type SeriesState,
} from './calendar-state.ts';
import type { RecurrenceInput } from './change-schemas.ts';
import type { ChangeEvent } from './commands.ts';
import type {
  CalendarDomainEvent,
  CarriedAnswer,
  EventFieldChanges,
  EventSeriesContinued,
  OccurrenceMove,
  OccurrenceOverride,
} from './events.ts';
import { expandOccurrences, isOccurrence, MAX_OCCURRENCES } from './recurrence.ts';
import { resolveEndDate, weekdays, type Recurrence } from './schemas.ts';
import { resolveZonedStart, shiftWallClock, wallClockDayShift, wallClockShiftMinutes } from './zoned-time.ts';

const invalid = (code: string, field: string, message: string) =>
  new DomainError('invalid', code, message, { fieldErrors: { [field]: [message] } });

const textFields = ['title', 'description', 'location'] as const;

/** The series' repetition a change asks for, its plain end date read in the series' zone. */
function resolveRecurrence(input: RecurrenceInput, zone: string): Recurrence {
  return { ...input, endDate: input.endDate ? resolveEndDate(input.endDate, zone) : null };
}

const sameRecurrence = (a: Recurrence | null, b: Recurrence | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The repetition after every occurrence moved by `minutes` of wall-clock time: chosen weekdays
 * move with the days crossed (Tuesday and Thursday practices moved a day later are on Wednesday
 * and Friday), and an end date moves too, so that the series keeps its number of occurrences.
 */
function shiftRecurrence(recurrence: Recurrence, start: Date, minutes: number, zone: string): Recurrence {
  const days = wallClockDayShift(start, minutes, zone);
  const shiftedDays =
    recurrence.type === 'weekly' && days !== 0
      ? weekdays.filter((d) => recurrence.days.some((old) => weekdays[(weekdays.indexOf(old) + days + 70) % 7] === d))
      : recurrence.days;
  return {
    ...recurrence,
    days: shiftedDays,
    endDate: recurrence.endDate ? shiftWallClock(new Date(recurrence.endDate), minutes, zone).toISOString() : null,
  };
}

/** Every occurrence key the state keeps something of (answers, own changes). */
function knownKeys(state: CalendarState): string[] {
  const keys = new Set(state.overrides.keys());
  for (const key of state.rsvps.keys()) keys.add(occurrenceOfKey(key));
  return [...keys].sort();
}

/** Whether another occurrence of the series than `key` still starts at `at`. */
function takenByAnother(state: CalendarState, key: string, at: string): boolean {
  const series = state.event!;
  if (at !== key && isOccurrence(series.recurrence, new Date(series.startsAt), series.timeZone, new Date(at))) {
    const other = state.overrides.get(at);
    if (!other || (!other.cancelled && other.startsAt === null)) return true;
  }
  for (const [other, own] of state.overrides) {
    if (other !== key && !own.cancelled && own.startsAt === at) return true;
  }
  return false;
}

function requireStart(value: string | undefined, zone: string): Date | undefined {
  if (value === undefined) return undefined;
  const resolved = resolveZonedStart(value, zone);
  if (!resolved.ok) throw invalid('INVALID_ZONE_TIME', 'startsAt', resolved.message);
  return resolved.at;
}

/** One occurrence changed: its own values over the series' (`occurrenceDate` is its key). */
function changeOccurrence(state: CalendarState, command: ChangeEvent['data'], key: string): CalendarDomainEvent[] {
  const series = state.event!;
  const current = effectiveOccurrence(state, key);
  const changes: EventFieldChanges = {};
  for (const field of textFields) {
    const value = command.changes[field];
    if (value !== undefined && value !== current[field]) changes[field] = { from: current[field], to: value };
  }
  const start = requireStart(command.changes.startsAt, series.timeZone)?.toISOString();
  if (start !== undefined && start !== current.startsAt) {
    if (takenByAnother(state, key, start)) {
      throw new DomainError(
        'conflict',
        'OCCURRENCE_TAKEN',
        'Another occurrence of this series already starts then; change that one or choose another time',
      );
    }
    changes.startsAt = { from: current.startsAt, to: start };
  }
  if (Object.keys(changes).length === 0) return [];
  return [
    {
      type: 'EventChanged',
      data: {
        eventId: series.eventId,
        teamId: series.teamId,
        by: command.by,
        scope: 'occurrence',
        occurrenceDate: key,
        changes,
        reason: command.reason,
      },
    },
  ];
}

/** A series' fields after a change made from the occurrence `ref`, and where its occurrences go. */
interface SeriesOutcome {
  changes: EventFieldChanges;
  title: string;
  description: string;
  location: string;
  startsAt: string;
  recurrence: Recurrence | null;
  shiftMinutes: number;
  /** The new key of an old one, or null when the new rule has no such occurrence. */
  rekey(key: string): string | null;
}

function seriesOutcome(series: SeriesState, command: ChangeEvent['data'], ref: string): SeriesOutcome {
  const zone = series.timeZone;
  const changes: EventFieldChanges = {};
  const next = { title: series.title, description: series.description, location: series.location };
  for (const field of textFields) {
    const value = command.changes[field];
    if (value !== undefined && value !== series[field]) {
      changes[field] = { from: series[field], to: value };
      next[field] = value;
    }
  }
  const newStart = requireStart(command.changes.startsAt, zone);
  const requested = command.changes.recurrence ? resolveRecurrence(command.changes.recurrence, zone) : undefined;
  const oneOff = series.recurrence === null;
  const shiftMinutes = newStart ? wallClockShiftMinutes(new Date(ref), newStart, zone) : 0;

  let recurrence = series.recurrence;
  if (requested) recurrence = requested;
  else if (recurrence && shiftMinutes !== 0) {
    recurrence = shiftRecurrence(recurrence, new Date(series.startsAt), shiftMinutes, zone);
  }
  // A one-off moves to exactly the start asked for; a series keeps its local time of day.
  let start = oneOff && newStart ? newStart : shiftWallClock(new Date(series.startsAt), shiftMinutes, zone);
  if (recurrence) {
    const first = expandOccurrences(recurrence, start, zone, { limit: 1 })[0];
    if (!first) {
      throw invalid(
        'NO_OCCURRENCES',
        requested ? 'recurrence' : 'startsAt',
        'This repetition never happens; check its end',
      );
    }
    start = first;
  }
  if (newStart && (oneOff ? newStart.toISOString() !== series.startsAt : shiftMinutes !== 0)) {
    changes.startsAt = { from: ref, to: newStart.toISOString() };
  }
  if (!sameRecurrence(recurrence, series.recurrence)) changes.recurrence = { from: series.recurrence, to: recurrence };

  const startsAt = start.toISOString();
  const rekey = (key: string): string | null => {
    if (oneOff && !recurrence) return startsAt;
    const moved = shiftWallClock(new Date(key), shiftMinutes, zone);
    return isOccurrence(recurrence, start, zone, moved) ? moved.toISOString() : null;
  };
  return { changes, ...next, startsAt, recurrence, shiftMinutes, rekey };
}

/** The whole series changed (`ref`: the occurrence it was changed from, null for none named). */
function changeSeries(state: CalendarState, command: ChangeEvent['data'], ref: string | null): CalendarDomainEvent[] {
  const series = state.event!;
  const outcome = seriesOutcome(series, command, ref ?? series.startsAt);
  if (Object.keys(outcome.changes).length === 0) return [];
  const moved: OccurrenceMove[] = [];
  for (const key of knownKeys(state)) {
    const to = outcome.rekey(key);
    if (to !== null && to !== key) moved.push({ from: key, to });
  }
  return [
    {
      type: 'EventChanged',
      data: {
        eventId: series.eventId,
        teamId: series.teamId,
        by: command.by,
        scope: 'series',
        occurrenceDate: ref,
        changes: outcome.changes,
        reason: command.reason,
        seriesStartsAt: outcome.startsAt,
        shiftMinutes: outcome.shiftMinutes,
        recurrence: outcome.recurrence,
        moved,
      },
    },
  ];
}

/** The override after a series change of `changes` (the fields it set are the series' again). */
export function resetOverride(own: OverrideState, changes: EventFieldChanges): OverrideState {
  return {
    ...own,
    title: changes.title ? null : own.title,
    description: changes.description ? null : own.description,
    location: changes.location ? null : own.location,
    startsAt: changes.startsAt ? null : own.startsAt,
  };
}

const isEmptyOverride = (own: OverrideState) =>
  !own.cancelled && own.startsAt === null && own.title === null && own.description === null && own.location === null;

/** How many occurrences of the series come before `key` (for a counted series). */
function occurrencesBefore(series: SeriesState, key: string): number {
  const until = new Date(Date.parse(key) - 1);
  return expandOccurrences(series.recurrence, new Date(series.startsAt), series.timeZone, {
    until,
    limit: MAX_OCCURRENCES,
  }).length;
}

/**
 * "This and following events" from `key`: the series ends before it, and a new series from it
 * on takes the change, the occurrences' own changes and their answers.
 */
function splitSeries(state: CalendarState, command: ChangeEvent['data'], key: string): CalendarDomainEvent[] {
  const series = state.event!;
  const recurrence = series.recurrence!;
  const base: SeriesState = {
    ...series,
    eventId: command.newEventId,
    startsAt: key,
    recurrence: {
      ...recurrence,
      endCount: recurrence.endCount ? recurrence.endCount - occurrencesBefore(series, key) : null,
    },
  };
  const outcome = seriesOutcome(base, command, key);
  if (Object.keys(outcome.changes).length === 0) return [];
  const timeOrPlace = Boolean(outcome.changes.startsAt || outcome.changes.location);

  const moved: OccurrenceMove[] = [];
  const overrides: OccurrenceOverride[] = [];
  for (const from of knownKeys(state).filter((k) => k >= key)) {
    const to = outcome.rekey(from);
    if (to === null) continue;
    moved.push({ from, to });
    const own = state.overrides.get(from);
    if (!own) continue;
    const reset = resetOverride(own, outcome.changes);
    if (isEmptyOverride(reset)) continue;
    const { timePlaceSeq: _seq, ...values } = reset;
    overrides.push({ occurrenceDate: to, ...values });
  }
  const rekeyed = new Map(moved.map((m) => [m.from, m.to]));
  const answers: CarriedAnswer[] = [];
  for (const [answer, value] of state.rsvps) {
    const to = rekeyed.get(occurrenceOfKey(answer));
    if (to === undefined) continue;
    answers.push({
      occurrenceDate: to,
      userId: value.userId,
      playerId: value.playerId,
      status: value.status,
      beforeChange: timeOrPlace || isStale(state, occurrenceOfKey(answer), value),
    });
  }
  const continuation: EventSeriesContinued['data'] = {
    eventId: command.newEventId,
    teamId: series.teamId,
    title: outcome.title,
    description: outcome.description,
    location: outcome.location,
    startsAt: outcome.startsAt,
    recurrence: outcome.recurrence!,
    timeZone: series.timeZone,
    createdBy: series.createdBy,
    by: command.by,
    splitFrom: { eventId: series.eventId, occurrenceDate: key },
    overrides,
    answers,
  };
  return [
    {
      type: 'EventSeriesSplit',
      data: {
        eventId: series.eventId,
        teamId: series.teamId,
        by: command.by,
        occurrenceDate: key,
        newEventId: command.newEventId,
        changes: outcome.changes,
        reason: command.reason,
        recurrence: { ...recurrence, endDate: new Date(Date.parse(key) - 1).toISOString(), endCount: null },
        shiftMinutes: outcome.shiftMinutes,
        moved,
        continuation,
      },
    },
  ];
}

/** PATCH of an event: one occurrence, it and the following ones (a split), or the series. */
export function decideChange(state: CalendarState, command: ChangeEvent['data']): CalendarDomainEvent[] {
  const series = state.event;
  if (!series || state.cancelled) throw new DomainError('not_found', 'EVENT_NOT_FOUND', 'Event not found');
  // The same split again (a retry): the caller completes the new series from the recorded split.
  if (command.scope === 'following' && command.occurrenceDate) {
    const normalised = new Date(command.occurrenceDate);
    if (!Number.isNaN(normalised.getTime()) && state.splits.has(normalised.toISOString())) return [];
  }
  let key: string | null = null;
  if (command.occurrenceDate !== null) {
    key = occurrenceKey(series, command.occurrenceDate);
    if (key === null) throw invalid('NOT_AN_OCCURRENCE', 'occurrenceDate', 'This event does not happen at that date');
  }
  // A one-off event has one occurrence: every scope changes the event itself.
  if (series.recurrence === null) return changeSeries(state, command, key);
  switch (command.scope) {
    case 'occurrence':
      return changeOccurrence(state, command, key!);
    case 'following':
      // From the first occurrence on is the whole series.
      return key === series.startsAt ? changeSeries(state, command, key) : splitSeries(state, command, key!);
    case 'series':
      return changeSeries(state, command, key);
  }
}

export { isEmptyOverride };
