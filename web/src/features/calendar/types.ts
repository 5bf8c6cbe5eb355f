/**
 * Calendar shapes of the API, from `@sideline/domain` (calendar/schemas.ts): one occurrence of an
 * event per list item, RSVPs recorded per occurrence.
 */
export type {
  Attendance,
  Attendee,
  CancelOccurrenceInput,
  ChangeEventInput,
  ChangeScope,
  EventHistoryEntry,
  HouseholdAnswer,
  Player,
  CalendarEvent as TeamEvent,
  CreateEventInput,
  EventRsvp,
  RsvpInput,
  RsvpStatus,
  Weekday,
} from '@sideline/domain';
