import { rsvpDeadlineHoursSchema } from './schemas.ts';
import { z } from 'zod';
import { boundedIsoDateTime, DATE_RANGE_MESSAGE, isWithinYearRange } from '../shared/dates.ts';
import { safeText, text } from '../shared/text.ts';
import {
  endDateSchema,
  occurrenceStatusSchema,
  RECURRING_COUNT_MAX,
  RECURRING_INTERVAL_MAX,
  recurringTypes,
  TITLE_MAX_LENGTH,
  weekdays,
  weekdaySchema,
  type RecurringType,
  type Weekday,
} from './schemas.ts';
import { ZONED_START_PATTERN } from './zoned-time.ts';

/** Which occurrences a change applies to: one, that one and every later one (the series splits there), or all. */
export const changeScopes = ['occurrence', 'following', 'series'] as const;
export type ChangeScope = (typeof changeScopes)[number];
export const changeScopeSchema = z.enum(changeScopes, { error: 'Choose occurrence, following or series' });

export const REASON_MAX_LENGTH = 200;

const reasonSchema = safeText
  .trim()
  .max(REASON_MAX_LENGTH, `A reason is at most ${REASON_MAX_LENGTH} characters`)
  .nullish()
  .transform((v) => (v ? v : null));

const occurrenceDateSchema = boundedIsoDateTime('Name the occurrence by its date and time').transform((v) =>
  new Date(v).toISOString(),
);

/**
 * A new start: an instant (`…Z`, or with an offset), a wall-clock time in the event's zone without
 * an offset (`2026-03-14T11:00`), or a zoned time (`2026-03-14T11:00-04:00[America/New_York]`).
 * Whether a wall-clock time exists in the zone is checked against the event's zone.
 */
export const zonedStartSchema = text({ error: 'Choose a date and a time' })
  .trim()
  .regex(ZONED_START_PATTERN, 'Choose a date and a time')
  .refine((v) => isWithinYearRange(v.slice(0, 10)), { message: DATE_RANGE_MESSAGE });

/** A series' repetition in a change: the create form's fields, as one object. */
export const recurrenceInputSchema = z
  .object({
    /** Weekly when left out, as on the create form. */
    type: z.enum(recurringTypes, { error: 'Choose daily, weekly or monthly' }).default('weekly'),
    interval: z.coerce
      .number()
      .int('Repeat interval must be a whole number')
      .min(1, 'Repeat interval is 1 to 52')
      .max(RECURRING_INTERVAL_MAX, 'Repeat interval is 1 to 52')
      .default(1),
    days: z.array(weekdaySchema).max(7).default([]),
    endDate: endDateSchema.nullish(),
    endCount: z.coerce
      .number()
      .int('Count must be a positive number')
      .min(1, 'Count must be a positive number')
      .max(RECURRING_COUNT_MAX, `Count is at most ${RECURRING_COUNT_MAX}`)
      .nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'weekly' && v.days.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'At least one day must be selected' });
    }
    if (v.endDate && v.endCount) {
      ctx.addIssue({ code: 'custom', path: ['endCount'], message: 'Choose an end date or a count, not both' });
    }
  })
  .transform((v) => ({
    type: v.type,
    interval: v.interval,
    days: v.type === 'weekly' ? weekdays.filter((d) => v.days.includes(d)) : [],
    /** As sent: a plain date is the end of that day in the event's zone (resolved by the decider). */
    endDate: v.endDate ?? null,
    endCount: v.endDate ? null : (v.endCount ?? null),
  }));
export type RecurrenceInput = {
  type: RecurringType;
  interval: number;
  days: Weekday[];
  endDate: string | null;
  endCount: number | null;
};

/**
 * PATCH /api/teams/{teamId}/events/{eventId}: change one occurrence, it and every later one, or
 * the whole series. Fields left out stay as they are; `occurrenceDate` names the occurrence by its
 * key (as RSVPs do) and may be left out for `series` (the series' first occurrence then).
 */
export const changeEventInputSchema = z
  .object({
    scope: changeScopeSchema,
    occurrenceDate: occurrenceDateSchema.nullish(),
    title: text({ error: 'Title is required' })
      .trim()
      .min(1, 'Title is required')
      .max(TITLE_MAX_LENGTH, `Title must be at most ${TITLE_MAX_LENGTH} characters`)
      .optional(),
    description: safeText.trim().max(2000, 'At most 2000 characters').optional(),
    location: safeText.trim().max(200, 'At most 200 characters').optional(),
    startsAt: zonedStartSchema.optional(),
    recurrence: recurrenceInputSchema.optional(),
    reason: reasonSchema,
    /** Answers close this many hours before each occurrence's start; null: never. Applies to the whole event. */
    rsvpDeadlineHours: rsvpDeadlineHoursSchema.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.scope !== 'series' && !v.occurrenceDate) {
      ctx.addIssue({ code: 'custom', path: ['occurrenceDate'], message: 'Name the occurrence to change' });
    }
    if (v.scope === 'occurrence' && v.recurrence) {
      ctx.addIssue({
        code: 'custom',
        path: ['recurrence'],
        message: 'Change the repetition for this and following events, or for all events',
      });
    }
  })
  .transform((v) => ({
    scope: v.scope,
    occurrenceDate: v.occurrenceDate ?? null,
    changes: {
      ...(v.title !== undefined && { title: v.title }),
      ...(v.description !== undefined && { description: v.description }),
      ...(v.location !== undefined && { location: v.location }),
      ...(v.startsAt !== undefined && { startsAt: v.startsAt }),
      ...(v.recurrence !== undefined && { recurrence: v.recurrence as RecurrenceInput }),
    },
    reason: v.reason,
    rsvpDeadlineHours: v.rsvpDeadlineHours,
  }));
export type ChangeEventInput = z.input<typeof changeEventInputSchema>;

/** POST …/occurrences/{occurrenceDate}/cancel */
export const cancelOccurrenceInputSchema = z.object({ reason: reasonSchema }).default({ reason: null });
export type CancelOccurrenceInput = z.input<typeof cancelOccurrenceInputSchema>;

/** The `{occurrenceDate}` of an occurrence's path: its key, an ISO date-time. */
export const occurrencePathSchema = occurrenceDateSchema;

/** A series' repetition as reads return it. */
export const recurrenceSchema = z.object({
  type: z.enum(recurringTypes),
  interval: z.number().int(),
  days: z.array(z.enum(weekdays)),
  endDate: z.string().nullable(),
  endCount: z.number().int().nullable(),
});

const fieldChange = <T extends z.ZodType>(value: T) => z.object({ from: value, to: value });

/** What one change did, field by field (from → to); `status` for a cancellation or a restore. */
export const historyChangesSchema = z.object({
  title: fieldChange(z.string()).optional(),
  description: fieldChange(z.string()).optional(),
  location: fieldChange(z.string()).optional(),
  startsAt: fieldChange(z.string()).optional(),
  recurrence: fieldChange(recurrenceSchema.nullable()).optional(),
  status: fieldChange(occurrenceStatusSchema).optional(),
});
export type HistoryChanges = z.infer<typeof historyChangesSchema>;

/** One change of GET /api/teams/{teamId}/events/{eventId}/history (newest first). */
export const eventHistoryEntrySchema = z.object({
  at: z.string(),
  by: z.object({ id: z.string(), name: z.string() }),
  scope: changeScopeSchema,
  /** The occurrence changed (or the one a series change was made from); null for the whole series. */
  occurrenceDate: z.string().nullable(),
  changes: historyChangesSchema,
  reason: z.string().nullable(),
});
export type EventHistoryEntry = z.infer<typeof eventHistoryEntrySchema>;

/** `?occurrenceDate=` of the event detail: the occurrence's key; without it, the next one (else the last). */
export const occurrenceQuerySchema = z.object({ occurrenceDate: occurrenceDateSchema.optional() });
