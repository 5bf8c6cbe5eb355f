import { z } from 'zod';
import { sports } from '../sports/catalogue.ts';
import { boundedIsoDate } from '../shared/dates.ts';
import { text } from '../shared/text.ts';

export const SEASON_NAME_MAX = 80;
export const END_BEFORE_START_MESSAGE = 'End date must be after the start date';

const requiredDate = (message: string) =>
  text({ error: message }).trim().min(1, message).pipe(boundedIsoDate('Enter a date as YYYY-MM-DD'));

/**
 * The season form (spec part 2 §5), for POST /api/organizations/{id}/seasons and
 * PUT /api/seasons/{id}; the web form validates with it too. Dates are calendar days (YYYY-MM-DD).
 */
export const seasonInputSchema = z
  .object({
    name: text({ error: 'Season name is required' })
      .trim()
      .min(1, 'Season name is required')
      .max(SEASON_NAME_MAX, `Season name must be at most ${SEASON_NAME_MAX} characters`),
    sport: z.enum(sports, { error: 'Sport is required' }),
    startDate: requiredDate('Start date is required'),
    endDate: requiredDate('End date is required'),
    isActive: z.boolean({ error: 'Choose active or not' }).default(true),
  })
  .refine((s) => s.endDate > s.startDate, { message: END_BEFORE_START_MESSAGE, path: ['endDate'] });
export type SeasonInput = z.input<typeof seasonInputSchema>;
export type SeasonValues = z.output<typeof seasonInputSchema>;

/** PATCH /api/seasons/{id}: activate or deactivate. */
export const setSeasonActiveInputSchema = z.object({ isActive: z.boolean({ error: 'Choose active or not' }) });

export const seasonDisplayStatuses = ['Active', 'Scheduled', 'Inactive'] as const;
export type SeasonDisplayStatus = (typeof seasonDisplayStatuses)[number];

/** A season as the season endpoints return it. */
export const seasonSchema = z.object({
  id: z.string(),
  orgId: z.string(),
  name: z.string(),
  sport: z.string(),
  /** The same sport name (the spec's season carries both). */
  sportName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  isActive: z.boolean(),
  /** Computed by seasonDisplayStatus on the organization's today. */
  status: z.enum(seasonDisplayStatuses),
  teamCount: z.number().int(),
  /** Up to three of its teams, oldest first (the season card). */
  teams: z.array(z.object({ id: z.string(), name: z.string() })),
  createdAt: z.string(),
});
export type Season = z.infer<typeof seasonSchema>;
