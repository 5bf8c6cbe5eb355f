import { z } from 'zod';
import { boundedIsoDateTime } from '../shared/dates.ts';

/**
 * Answers per status for one occurrence, and `noReply`: how many of those expected to answer
 * (every rostered player, and every member who answers for themself) have not.
 */
export const attendanceCountsSchema = z.object({
  going: z.number().int(),
  maybe: z.number().int(),
  notGoing: z.number().int(),
  noReply: z.number().int(),
});
export type AttendanceCounts = z.infer<typeof attendanceCountsSchema>;

/**
 * One person on an attendance list: a roster player (`playerId`; `userId` is the player's own
 * account, or null) or a member answering for themself (`playerId` null).
 */
export const attendeeSchema = z.object({
  playerId: z.string().nullable(),
  userId: z.string().nullable(),
  name: z.string(),
  /** Who gave the answer (a guardian, the player, a manager); null on the noReply list. */
  answeredBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  answeredAt: z.string().nullable(),
  /** The time or place changed after this answer was given (false on the noReply list). */
  answeredBeforeChange: z.boolean(),
});
export type Attendee = z.infer<typeof attendeeSchema>;

/** GET /api/events/{eventId}/attendance: who is coming to one occurrence, by name. */
export const attendanceSchema = z.object({
  going: z.array(attendeeSchema),
  maybe: z.array(attendeeSchema),
  notGoing: z.array(attendeeSchema),
  noReply: z.array(attendeeSchema),
});
export type Attendance = z.infer<typeof attendanceSchema>;

/** `?occurrenceDate=`: the occurrence's key; without it, the next occurrence (else the last). */
export const attendanceQuerySchema = z.object({
  occurrenceDate: boundedIsoDateTime()
    .transform((v) => new Date(v).toISOString())
    .optional(),
});
