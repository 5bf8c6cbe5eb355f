import { z } from 'zod';
import { isSportId, sportIdOfName, type SportId } from '../sports/catalogue.ts';
import { boundedIsoDate } from '../shared/dates.ts';
import { text } from '../shared/text.ts';

export const SEASON_NAME_MAX = 80;
export const END_BEFORE_START_MESSAGE = 'End date must be after the start date';

const requiredDate = (message: string) =>
  text({ error: message }).trim().min(1, message).pipe(boundedIsoDate('Enter a date as YYYY-MM-DD'));

const sentAnObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

export const SPORT_REQUIRED_MESSAGE = 'Sport is required';
export const UNKNOWN_SPORT_ID_MESSAGE = 'Choose a sport from the list (GET /api/sports)';

/**
 * The season form (spec part 2 §5), for POST /api/organizations/{id}/seasons and
 * PUT /api/seasons/{id}; the web form validates with it too. Dates are calendar days (YYYY-MM-DD).
 * The sport is `sportId`, a catalogue id from GET /api/sports. Clients written before seasons
 * carried the id send `sport`, a sport name ('Track & Field'), instead: it is read as its id. The
 * parsed value carries `sportId` only.
 */
export const seasonInputSchema = z
  .object({
    name: text({ error: 'Season name is required' })
      .trim()
      .min(1, 'Season name is required')
      .max(SEASON_NAME_MAX, `Season name must be at most ${SEASON_NAME_MAX} characters`),
    sportId: text({ error: SPORT_REQUIRED_MESSAGE })
      .trim()
      .min(1, { error: SPORT_REQUIRED_MESSAGE, abort: true })
      .refine(isSportId, UNKNOWN_SPORT_ID_MESSAGE)
      .optional()
      .meta({ description: 'A catalogue id from GET /api/sports (e.g. soccer, track_field)' }),
    sport: text({ error: SPORT_REQUIRED_MESSAGE })
      .trim()
      .min(1, { error: SPORT_REQUIRED_MESSAGE, abort: true })
      .refine((name) => sportIdOfName(name) !== null, 'Choose a sport from the list')
      .optional()
      .meta({ description: 'A sport name (e.g. Soccer), for clients that do not send sportId', deprecated: true }),
    startDate: requiredDate('Start date is required'),
    endDate: requiredDate('End date is required'),
    isActive: z.boolean({ error: 'Choose active or not' }).default(true),
  })
  // Checked even when other fields are wrong (the form shows every missing field at once), on
  // whatever object was sent.
  .superRefine(
    (s, ctx) => {
      if (s.sportId === undefined && s.sport === undefined) {
        ctx.addIssue({ code: 'custom', path: ['sportId'], message: SPORT_REQUIRED_MESSAGE });
      } else if (
        typeof s.sportId === 'string' &&
        typeof s.sport === 'string' &&
        isSportId(s.sportId) &&
        sportIdOfName(s.sport) !== null &&
        sportIdOfName(s.sport) !== s.sportId
      ) {
        ctx.addIssue({ code: 'custom', path: ['sport'], message: 'sport and sportId name different sports' });
      }
    },
    { when: (payload) => sentAnObject(payload.value) },
  )
  // Once both dates are dates, whatever else is wrong.
  .refine((s) => s.endDate > s.startDate, {
    message: END_BEFORE_START_MESSAGE,
    path: ['endDate'],
    when: (payload) =>
      sentAnObject(payload.value) &&
      !payload.issues.some((i) => i.path?.[0] === 'startDate' || i.path?.[0] === 'endDate'),
  })
  .transform(({ sport, sportId, ...rest }) => ({
    ...rest,
    sportId: (sportId ?? sportIdOfName(sport)) as SportId,
  }));
export type SeasonInput = z.input<typeof seasonInputSchema>;

/** PATCH /api/seasons/{id}: activate or deactivate. */
export const setSeasonActiveInputSchema = z.object({ isActive: z.boolean({ error: 'Choose active or not' }) });

export const seasonDisplayStatuses = ['Active', 'Scheduled', 'Inactive'] as const;
export type SeasonDisplayStatus = (typeof seasonDisplayStatuses)[number];

/** A season as the season endpoints return it. */
export const seasonSchema = z.object({
  id: z.string(),
  orgId: z.string(),
  name: z.string(),
  /** The catalogue id of the season's sport (GET /api/sports); `unknown` for a sport it does not know. */
  sportId: z.string(),
  /** The sport's name (spec part 2 §3). */
  sportName: z.string(),
  /** The same sport name, for clients written before `sportId` and `sportName`. */
  sport: z.string(),
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
