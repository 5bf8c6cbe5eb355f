import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import type { CalendarCommand } from './commands.ts';
import { scheduledTimeZone, type CalendarDomainEvent } from './events.ts';
import { expandOccurrences, isOccurrence } from './recurrence.ts';
import type { Recurrence, RsvpStatus } from './schemas.ts';
import { canonicalTimeZone } from './time-zone.ts';

/** One event's stream folded: the series, whether it was cancelled, and the latest RSVPs. */
export interface CalendarState {
  event: {
    eventId: string;
    teamId: string;
    startsAt: string;
    recurrence: Recurrence | null;
    timeZone: string;
  } | null;
  cancelled: boolean;
  /** `${occurrenceDate}|${userId}` → status. */
  rsvps: ReadonlyMap<string, RsvpStatus>;
}

export const emptyCalendarState: CalendarState = { event: null, cancelled: false, rsvps: new Map() };

const rsvpKey = (occurrenceDate: string, userId: string) => `${occurrenceDate}|${userId}`;

export const calendarDecider: Decider<CalendarCommand, CalendarDomainEvent, CalendarState> = {
  initialState: emptyCalendarState,

  decide(command, state) {
    switch (command.type) {
      case 'ScheduleEvent': {
        const { canManage, startsAt, recurrence, timeZone, ...rest } = command.data;
        if (!canManage) {
          throw new DomainError('forbidden', 'EVENT_MANAGERS_ONLY', 'Only coaches and team admins can create events');
        }
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
      case 'CancelEvent': {
        const { eventId, teamId, by, canManage } = command.data;
        if (!state.event) throw new DomainError('not_found', 'EVENT_NOT_FOUND', 'Event not found');
        if (!canManage) {
          throw new DomainError('forbidden', 'EVENT_MANAGERS_ONLY', 'Only coaches and team admins can delete events');
        }
        if (state.cancelled) return [];
        return [{ type: 'EventCancelled', data: { eventId, teamId, by } }];
      }
      case 'RecordRsvp': {
        const { eventId, occurrenceDate, userId, status } = command.data;
        if (!state.event || state.cancelled) throw new DomainError('not_found', 'EVENT_NOT_FOUND', 'Event not found');
        const at = new Date(occurrenceDate);
        const { recurrence, startsAt, timeZone } = state.event;
        if (Number.isNaN(at.getTime()) || !isOccurrence(recurrence, new Date(startsAt), timeZone, at)) {
          throw new DomainError('not_found', 'OCCURRENCE_NOT_FOUND', 'This event does not happen at that date');
        }
        const key = at.toISOString();
        if (state.rsvps.get(rsvpKey(key, userId)) === status) return [];
        return [
          {
            type: 'RsvpRecorded',
            data: { eventId, teamId: state.event.teamId, occurrenceDate: key, userId, status },
          },
        ];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'EventScheduled': {
        const { eventId, teamId, startsAt, recurrence } = event.data;
        return { ...state, event: { eventId, teamId, startsAt, recurrence, timeZone: scheduledTimeZone(event.data) } };
      }
      case 'EventCancelled':
        return { ...state, cancelled: true };
      case 'RsvpRecorded': {
        const rsvps = new Map(state.rsvps);
        rsvps.set(rsvpKey(event.data.occurrenceDate, event.data.userId), event.data.status);
        return { ...state, rsvps };
      }
    }
  },
};
