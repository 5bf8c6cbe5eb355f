import { z } from 'zod';
import { text } from '../shared/text.ts';

/**
 * The three consents a rostered player has: `photos` (the team's members-only photos and
 * videos), `livestream` (the team's streams and recordings), `public` (anything visible beyond
 * the team's members).
 */
export const consentKinds = ['photos', 'livestream', 'public'] as const;
export type ConsentKind = (typeof consentKinds)[number];

/** What a guardian answered. */
export const consentAnswers = ['given', 'withheld'] as const;
export type ConsentAnswer = (typeof consentAnswers)[number];
export const consentAnswerSchema = z.enum(consentAnswers, { error: 'Choose given or withheld' });

/** A consent as read: `unknown` until someone answers. */
export const consentStates = ['given', 'withheld', 'unknown'] as const;
export type ConsentState = (typeof consentStates)[number];

/**
 * How the organization treats an unanswered team-only consent (`photos`, `livestream`):
 * `askFirst` (the default) as withheld, `granted` as given. An unanswered `public` is always withheld.
 */
export const unknownConsentPolicies = ['askFirst', 'granted'] as const;
export type UnknownConsentPolicy = (typeof unknownConsentPolicies)[number];

export const CONSENT_TEXT_MAX = 5000;
/** Version 1: the wording every organization starts with until an admin writes its own. */
export const DEFAULT_CONSENT_TEXT =
  'I agree that my child may appear in the photos and videos shared with the team (photos), in the ' +
  "team's livestreams and recordings (livestream), and in anything the club shows beyond the team's " +
  'members, such as public streams or a name on a public page (public). I can change each answer at any time.';

const versionSchema = z.number({ error: 'Give the version of the consent text you were shown' }).int().min(1);

/** PUT /api/teams/{teamId}/players/{playerId}/consents: any of the three, and the wording's version shown. */
export const updateConsentsInputSchema = z
  .strictObject(
    {
      photos: consentAnswerSchema.optional(),
      livestream: consentAnswerSchema.optional(),
      public: consentAnswerSchema.optional(),
      textVersion: versionSchema,
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Unknown consent' : undefined) },
  )
  .refine((v) => v.photos !== undefined || v.livestream !== undefined || v.public !== undefined, {
    path: ['photos'],
    message: 'Answer at least one consent',
  });
export type UpdateConsentsInput = z.input<typeof updateConsentsInputSchema>;

const personSchema = z.object({ id: z.string(), name: z.string() });

export const consentStatusSchema = z.object({
  state: z.enum(consentStates),
  by: personSchema.nullable(),
  at: z.string().nullable(),
  textVersion: z.number().int().nullable(),
  /** Answered under a wording the organization has since changed: the guardian is asked again. */
  outdated: z.boolean(),
  /** Whether it counts as given now (an unknown one follows the organization's setting). */
  effective: z.boolean(),
});
export type ConsentStatus = z.infer<typeof consentStatusSchema>;

/** One consent as a roster entry shows it: the answer and who gave it when, under which wording. */
export const consentStandingSchema = consentStatusSchema.pick({ state: true, by: true, at: true, textVersion: true });
/** A roster entry's three consents (`GET /api/teams/{teamId}/players`, also with `?at=`). */
export const rosterConsentsSchema = z.object({
  photos: consentStandingSchema,
  livestream: consentStandingSchema,
  public: consentStandingSchema,
});
export type RosterConsents = z.infer<typeof rosterConsentsSchema>;

export const consentHistoryEntrySchema = z.object({
  consent: z.enum(consentKinds),
  state: z.enum(consentAnswers),
  by: personSchema,
  at: z.string(),
  textVersion: z.number().int(),
  /** The address and browser (user agent) the answer came from. */
  address: z.string().nullable(),
  browser: z.string().nullable(),
});

/** GET /api/teams/{teamId}/players/{playerId}/consents */
export const playerConsentsSchema = z.object({
  playerId: z.string(),
  photos: consentStatusSchema,
  livestream: consentStatusSchema,
  public: consentStatusSchema,
  /** The wording now in force, which a guardian answers. */
  wording: z.object({ text: z.string(), version: z.number().int() }),
  /** Whether the caller may answer (a linked guardian). */
  canAnswer: z.boolean(),
  /** Every answer, newest first. */
  history: z.array(consentHistoryEntrySchema),
});
export type PlayerConsents = z.infer<typeof playerConsentsSchema>;

/** GET/PUT /api/organizations/{orgId}/settings/consent */
export const orgConsentSettingsSchema = z.object({
  text: z.string(),
  version: z.number().int(),
  unknownTeamOnly: z.enum(unknownConsentPolicies),
  updatedAt: z.string().nullable(),
});
export type OrgConsentSettings = z.infer<typeof orgConsentSettingsSchema>;

export const updateOrgConsentSettingsInputSchema = z
  .strictObject(
    {
      text: text({ error: 'Consent text is required' })
        .trim()
        .min(1, 'Consent text is required')
        .max(CONSENT_TEXT_MAX, `Consent text must be at most ${CONSENT_TEXT_MAX} characters`),
      unknownTeamOnly: z.enum(unknownConsentPolicies, { error: 'Choose askFirst or granted' }),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Unknown setting' : undefined) },
  )
  .partial();
export type UpdateOrgConsentSettingsInput = z.input<typeof updateOrgConsentSettingsInputSchema>;

/** GET /api/admin/consents?teamId= : one row per player of the organization's teams. */
export const adminConsentsQuerySchema = z.object({
  teamId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a valid id')
    .optional(),
  format: z.enum(['json', 'csv'], { error: 'Choose json or csv' }).default('json'),
});
export const adminConsentRowSchema = z.object({
  teamId: z.string(),
  teamName: z.string(),
  playerId: z.string(),
  playerName: z.string(),
  photos: z.enum(consentStates),
  livestream: z.enum(consentStates),
  public: z.enum(consentStates),
  /** When any of the three last changed; null while none was answered. */
  lastChangedAt: z.string().nullable(),
  outdated: z.boolean(),
});
export type AdminConsentRow = z.infer<typeof adminConsentRowSchema>;

/** A player's consent names in the roster summary (coaches' badges). */
export const teamConsentSummarySchema = z.object({
  players: z.array(
    z.object({
      playerId: z.string(),
      photos: z.boolean(),
      livestream: z.boolean(),
      public: z.boolean(),
    }),
  ),
  withoutPhotos: z.number().int(),
  withoutLivestream: z.number().int(),
  withoutPublic: z.number().int(),
});
export type TeamConsentSummary = z.infer<typeof teamConsentSummarySchema>;

/** Whether a consent counts as given: an answer counts as it is; an unknown one follows the rule above. */
export function consentEffective(kind: ConsentKind, state: ConsentState, policy: UnknownConsentPolicy): boolean {
  if (state !== 'unknown') return state === 'given';
  return kind !== 'public' && policy === 'granted';
}
