import { z } from 'zod';
import { sports } from '../sports/catalogue.ts';
import { idSchema } from '../shared/ids.ts';
import { safeText, text } from '../shared/text.ts';
import { clearableTimeZoneSchema } from '../shared/time-zone.ts';
import { teamRemindersSchema } from '../reminders/schemas.ts';

const teamName = text({ error: 'Team name is required' })
  .trim()
  .min(1, 'Team name is required')
  .max(80, 'Team name must be at most 80 characters');
const ageGroup = safeText
  .trim()
  .max(20, 'Age group must be at most 20 characters')
  .nullish()
  .transform((v) => (v ? v : null));

/**
 * POST /api/organizations/{id}/teams (the org console's Create Team): the sport comes from the
 * season and the join code is random. A coach is optional here (assign one later).
 */
export const createOrgTeamInputSchema = z.object({
  seasonId: idSchema,
  name: teamName,
  ageGroup,
  coachId: idSchema.nullish().transform((v) => v ?? null),
});
export type CreateOrgTeamInput = z.input<typeof createOrgTeamInputSchema>;

export const TEAM_CODE_TOO_SHORT = 'Team code must be at least 3 characters';

/** POST /api/seasons/{seasonId}/teams and the season page's Add Team form (spec part 2 §5). */
export const createSeasonTeamInputSchema = z.object({
  name: teamName,
  code: text({ error: TEAM_CODE_TOO_SHORT })
    .trim()
    .toUpperCase()
    .min(3, TEAM_CODE_TOO_SHORT)
    .max(12, 'Team code must be at most 12 characters')
    .regex(/^[A-Z0-9]+$/, 'Use letters and digits only'),
  ageGroup,
  coachId: text({ error: 'Coach is required' }).min(1, 'Coach is required').pipe(idSchema),
});
export type CreateSeasonTeamInput = z.input<typeof createSeasonTeamInputSchema>;

/**
 * PUT /api/teams/{teamId} (Edit Team): a field that is not sent keeps its value, so the spec's
 * `{name, sport}` leaves the age group and the zone as they are. A name that is sent is
 * required; the age group and the zone are cleared with null (or ''): the zone then falls back
 * to the organization's.
 */
export const updateTeamInputSchema = z.object({
  name: teamName.optional(),
  sport: z.enum(sports, { error: 'Choose a sport from the list' }).optional(),
  ageGroup: safeText
    .trim()
    .max(20, 'Age group must be at most 20 characters')
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
  // '' is the form's "organization's zone" choice.
  timeZone: clearableTimeZoneSchema.nullish(),
  reminders: teamRemindersSchema.optional(),
});
export type UpdateTeamInput = z.input<typeof updateTeamInputSchema>;

/** A team as the organization and season endpoints list it. */
export const orgTeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  sport: z.string().nullable(),
  ageGroup: z.string().nullable(),
  /** The join code: shown to the organization's admins only. */
  code: z.string().nullable(),
  isIndie: z.boolean(),
  orgId: z.string().nullable(),
  seasonId: z.string().nullable(),
  seasonName: z.string().nullable(),
  coachId: z.string().nullable(),
  coach: z.object({ id: z.string(), name: z.string() }).nullable(),
  creatorId: z.string(),
  memberCount: z.number().int(),
  /** The IANA zone the team's events are scheduled in; null: the organization's (else the creator's browser's). */
  timeZone: z.string().nullable(),
  /** When members are reminded of answers they owe: off, 24 h before, or 48 h and 24 h before. */
  reminders: teamRemindersSchema,
  /** Teams are active unless their season has been deactivated. */
  isActive: z.boolean(),
  /** When something last happened in the team (a join, an edit, an event), if ever. */
  lastActivityAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OrgTeam = z.infer<typeof orgTeamSchema>;
