/**
 * Calendar shapes of the API (GET /api/teams/{teamId}/events and friends). Declared locally until
 * `@sideline/domain` exports its calendar schemas; keep these in step with the contract.
 */
export const rsvpStatuses = ['yes', 'maybe', 'no'] as const;
export type RsvpStatus = (typeof rsvpStatuses)[number];

export const recurringTypes = ['daily', 'weekly', 'monthly'] as const;
export type RecurringType = (typeof recurringTypes)[number];

export interface EventRsvp {
  id: string;
  status: RsvpStatus;
  userId: string;
  user: { name: string; avatarUrl?: string | null };
}

/** One occurrence of an event (a one-off event is its own single occurrence). */
export interface TeamEvent {
  id: string;
  teamId: string;
  title: string;
  description: string | null;
  /** ISO date-time of this occurrence. */
  date: string;
  location: string | null;
  isRecurring: boolean;
  recurringType: RecurringType | null;
  recurringInterval: number | null;
  recurringDays: number[] | null;
  recurringEndDate: string | null;
  recurringEndCount: number | null;
  seriesId: string | null;
  occurrenceDate: string | null;
  rsvps: EventRsvp[];
}

export interface CreateEventInput {
  title: string;
  description: string;
  date: string;
  location: string;
  isRecurring: boolean;
  recurringType?: RecurringType;
  recurringInterval?: number;
  recurringDays?: number[];
  recurringEndDate?: string | null;
  recurringEndCount?: number | null;
}

export interface RsvpInput {
  status: RsvpStatus;
  occurrenceDate: string;
}
