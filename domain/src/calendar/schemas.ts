import { z } from 'zod';
import { boundedIsoDateTime, DATE_RANGE_MESSAGE, isWithinYearRange } from '../shared/dates.ts';
import { idSchema } from '../shared/ids.ts';
import { safeText, text } from '../shared/text.ts';
import { attendanceCountsSchema } from './attendance-schemas.ts';
import { endOfDay, LEGACY_TIME_ZONE, timeZoneSchema } from './time-zone.ts';

/** Weekday names as events carry them (spec part 1: lowercase names, Monday first in the UI). */
export const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof weekdays)[number];

/** Spec part 2's form sends weekdays as '0'..'6' with 0 = Sunday. */
const weekdayOfDigit: Record<string, Weekday> = {
  '0': 'sunday',
  '1': 'monday',
  '2': 'tuesday',
  '3': 'wednesday',
  '4': 'thursday',
  '5': 'friday',
  '6': 'saturday',
};

/** Accepts 'monday'..'sunday' (any case) or '0'..'6' (or the number); normalises to the name. */
export const weekdaySchema = z.union([z.string(), z.number().int()]).transform((v, ctx) => {
  const key = String(v).trim().toLowerCase();
  const day = weekdayOfDigit[key] ?? (weekdays as readonly string[]).find((d) => d === key);
  if (!day) {
    ctx.addIssue({ code: 'custom', message: 'Choose weekdays from Monday to Sunday' });
    return z.NEVER;
  }
  return day as Weekday;
});

export const recurringTypes = ['daily', 'weekly', 'monthly'] as const;
export type RecurringType = (typeof recurringTypes)[number];

export const RECURRING_INTERVAL_MAX = 52;
export const RECURRING_COUNT_MAX = 100;
export const TITLE_MAX_LENGTH = 120;

/** A series' repetition, as stored in EventScheduled. End: endDate, endCount, or neither (never). */
export interface Recurrence {
  type: RecurringType;
  interval: number;
  /** Weekly only (empty otherwise): the weekdays, in Monday-first order, no duplicates. */
  days: Weekday[];
  /** ISO datetime, inclusive: no occurrence starts after it. */
  endDate: string | null;
  endCount: number | null;
}

const isoDateTime = boundedIsoDateTime('Choose a date and a time');
/** An end date may come as a plain date from a date input: it then means the end of that day in the event's zone. */
export const endDateSchema = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: 'Choose a date' })
  .refine(isWithinYearRange, { message: DATE_RANGE_MESSAGE, abort: true });
/** An end date as sent (a date-time, or a plain date meaning the end of that day in `zone`) as an instant. */
export const resolveEndDate = (v: string, zone: string) =>
  (v.length === 10 ? endOfDay(v, zone) : new Date(v)).toISOString();

const trimmed = (max: number) =>
  safeText
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => v ?? '');

/** POST /api/teams/{teamId}/events — the create-event dialog's payload (spec part 1 §5/§7, part 2 §5). */
/** How long before an occurrence's start answers close: 1 hour to 2 weeks. */
export const rsvpDeadlineHoursSchema = z
  .number({ error: 'Answers close a whole number of hours before the start' })
  .int('Answers close a whole number of hours before the start')
  .min(1, 'Answers close 1 to 336 hours before the start')
  .max(336, 'Answers close 1 to 336 hours before the start');

export const createEventInputSchema = z
  .object({
    title: text({ error: 'Title is required' })
      .trim()
      .min(1, 'Title is required')
      .max(TITLE_MAX_LENGTH, `Title must be at most ${TITLE_MAX_LENGTH} characters`),
    description: trimmed(2000),
    location: trimmed(200),
    date: isoDateTime.transform((v) => new Date(v).toISOString()),
    isRecurring: z.boolean().default(false),
    recurringType: z.enum(recurringTypes).nullish(),
    recurringInterval: z.coerce
      .number()
      .int('Repeat interval must be a whole number')
      .min(1, 'Repeat interval is 1 to 52')
      .max(RECURRING_INTERVAL_MAX, 'Repeat interval is 1 to 52')
      .nullish(),
    recurringDays: z.array(weekdaySchema).max(7).nullish(),
    recurringEndDate: endDateSchema.nullish(),
    recurringEndCount: z.coerce
      .number()
      .int('Count must be a positive number')
      .min(1, 'Count must be a positive number')
      .max(RECURRING_COUNT_MAX, `Count is at most ${RECURRING_COUNT_MAX}`)
      .nullish(),
    /** IANA zone the series repeats in (the creator's browser zone); absent: UTC. */
    timeZone: timeZoneSchema.nullish(),
    /** Answers close this many hours before each occurrence starts (managers may still record them); null: never. */
    rsvpDeadlineHours: rsvpDeadlineHoursSchema.nullish(),
  })
  .superRefine((v, ctx) => {
    if (!v.isRecurring) return;
    if (v.recurringType === 'weekly' && (!v.recurringDays || v.recurringDays.length === 0)) {
      ctx.addIssue({ code: 'custom', path: ['recurringDays'], message: 'At least one day must be selected' });
    }
    if (v.recurringEndDate && v.recurringEndCount) {
      ctx.addIssue({ code: 'custom', path: ['recurringEndCount'], message: 'Choose an end date or a count, not both' });
    }
    if (v.recurringEndDate && resolveEndDate(v.recurringEndDate, v.timeZone ?? LEGACY_TIME_ZONE) < v.date) {
      ctx.addIssue({ code: 'custom', path: ['recurringEndDate'], message: 'The end date is before the first date' });
    }
  })
  .transform((v) => ({
    title: v.title,
    description: v.description,
    location: v.location,
    date: v.date,
    timeZone: v.timeZone ?? null,
    recurrence: v.isRecurring ? toRecurrence(v, v.timeZone ?? LEGACY_TIME_ZONE) : null,
    rsvpDeadlineHours: v.rsvpDeadlineHours ?? null,
  }));
export type CreateEventInput = z.input<typeof createEventInputSchema>;

function toRecurrence(
  v: {
    recurringType?: RecurringType | null;
    recurringInterval?: number | null;
    recurringDays?: Weekday[] | null;
    recurringEndDate?: string | null;
    recurringEndCount?: number | null;
  },
  zone: string,
): Recurrence {
  const type = v.recurringType ?? 'weekly';
  const days = type === 'weekly' ? weekdays.filter((d) => v.recurringDays?.includes(d)) : [];
  return {
    type,
    interval: v.recurringInterval ?? 1,
    days,
    endDate: v.recurringEndDate ? resolveEndDate(v.recurringEndDate, zone) : null,
    endCount: v.recurringEndDate ? null : (v.recurringEndCount ?? null),
  };
}

export const rsvpStatuses = ['yes', 'maybe', 'no'] as const;
export const rsvpStatusSchema = z.enum(rsvpStatuses, { error: 'Choose yes, maybe or no' });
export type RsvpStatus = z.infer<typeof rsvpStatusSchema>;

/**
 * POST /api/events/{eventId}/rsvp — without occurrenceDate, the next occurrence. Without
 * playerId, the caller answers for themself (a player's own account: for their roster entry);
 * with it, for that roster player (their guardians, their own account and the team's managers).
 */
export const rsvpInputSchema = z.object({
  status: rsvpStatusSchema,
  occurrenceDate: isoDateTime.transform((v) => new Date(v).toISOString()).optional(),
  playerId: idSchema.optional(),
});
export type RsvpInput = z.input<typeof rsvpInputSchema>;

/** Who gave an answer. */
export const answeredBySchema = z.object({ id: z.string(), name: z.string() });

/**
 * One answer for an occurrence: a member's own (`playerId` null) or a roster player's (`userId`
 * then the player's own account, or null).
 */
export const eventRsvpSchema = z.object({
  id: z.string(),
  status: rsvpStatusSchema,
  userId: z.string().nullable(),
  playerId: z.string().nullable(),
  /** The name of whom the answer is for (the member, or the player). */
  user: z.object({ name: z.string() }),
  answeredBy: answeredBySchema.nullable(),
  answeredAt: z.string(),
  /** The time or place of the occurrence changed after this answer ("Time changed: still going?"). */
  answeredBeforeChange: z.boolean(),
  /** This answer is a change to Not Going within 24 hours of the start (flagged to the coaches). */
  lateChange: z.boolean().optional(),
});
export type EventRsvp = z.infer<typeof eventRsvpSchema>;

/** An occurrence as planned, moved (its time or place changed) or cancelled. */
export const occurrenceStatuses = ['scheduled', 'moved', 'cancelled'] as const;
export const occurrenceStatusSchema = z.enum(occurrenceStatuses);
export type OccurrenceStatus = z.infer<typeof occurrenceStatusSchema>;

/** An occurrence's time and place before its last change of either. */
export const previousOccurrenceSchema = z.object({ startsAt: z.string(), location: z.string() });

/** One occurrence of an event (a series' occurrence, or the single date of a one-off). */
export const eventSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  title: z.string(),
  description: z.string(),
  /** ISO start of this occurrence (where it was moved to, if it was). */
  date: z.string(),
  location: z.string(),
  isRecurring: z.boolean(),
  recurringType: z.enum(recurringTypes).nullable(),
  recurringInterval: z.number().int().nullable(),
  recurringDays: z.array(z.enum(weekdays)).nullable(),
  recurringEndDate: z.string().nullable(),
  recurringEndCount: z.number().int().nullable(),
  /** The series (= the event id). */
  seriesId: z.string(),
  /**
   * The occurrence's key: its start by the series' rule (its RECURRENCE-ID), which RSVPs, changes
   * and cancellations name. It stays when the occurrence alone is moved (`date` moves).
   */
  occurrenceDate: z.string(),
  /** The IANA zone the series repeats in (its weekdays and time of day are that zone's). */
  timeZone: z.string(),
  rsvps: z.array(eventRsvpSchema),
  status: occurrenceStatusSchema,
  /** Time and place before the last change of either; null when neither ever changed. */
  previous: previousOccurrenceSchema.nullable(),
  /** When this occurrence (or its series) last changed; null when never. */
  changedAt: z.string().nullable(),
  /** Why it was cancelled (null when it is not, or no reason was given). */
  cancelReason: z.string().nullable(),
  /** Answers per status, and how many of those expected to answer have not. */
  counts: attendanceCountsSchema,
  // Optional keys come last: the fast serializer writes them after the required ones, and the
  // bytes must match zod's order.
  /** How many answers are late changes to Not Going: the coaches' badge on the event. */
  lateNotGoing: z.number().int().optional(),
  /** Answers close this many hours before the start (members then get 409 RSVP_CLOSED); null: never. */
  rsvpDeadlineHours: z.number().int().nullable().optional(),
});
export type CalendarEvent = z.infer<typeof eventSchema>;

export const upcomingEventsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** The longest range GET /api/teams/{teamId}/events lists repeating series over. */
export const EVENTS_RANGE_MAX_DAYS = 731;

/** GET /api/teams/{teamId}/events?from&to — both optional; see the route for the defaults. */
export const eventsRangeQuerySchema = z
  .object({
    from: isoDateTime.transform((v) => new Date(v)).optional(),
    to: isoDateTime.transform((v) => new Date(v)).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.to < v.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: '`to` is before `from`' });
    } else if (v.from && v.to && v.to.getTime() - v.from.getTime() > EVENTS_RANGE_MAX_DAYS * 86_400_000) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `A range is at most ${EVENTS_RANGE_MAX_DAYS} days` });
    }
  });

/** POST /api/teams/{teamId}/calendar-token */
export const calendarTokenSchema = z.object({ url: z.string() });
