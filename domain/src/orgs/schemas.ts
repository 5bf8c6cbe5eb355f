import { z } from 'zod';
import { sports } from '../sports/catalogue.ts';
import { safeText, text } from '../shared/text.ts';
import { idSchema } from '../shared/ids.ts';
import { orgMemberRoleSchema } from './roles.ts';
import { DEFAULT_ORG_TIME_ZONE, timeZoneSchema } from './time-zone.ts';
import { liveMatchSummarySchema } from '../matches/schemas.ts';
import { orgConsentSettingsSchema } from '../consent/schemas.ts';

export const ORG_NAME_MAX = 100;
export const ORG_DESCRIPTION_MAX = 500;

const orgName = text({ error: 'Organization name is required' })
  .trim()
  .min(1, 'Organization name is required')
  .max(ORG_NAME_MAX, `Organization name must be at most ${ORG_NAME_MAX} characters`);
const sportField = z.enum(sports, { error: 'Choose a sport from the list' });

/**
 * A text setting that may be cleared: '' and null both store null; anything else must pass
 * `valid` (a zod check, so the rules are zod's own: URL, email).
 */
function clearable(max: number, message: string, valid: (value: string) => boolean = () => true) {
  return safeText
    .trim()
    .max(max, message)
    .refine((v) => v === '' || valid(v), message)
    .transform((v) => (v === '' ? null : v))
    .nullable();
}

const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}){1,2}$/;
const PHONE = /^\+?[0-9 ().-]{5,30}$/;
const webUrl = z.url({ protocol: /^https?$/ });
const email = z.email();

export const COLOUR_MESSAGE = 'Enter a colour like #1d4ed8';
export const URL_MESSAGE = 'Enter a web address starting with https://';
export const EMAIL_MESSAGE = 'Enter a valid email address';
export const PHONE_MESSAGE = 'Enter a phone number (digits, spaces and + - ( ) only)';

export const rsvpPolicies = ['required', 'optional', 'disabled'] as const;
export const rsvpPolicySchema = z.enum(rsvpPolicies, { error: 'Choose required, optional or disabled' });

/**
 * An organization's settings (spec part 2 §3 plus the console's name, description and default
 * sport), as GET /api/organizations/{id}/settings returns them.
 */
export const orgSettingsSchema = z.object({
  name: z.string(),
  description: z.string().nullable(),
  defaultSport: z.string(),
  timezone: z.string(),
  logoUrl: z.string().nullable(),
  primaryColor: z.string().nullable(),
  secondaryColor: z.string().nullable(),
  website: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  address: z.string().nullable(),
  defaultRsvpPolicy: rsvpPolicySchema,
  autoApproveInvites: z.boolean(),
  allowPublicRegistration: z.boolean(),
  emailFooter: z.string().nullable(),
  /**
   * The consent wording with its version and the rule for unanswered consent, as read (changed
   * through PUT /api/organizations/{id}/settings/consent, its own stream: a new wording is a new version).
   */
  consent: orgConsentSettingsSchema.optional(),
});
export type OrgSettings = z.infer<typeof orgSettingsSchema>;

/** Settings of a new organization besides what CreateOrganization names. */
export const defaultOrgSettings = {
  logoUrl: null,
  primaryColor: null,
  secondaryColor: null,
  website: null,
  contactEmail: null,
  contactPhone: null,
  address: null,
  defaultRsvpPolicy: 'optional',
  autoApproveInvites: false,
  allowPublicRegistration: false,
  emailFooter: null,
} as const satisfies Omit<OrgSettings, 'name' | 'description' | 'defaultSport' | 'timezone'>;

/**
 * PATCH /api/organizations/{id}/settings: any subset of the settings; '' or null clears an
 * optional text. Unknown fields are refused, so a typo is not silently ignored.
 */
export const updateOrgSettingsInputSchema = z
  .strictObject(
    {
      name: orgName,
      description: clearable(ORG_DESCRIPTION_MAX, `Description must be at most ${ORG_DESCRIPTION_MAX} characters`),
      defaultSport: sportField,
      timezone: timeZoneSchema,
      logoUrl: clearable(2048, URL_MESSAGE, (v) => webUrl.safeParse(v).success),
      primaryColor: clearable(7, COLOUR_MESSAGE, (v) => HEX_COLOUR.test(v)).transform((v) => v?.toLowerCase() ?? null),
      secondaryColor: clearable(7, COLOUR_MESSAGE, (v) => HEX_COLOUR.test(v)).transform(
        (v) => v?.toLowerCase() ?? null,
      ),
      website: clearable(2048, URL_MESSAGE, (v) => webUrl.safeParse(v).success),
      contactEmail: clearable(254, EMAIL_MESSAGE, (v) => email.safeParse(v).success).transform(
        (v) => v?.toLowerCase() ?? null,
      ),
      contactPhone: clearable(30, PHONE_MESSAGE, (v) => PHONE.test(v)),
      address: clearable(300, 'Address must be at most 300 characters'),
      defaultRsvpPolicy: rsvpPolicySchema,
      autoApproveInvites: z.boolean({ error: 'Choose on or off' }),
      allowPublicRegistration: z.boolean({ error: 'Choose on or off' }),
      emailFooter: clearable(1000, 'Email footer must be at most 1000 characters'),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Unknown setting' : undefined) },
  )
  .partial();
export type UpdateOrgSettingsInput = z.input<typeof updateOrgSettingsInputSchema>;
export type OrgSettingsPatch = Partial<OrgSettings>;

/** POST /api/organizations */
export const createOrganizationInputSchema = z.object({
  name: orgName,
  description: clearable(ORG_DESCRIPTION_MAX, `Description must be at most ${ORG_DESCRIPTION_MAX} characters`)
    .optional()
    .transform((v) => v ?? null),
  timezone: timeZoneSchema.optional().transform((v) => v ?? DEFAULT_ORG_TIME_ZONE),
  defaultSport: sportField.optional().transform((v) => v ?? 'Soccer'),
});
export type CreateOrganizationInput = z.input<typeof createOrganizationInputSchema>;

/** An organization as GET /api/organizations returns it, with the caller's role in it. */
export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  timezone: z.string(),
  defaultSport: z.string(),
  myRole: orgMemberRoleSchema,
  createdAt: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

/** GET /api/organizations/{id}/stats (org admins). */
export const orgStatsSchema = z.object({
  totalTeams: z.number().int(),
  /** Distinct people: the org's admins and the members of its teams. */
  totalMembers: z.number().int(),
  /** Event occurrences of the org's teams this calendar month, in the org's time zone. */
  totalEvents: z.number().int(),
  /** Chat messages in the org's teams this week (from Monday, in the org's time zone). */
  totalMessages: z.number().int(),
  /** Live now: the organization's matches in progress. */
  liveNow: z.number().int(),
  /** The first of them (up to 5, earliest kick-off first). */
  liveMatches: z.array(liveMatchSummarySchema),
});
export type OrgStats = z.infer<typeof orgStatsSchema>;

/** GET /api/organizations/{id}/members: the org's admins and the members of its teams. */
export const orgMemberSchema = z.object({
  id: z.string(),
  /** Same as `id` (the events screen reads `userId`). */
  userId: z.string(),
  name: z.string(),
  /** Shown to the organization's admins only. */
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  role: orgMemberRoleSchema,
  teamCount: z.number().int(),
});
export type OrgMember = z.infer<typeof orgMemberSchema>;

/** One line of GET /api/organizations/{id}/activity: who did what, when, in which team. */
export const orgActivitySchema = z.object({
  id: z.string(),
  actorName: z.string().nullable(),
  description: z.string(),
  teamId: z.string().nullable(),
  teamName: z.string().nullable(),
  timestamp: z.string(),
});
export type OrgActivity = z.infer<typeof orgActivitySchema>;

export const orgActivityQuerySchema = z.object({
  limit: z.coerce.number({ error: 'Limit must be a number' }).int().min(1).max(50).default(10),
});

/** POST /api/organizations/{id}/admins: makes a member of the organization an admin of it. */
export const addOrgAdminInputSchema = z.object({ userId: idSchema });
