import { z } from 'zod';
import { assignedRoleSchema, teamSchema } from '../teams/schemas.ts';
import { safeText } from '../shared/text.ts';
import {
  inviteeEmailSchema,
  jerseyNumberSchema,
  personNameSchema,
  playerNameSchema,
  playerSchema,
} from '../players/schemas.ts';

/** Spec §3: who an invitation is for. Parent invitations come from Add Player with a parent email. */
export const inviteTypes = ['parent', 'player', 'coach'] as const;
export type InviteType = (typeof inviteTypes)[number];

export const INVITATION_TTL_DAYS = 7;
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

const optionalDetail = (max: number, label: string) =>
  safeText
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** Spec §3 "player with email": name, email, optional jerseyNumber and ageGroup. */
export const invitePlayerInputSchema = z.object({
  inviteType: z.literal('player'),
  name: playerNameSchema,
  email: inviteeEmailSchema,
  jerseyNumber: jerseyNumberSchema,
  ageGroup: optionalDetail(20, 'Age group'),
});

/** Spec §3 "coach": name, email, optional specialization. */
export const inviteCoachInputSchema = z.object({
  inviteType: z.literal('coach'),
  name: personNameSchema('Coach name is required'),
  email: inviteeEmailSchema,
  specialization: optionalDetail(80, 'Specialization'),
});

/** POST /api/teams/{teamId}/invite: a player (a new roster player) or a coach, by email. */
export const inviteInputSchema = z.discriminatedUnion('inviteType', [invitePlayerInputSchema, inviteCoachInputSchema], {
  error: 'Choose player or coach',
});
export type InviteInput = z.input<typeof inviteInputSchema>;

export const invitationStatuses = ['pending', 'used', 'revoked', 'expired'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

/** An invitation as GET /api/teams/{teamId}/invitations lists it: never its token. */
export const invitationSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  playerId: z.string().nullable(),
  playerName: z.string().nullable(),
  inviteType: z.enum(inviteTypes),
  inviteeName: z.string(),
  inviteeEmail: z.string(),
  ageGroup: z.string().nullable(),
  specialization: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  status: z.enum(invitationStatuses),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** An invitation just issued or resent: its link, shown this once. */
export const issuedInvitationSchema = invitationSchema.extend({ url: z.string() });
export type IssuedInvitation = z.infer<typeof issuedInvitationSchema>;

/**
 * 201 of POST /api/teams/{teamId}/invite and POST /api/teams/{teamId}/players; 200 of resend.
 * `emailSent` is false when the email could not be handed to the mail server (the link still works).
 */
export const invitationIssuedResponseSchema = z.object({
  invitation: issuedInvitationSchema,
  player: playerSchema.nullable(),
  emailSent: z.boolean(),
});
export type InvitationIssuedResponse = z.infer<typeof invitationIssuedResponseSchema>;

/** 201 of POST /api/teams/{teamId}/players: the player, and the parent invitation when an email was given. */
export const playerAddedResponseSchema = z.object({
  player: playerSchema,
  invitation: issuedInvitationSchema.nullable(),
  emailSent: z.boolean().nullable(),
});
export type PlayerAddedResponse = z.infer<typeof playerAddedResponseSchema>;

/**
 * GET /api/invite/{token} (public). `parentEmail` and `parentName` are the spec's names for the
 * invitee's email and name, whatever the invitation's type.
 */
export const inviteLookupSchema = z.object({
  id: z.string(),
  inviteType: z.enum(inviteTypes),
  parentEmail: z.string(),
  parentName: z.string(),
  team: z.object({ id: z.string(), name: z.string(), sport: z.string().nullable() }),
  player: z.object({ id: z.string(), name: z.string() }).nullable(),
  expiresAt: z.string(),
});
export type InviteLookup = z.infer<typeof inviteLookupSchema>;

/** 200 of POST /api/invite/{token}/accept: the team joined, as the new member sees it. */
export const acceptInviteResponseSchema = z.object({
  team: teamSchema,
  assignedRole: assignedRoleSchema,
  player: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type AcceptInviteResponse = z.infer<typeof acceptInviteResponseSchema>;

/** An invitation token as it appears in a path: 32 random bytes, base64url. */
export const inviteTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a valid invitation link');
