import { z } from 'zod';
import type { CreateEventInput } from '../types.ts';
import { DEADLINE_MESSAGE, deadlineHoursOf } from './deadline-hours.ts';
import { browserTimeZone, weekdayNames } from './weekdays.ts';

// The event detail reads these without the form's validation (zod loads with the form).
export { browserTimeZone, weekdays } from './weekdays.ts';

export const INTERVAL_MIN = 1;
export const INTERVAL_MAX = 52;
export const COUNT_MIN = 1;
export const COUNT_MAX = 100;
export const DEFAULT_COUNT = 5;

export const endTypes = ['date', 'count', 'never'] as const;

/** A whole number from min to max, or undefined. */
export function wholeNumberIn(value: string, min: number, max: number): number | undefined {
  if (!/^\s*\d+\s*$/.test(value)) return undefined;
  const n = Number(value);
  return n >= min && n <= max ? n : undefined;
}

/** The create-event form (spec §5): title, date and time required; values trimmed. */
export const eventFormSchema = z
  .object({
    title: z.string().trim().min(1, 'Enter a title'),
    description: z.string().trim(),
    date: z.string().min(1, 'Choose a date'),
    time: z.string().min(1, 'Choose a time'),
    location: z.string().trim(),
    isRecurring: z.boolean(),
    recurringType: z.enum(['daily', 'weekly', 'monthly']),
    recurringInterval: z.string(),
    recurringDays: z.array(z.number().int().min(0).max(6)),
    endType: z.enum(endTypes),
    recurringEndDate: z.string(),
    recurringEndCount: z.string(),
    /** Hours before the start answers close; empty: never. */
    rsvpDeadlineHours: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (deadlineHoursOf(v.rsvpDeadlineHours ?? '') === undefined) {
      ctx.addIssue({ code: 'custom', path: ['rsvpDeadlineHours'], message: DEADLINE_MESSAGE });
    }
    if (v.date && v.time && Number.isNaN(new Date(`${v.date}T${v.time}`).getTime())) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'Choose a valid date' });
    }
    if (v.isRecurring && wholeNumberIn(v.recurringInterval, INTERVAL_MIN, INTERVAL_MAX) === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['recurringInterval'],
        message: `Enter a number from ${INTERVAL_MIN} to ${INTERVAL_MAX}`,
      });
    }
    if (
      v.isRecurring &&
      v.endType === 'count' &&
      wholeNumberIn(v.recurringEndCount, COUNT_MIN, COUNT_MAX) === undefined
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['recurringEndCount'],
        message: `Enter a number from ${COUNT_MIN} to ${COUNT_MAX}`,
      });
    }
    if (v.isRecurring && v.endType === 'date') {
      if (!v.recurringEndDate) {
        ctx.addIssue({ code: 'custom', path: ['recurringEndDate'], message: 'Choose the date the event ends' });
      } else if (v.date && v.recurringEndDate < v.date) {
        ctx.addIssue({
          code: 'custom',
          path: ['recurringEndDate'],
          message: 'The end date must be on or after the start',
        });
      }
    }
  });

export type EventFormInput = z.input<typeof eventFormSchema>;
export type EventFormValues = z.output<typeof eventFormSchema>;

export const defaultEventFormValues: EventFormInput = {
  title: '',
  description: '',
  date: '',
  time: '',
  location: '',
  isRecurring: false,
  recurringType: 'weekly',
  recurringInterval: '1',
  recurringDays: [],
  endType: 'date',
  recurringEndDate: '',
  recurringEndCount: String(DEFAULT_COUNT),
  rsvpDeadlineHours: '',
};

/** The POST /api/teams/{teamId}/events body for the form's values (local date and time). */
export function toCreateEventInput(v: EventFormValues): CreateEventInput {
  const start = new Date(`${v.date}T${v.time}`);
  const timeZone = browserTimeZone();
  const deadline = deadlineHoursOf(v.rsvpDeadlineHours ?? '');
  const base = {
    title: v.title,
    description: v.description,
    date: start.toISOString(),
    location: v.location,
    ...(timeZone && { timeZone }),
    ...(deadline ? { rsvpDeadlineHours: deadline } : {}),
  };
  if (!v.isRecurring) return { ...base, isRecurring: false };
  // The weekdays as picked: the server evaluates them in the browser's zone sent along.
  const picked = v.recurringDays.length ? v.recurringDays : [start.getDay()];
  const days = v.recurringType === 'weekly' ? weekdayNames.filter((_, i) => picked.includes(i)) : [];
  return {
    ...base,
    isRecurring: true,
    recurringType: v.recurringType,
    recurringInterval: wholeNumberIn(v.recurringInterval, INTERVAL_MIN, INTERVAL_MAX) ?? 1,
    recurringDays: days,
    recurringEndDate: v.endType === 'date' ? new Date(`${v.recurringEndDate}T23:59:59`).toISOString() : null,
    recurringEndCount:
      v.endType === 'count' ? (wholeNumberIn(v.recurringEndCount, COUNT_MIN, COUNT_MAX) ?? DEFAULT_COUNT) : null,
  };
}
