/**
 * Calendar shapes of the API, from `@sideline/domain` (calendar/schemas.ts): one occurrence of an
 * event per list item, RSVPs recorded per occurrence.
 */
export type {
  CalendarEvent as TeamEvent,
  CreateEventInput,
  EventRsvp,
  RecurringType,
  RsvpInput,
  RsvpStatus,
  Weekday,
} from '@sideline/domain';
