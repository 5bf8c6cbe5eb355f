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

export type EventCancelled = { type: 'EventCancelled'; data: { eventId: string; teamId: string; by: string } };

export type RsvpRecorded = {
  type: 'RsvpRecorded';
  data: { eventId: string; teamId: string; occurrenceDate: string; userId: string; status: RsvpStatus };
};

export type CalendarDomainEvent = EventScheduled | EventCancelled | RsvpRecorded;
export const calendarEventTypes = ['EventScheduled', 'EventCancelled', 'RsvpRecorded'] as const;

/** The zone an EventScheduled's series repeats in (UTC for events recorded before zones). */
export const scheduledTimeZone = (data: EventScheduled['data']): string => data.timeZone ?? LEGACY_TIME_ZONE;
