import type { Recurrence, RsvpStatus } from './schemas.ts';

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
    createdBy: string;
  };
};

export type EventCancelled = { type: 'EventCancelled'; data: { eventId: string; teamId: string; by: string } };

export type RsvpRecorded = {
  type: 'RsvpRecorded';
  data: { eventId: string; teamId: string; occurrenceDate: string; userId: string; status: RsvpStatus };
};

export type CalendarDomainEvent = EventScheduled | EventCancelled | RsvpRecorded;
export const calendarEventTypes = ['EventScheduled', 'EventCancelled', 'RsvpRecorded'] as const;
