import { z } from 'zod';
import { boundedIsoDateTime } from '../shared/dates.ts';
import { idSchema } from '../shared/ids.ts';
import { safeText, text } from '../shared/text.ts';
import { rosterConsentsSchema } from '../consent/schemas.ts';
import { linkStatuses } from './link-status.ts';

export const PLAYER_NAME_MAX = 80;

export const playerNameSchema = text({ error: 'Player name is required' })
  .trim()
  .min(1, 'Player name is required')
  .max(PLAYER_NAME_MAX, `Player name must be at most ${PLAYER_NAME_MAX} characters`);

/** Spec §3: an optional string. Shirts carry one to three digits ("7", "00", "23"). */
export const jerseyNumberSchema = safeText
  .trim()
  .regex(/^\d{0,3}$/, 'Jersey number is one to three digits')
  .nullish()
  .transform((v) => (v ? v : null));

/** An email typed into an invitation form, lower-cased (spec §5: 'Invalid email'). */
export const inviteeEmailSchema = text({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Invalid email'))
  .transform((email) => email.toLowerCase());

export const personNameSchema = (required: string) =>
  text({ error: required }).trim().min(1, required).max(100, 'Name must be at most 100 characters');

/** POST /api/teams/{teamId}/players (spec §3 player form). A parent email sends a parent invitation. */
export const addPlayerInputSchema = z
  .object({
    name: playerNameSchema,
    jerseyNumber: jerseyNumberSchema,
    parentEmail: safeText
      .trim()
      .nullish()
      .transform((v) => (v ? v : null))
      .pipe(inviteeEmailSchema.nullable()),
    parentName: safeText
      .trim()
      .max(100, 'Name must be at most 100 characters')
      .nullish()
      .transform((v) => (v ? v : null)),
    /** The player is an adult: their own account answers their consents (ADR 0026). */
    adult: z.boolean().optional(),
  })
  // The invitation greets the parent by name and pre-fills their sign-up, so it needs one.
  .refine((v) => v.parentEmail === null || v.parentName !== null, {
    path: ['parentName'],
    message: "Enter the parent's name to send them an invitation",
  });
export type AddPlayerInput = z.input<typeof addPlayerInputSchema>;

/** POST /api/teams/{teamId}/players/{playerId}/guardians: link a member of the team as a guardian. */
export const linkGuardianInputSchema = z.object({ userId: idSchema });

/** PATCH /api/teams/{teamId}/players/{playerId}: what a manager changes on a roster entry. */
export const updatePlayerInputSchema = z.object({ adult: z.boolean() });
export type UpdatePlayerInput = z.input<typeof updatePlayerInputSchema>;

/** `?at=ISO`: the roster as it was at that moment. */
export const rosterAtQuerySchema = z.object({ at: boundedIsoDateTime('Give a moment as an ISO date-time').optional() });

const linkedAccountSchema = z.object({
  userId: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  linkedAt: z.string(),
});
export type LinkedAccount = z.infer<typeof linkedAccountSchema>;

/** A player as GET /api/teams/{teamId}/players returns it. */
export const playerSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  name: z.string(),
  jerseyNumber: z.string().nullable(),
  /** The rewards of the player's own account (0 while no account is linked). */
  xp: z.number().int(),
  dulars: z.number().int(),
  addedAt: z.string(),
  guardians: z.array(linkedAccountSchema),
  account: linkedAccountSchema.nullable(),
  linkStatus: z.enum(linkStatuses),
  /** The roster says the player is an adult: their own account answers their consents. */
  adult: z.boolean(),
  /**
   * The player's consents (with `?at=`, as they stood then), on the roster read only and only for
   * those who may read them: the team's managers and the organization's admins for every player,
   * a guardian for their children, a player for themself. Absent for everyone else.
   */
  consents: rosterConsentsSchema.optional(),
});
export type Player = z.infer<typeof playerSchema>;
