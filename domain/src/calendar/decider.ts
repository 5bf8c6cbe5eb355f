import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import {
  answerKey,
  emptyCalendarState,
  emptyOverride,
  isStale,
  occurrenceKey,
  occurrenceOfKey,
  type AnswerState,
  type CalendarState,
  type OverrideState,
} from './calendar-state.ts';
import type { CalendarCommand } from './commands.ts';
import { scheduledTimeZone, type CalendarDomainEvent, type EventFieldChanges, type OccurrenceMove } from './events.ts';
import { expandOccurrences } from './recurrence.ts';
import { decideChange, isEmptyOverride, resetOverride } from './series-changes.ts';
import { canonicalTimeZone } from './time-zone.ts';

export { type CalendarState } from './calendar-state.ts';

const eventNotFound = () => new DomainError('not_found', 'EVENT_NOT_FOUND', 'Event not found');
const occurrenceNotFound = () =>
  new DomainError('not_found', 'OCCURRENCE_NOT_FOUND', 'This event does not happen at that date');

/** The series, or a refusal when the event does not exist (or was deleted). */
function liveSeries(state: CalendarState) {
  if (!state.event || state.cancelled) throw eventNotFound();
  return state.event;
}

/** Maps with their keys moved (`moved`: old occurrence key → new), applied all at once. */
function rekeyOverrides(
  overrides: ReadonlyMap<string, OverrideState>,
  moved: readonly OccurrenceMove[],
  update: (own: OverrideState) => OverrideState = (own) => own,
): Map<string, OverrideState> {
  const to = new Map(moved.map((m) => [m.from, m.to]));
  const next = new Map<string, OverrideState>();
  for (const [key, own] of overrides) next.set(to.get(key) ?? key, update(own));
  for (const [key, own] of next) if (isEmptyOverride(own) && own.timePlaceSeq === 0) next.delete(key);
  return next;
}

function rekeyAnswers(rsvps: ReadonlyMap<string, AnswerState>, moved: readonly OccurrenceMove[]) {
  const to = new Map(moved.map((m) => [m.from, m.to]));
  const next = new Map<string, AnswerState>();
  for (const [key, answer] of rsvps) {
    const occurrence = to.get(occurrenceOfKey(key)) ?? occurrenceOfKey(key);
    next.set(answerKey(occurrence, answer), answer);
  }
  return next;
}

const touchesTimeOrPlace = (changes: EventFieldChanges) => Boolean(changes.startsAt || changes.location);

/** One occurrence's own values after an occurrence change (a value equal to the series' is the series' again). */
function applyToOverride(
  own: OverrideState,
  changes: EventFieldChanges,
  series: { title: string; description: string; location: string },
  key: string,
  seq: number,
): OverrideState {
  const pin = <T>(change: { to: T } | undefined, seriesValue: T, current: T | null): T | null =>
    change === undefined ? current : change.to === seriesValue ? null : change.to;
  return {
    ...own,
    title: pin(changes.title, series.title, own.title),
    description: pin(changes.description, series.description, own.description),
    location: pin(changes.location, series.location, own.location),
    startsAt: pin(changes.startsAt, key, own.startsAt),
    timePlaceSeq: touchesTimeOrPlace(changes) ? seq : own.timePlaceSeq,
  };
}

export const calendarDecider: Decider<CalendarCommand, CalendarDomainEvent, CalendarState> = {
  initialState: emptyCalendarState,

  decide(command, state) {
    switch (command.type) {
      case 'ScheduleEvent': {
        const { startsAt, recurrence, timeZone, ...rest } = command.data;
        if (state.event) return []; // the same id scheduled again: a retry
        if (canonicalTimeZone(timeZone) !== timeZone) {
          throw new DomainError('invalid', 'INVALID_TIME_ZONE', 'Choose a time zone such as America/New_York');
        }
        // The series starts at its first occurrence (a weekly rule's first chosen weekday), so
        // the stored start, the occurrences and an exported DTSTART all agree.
        const first = expandOccurrences(recurrence, new Date(startsAt), timeZone, { limit: 1 })[0];
        if (!first) throw new DomainError('invalid', 'NO_OCCURRENCES', 'This repetition never happens; check its end');
        return [
          {
            type: 'EventScheduled',
            data: {
              eventId: rest.eventId,
              teamId: rest.teamId,
              title: rest.title,
              description: rest.description,
              location: rest.location,
              startsAt: first.toISOString(),
              recurrence,
              timeZone,
              createdBy: rest.createdBy,
            },
          },
        ];
      }
      case 'SetRsvpDeadline': {
        const { eventId, hours, by } = command.data;
        if (!state.event || state.cancelled) throw eventNotFound();
        if ((state.rsvpDeadlineHours ?? null) === hours) return [];
        return [{ type: 'RsvpDeadlineSet', data: { eventId, teamId: state.event.teamId, hours, by } }];
      }
      case 'CancelEvent': {
        const { eventId, teamId, by } = command.data;
        if (!state.event) throw eventNotFound();
        if (state.cancelled) return [];
        return [{ type: 'EventCancelled', data: { eventId, teamId, by } }];
      }
      case 'RecordRsvp': {
        const { eventId, occurrenceDate, userId, status, player } = command.data;
        const series = liveSeries(state);
        const key = occurrenceKey(series, occurrenceDate);
        if (key === null) throw occurrenceNotFound();
        if (player && player.access === 'none') {
          throw new DomainError(
            'forbidden',
            'PLAYER_ANSWER_NOT_ALLOWED',
            "Only the player's guardians, the player and the team's coaches can answer for them",
          );
        }
        if (state.overrides.get(key)?.cancelled) {
          throw new DomainError('conflict', 'OCCURRENCE_CANCELLED', 'This event was cancelled');
        }
        const hours = state.rsvpDeadlineHours ?? null;
        if (hours !== null && command.data.now && !command.data.canManage) {
          const startsAt = new Date(state.overrides.get(key)?.startsAt ?? key).getTime();
          if (new Date(command.data.now).getTime() > startsAt - hours * 3_600_000) {
            throw new DomainError(
              'conflict',
              'RSVP_CLOSED',
              `Answers closed ${hours} ${hours === 1 ? 'hour' : 'hours'} before the start; ask a coach to record yours.`,
            );
          }
        }
        const subject = { userId, playerId: player?.playerId ?? null };
        const current = state.rsvps.get(answerKey(key, subject));
        // The same answer again changes nothing, unless the time or place changed since: then it
        // is the person confirming that it still holds.
        if (current && current.status === status && !isStale(state, key, current)) return [];
        return [
          {
            type: 'RsvpRecorded',
            data: {
              eventId,
              teamId: series.teamId,
              occurrenceDate: key,
              userId,
              status,
              ...(player && { playerId: player.playerId }),
            },
          },
        ];
      }
      case 'ChangeEvent':
        return decideChange(state, command.data);
      case 'CancelOccurrence': {
        const { occurrenceDate, by, reason } = command.data;
        const series = liveSeries(state);
        const key = occurrenceKey(series, occurrenceDate);
        if (key === null) throw occurrenceNotFound();
        if (state.overrides.get(key)?.cancelled) return [];
        return [
          {
            type: 'OccurrenceCancelled',
            data: { eventId: series.eventId, teamId: series.teamId, occurrenceDate: key, by, reason },
          },
        ];
      }
      case 'RestoreOccurrence': {
        const { occurrenceDate, by } = command.data;
        const series = liveSeries(state);
        const key = occurrenceKey(series, occurrenceDate);
        if (key === null) throw occurrenceNotFound();
        if (!state.overrides.get(key)?.cancelled) {
          throw new DomainError('conflict', 'OCCURRENCE_NOT_CANCELLED', 'This occurrence is not cancelled');
        }
        return [
          {
            type: 'OccurrenceRestored',
            data: { eventId: series.eventId, teamId: series.teamId, occurrenceDate: key, by },
          },
        ];
      }
      case 'ContinueSeries':
        return state.event ? [] : [{ type: 'EventSeriesContinued', data: command.data }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'EventScheduled': {
        const d = event.data;
        return {
          ...state,
          event: {
            eventId: d.eventId,
            teamId: d.teamId,
            title: d.title,
            description: d.description,
            location: d.location,
            startsAt: d.startsAt,
            recurrence: d.recurrence,
            timeZone: scheduledTimeZone(d),
            createdBy: d.createdBy,
            timePlaceSeq: 0,
          },
        };
      }
      case 'EventCancelled':
        return { ...state, cancelled: true };
      case 'RsvpDeadlineSet':
        return { ...state, rsvpDeadlineHours: event.data.hours };
      case 'RsvpRecorded': {
        const d = event.data;
        const rsvps = new Map(state.rsvps);
        const answer: AnswerState = {
          userId: d.userId,
          playerId: d.playerId ?? null,
          status: d.status,
          seq: state.seq,
        };
        rsvps.set(answerKey(d.occurrenceDate, answer), answer);
        return { ...state, rsvps };
      }
      case 'EventChanged': {
        const d = event.data;
        const series = state.event!;
        const seq = state.seq + 1;
        if (d.scope === 'occurrence') {
          const key = d.occurrenceDate!;
          const overrides = new Map(state.overrides);
          const own = applyToOverride(overrides.get(key) ?? emptyOverride, d.changes, series, key, seq);
          if (isEmptyOverride(own) && own.timePlaceSeq === 0) overrides.delete(key);
          else overrides.set(key, own);
          return { ...state, overrides, seq };
        }
        const moved = d.moved ?? [];
        return {
          ...state,
          seq,
          event: {
            ...series,
            title: d.changes.title?.to ?? series.title,
            description: d.changes.description?.to ?? series.description,
            location: d.changes.location?.to ?? series.location,
            startsAt: d.seriesStartsAt ?? series.startsAt,
            recurrence: d.recurrence !== undefined ? d.recurrence : series.recurrence,
            timePlaceSeq: touchesTimeOrPlace(d.changes) ? seq : series.timePlaceSeq,
          },
          overrides: rekeyOverrides(state.overrides, moved, (own) => resetOverride(own, d.changes)),
          rsvps: rekeyAnswers(state.rsvps, moved),
        };
      }
      case 'OccurrenceCancelled': {
        const d = event.data;
        const overrides = new Map(state.overrides);
        const own = overrides.get(d.occurrenceDate) ?? emptyOverride;
        overrides.set(d.occurrenceDate, { ...own, cancelled: true, cancelReason: d.reason });
        return { ...state, overrides, seq: state.seq + 1 };
      }
      case 'OccurrenceRestored': {
        const d = event.data;
        const overrides = new Map(state.overrides);
        const own = overrides.get(d.occurrenceDate) ?? emptyOverride;
        overrides.set(d.occurrenceDate, { ...own, cancelled: false, cancelReason: null });
        return { ...state, overrides, seq: state.seq + 1 };
      }
      case 'EventSeriesSplit': {
        const d = event.data;
        // The occurrences from the split on belong to the new series now.
        const keep = <V>(map: ReadonlyMap<string, V>, occurrenceOf: (key: string) => string) =>
          new Map([...map].filter(([key]) => occurrenceOf(key) < d.occurrenceDate));
        const splits = new Map(state.splits);
        splits.set(d.occurrenceDate, d);
        return {
          ...state,
          seq: state.seq + 1,
          event: { ...state.event!, recurrence: d.recurrence },
          overrides: keep(state.overrides, (key) => key),
          rsvps: keep(state.rsvps, occurrenceOfKey),
          splits,
        };
      }
      case 'EventSeriesContinued': {
        const d = event.data;
        const overrides = new Map<string, OverrideState>();
        for (const { occurrenceDate, ...own } of d.overrides)
          overrides.set(occurrenceDate, { ...own, timePlaceSeq: 0 });
        const rsvps = new Map<string, AnswerState>();
        for (const a of d.answers) {
          const answer: AnswerState = {
            userId: a.userId,
            playerId: a.playerId,
            status: a.status,
            seq: a.beforeChange ? -1 : 0,
          };
          rsvps.set(answerKey(a.occurrenceDate, answer), answer);
        }
        return {
          ...emptyCalendarState,
          event: {
            eventId: d.eventId,
            teamId: d.teamId,
            title: d.title,
            description: d.description,
            location: d.location,
            startsAt: d.startsAt,
            recurrence: d.recurrence,
            timeZone: d.timeZone,
            createdBy: d.createdBy,
            timePlaceSeq: 0,
          },
          overrides,
          rsvps,
        };
      }
    }
  },
};
