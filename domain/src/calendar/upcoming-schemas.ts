import { z } from 'zod';
import { answeredBySchema, eventSchema, rsvpStatusSchema } from './schemas.ts';

/**
 * One person of the caller's household on an occurrence: the caller (`relation: 'self'`, as a
 * member, or as their own roster player) or a child they are a guardian of on that team, with
 * their answer (status null: not answered yet).
 */
export const householdAnswerSchema = z.object({
  relation: z.enum(['self', 'child']),
  playerId: z.string().nullable(),
  userId: z.string().nullable(),
  name: z.string(),
  status: rsvpStatusSchema.nullable(),
  answeredBy: answeredBySchema.nullable(),
  answeredAt: z.string().nullable(),
  answeredBeforeChange: z.boolean(),
});
export type HouseholdAnswer = z.infer<typeof householdAnswerSchema>;

/** One item of GET /api/me/upcoming: an occurrence, its team, and the household's answers. */
export const myUpcomingItemSchema = eventSchema.extend({
  team: z.object({ id: z.string(), name: z.string() }),
  household: z.array(householdAnswerSchema),
});
export type MyUpcomingItem = z.infer<typeof myUpcomingItemSchema>;

export const MY_UPCOMING_LIMIT_MAX = 50;

export const myUpcomingQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MY_UPCOMING_LIMIT_MAX).default(10),
});
