import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { safeText } from '../shared/text.ts';
import { orgSettingsSchema, updateOrgSettingsInputSchema } from '../orgs/schemas.ts';
import { seasonSchema, setSeasonActiveInputSchema } from '../seasons/schemas.ts';
import { rsvpStatusSchema } from '../calendar/schemas.ts';
import { liveMatchSummarySchema } from '../matches/schemas.ts';

/**
 * The admin portal's API (spec part 2 §2 "Admin portal", §3 "Admin …" entities, §7 `/api/admin/*`).
 * Every call is scoped to the caller's organization: the first organization they administer, or
 * the one named by the optional `orgId` query parameter (one they administer). A signed-in caller
 * who administers no organization gets 403; ids of another organization's things answer 404.
 */

/** Optional on every /api/admin/* call: which of the caller's organizations (default: the first). */
export const adminScopeQuerySchema = z.object({ orgId: idSchema.optional() });

// ---- dashboard -------------------------------------------------------------------------------

export const adminUpcomingMatchSchema = z.object({
  id: z.string(),
  teamA: z.string(),
  teamB: z.string(),
  /** ISO start time. */
  date: z.string(),
  location: z.string().nullable(),
  sport: z.string(),
});
export type AdminUpcomingMatch = z.infer<typeof adminUpcomingMatchSchema>;

export const adminRecentActivitySchema = z.object({
  id: z.string(),
  description: z.string(),
  timestamp: z.string(),
});

/** GET /api/admin/stats: the dashboard's four cards, upcoming matches (3) and recent activity (5). */
export const adminStatsSchema = z.object({
  orgId: z.string(),
  orgName: z.string(),
  /** Total Teams */
  totalTeams: z.number().int(),
  /** Active Players: players on the rosters of the organization's teams in active seasons. */
  totalPlayers: z.number().int(),
  /** Scheduled Matches: matches of the organization still scheduled. */
  totalMatches: z.number().int(),
  /**
   * Attendance Rate (percent, 0–100, integer): of the answers that stood at kick-off for past
   * events of the organization's teams (from the RSVP ledger: members' own answers and those
   * given for roster players; cancelled occurrences left out), the share that said Going. 0 with
   * no answers.
   */
  attendanceRate: z.number(),
  /** Live now: the organization's matches in progress. */
  liveNow: z.number().int(),
  /** The first of them (up to 5, earliest kick-off first), listed before the upcoming matches. */
  liveMatches: z.array(liveMatchSummarySchema),
  upcomingMatches: z.array(adminUpcomingMatchSchema),
  recentActivity: z.array(adminRecentActivitySchema),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

// ---- seasons, teams, matches -----------------------------------------------------------------

/** GET /api/admin/seasons: the season (with sportId and sportName) plus match counts. */
export const adminSeasonSchema = seasonSchema.extend({
  matchCount: z.number().int(),
});
export type AdminSeason = z.infer<typeof adminSeasonSchema>;

/** PATCH /api/admin/seasons/{id} */
export const adminSeasonPatchSchema = setSeasonActiveInputSchema;

/** GET /api/admin/teams */
export const adminTeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  sport: z.string().nullable(),
  ageGroup: z.string().nullable(),
  code: z.string().nullable(),
  teamCode: z.string().nullable(),
  coachId: z.string().nullable(),
  coachName: z.string().nullable(),
  coach: z.object({ id: z.string(), name: z.string() }).nullable(),
  seasonId: z.string().nullable(),
  season: z.string().nullable(),
  orgId: z.string().nullable(),
  organization: z.string(),
  creatorId: z.string(),
  isIndie: z.boolean(),
  path: z.enum(['Indie', 'Org']),
  memberCount: z.number().int(),
  playerCount: z.number().int(),
  matchCount: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type AdminTeam = z.infer<typeof adminTeamSchema>;

export const adminMatchStatuses = ['scheduled', 'in_progress', 'completed', 'cancelled'] as const;

/**
 * GET /api/admin/matches, matches in progress first, then latest first (status spelled as the
 * admin portal lists it: completed, not complete). `teamB` is the opponent's name, with a null
 * `teamBId`, when the other side is not on Sideline.
 */
export const adminMatchSchema = z.object({
  id: z.string(),
  teamA: z.string(),
  teamB: z.string(),
  teamAId: z.string(),
  teamBId: z.string().nullable(),
  scoreA: z.number().nullable(),
  scoreB: z.number().nullable(),
  startTime: z.string(),
  location: z.string().nullable(),
  sport: z.string(),
  status: z.enum(adminMatchStatuses),
  seasonId: z.string().nullable(),
  seasonName: z.string().nullable(),
});
export type AdminMatch = z.infer<typeof adminMatchSchema>;

// ---- people ------------------------------------------------------------------------------------

export const adminPersonRoles = ['coach', 'parent', 'player', 'org_admin'] as const;
export const adminPersonRoleSchema = z.enum(adminPersonRoles, { error: 'Choose coach, parent, player or org_admin' });

/** GET /api/admin/people */
export const adminPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** Their role in the organization: org_admin, else their highest team role there ('member' with none). */
  role: z.string(),
  teamCount: z.number().int(),
  connectedTeams: z.array(z.object({ teamId: z.string(), teamName: z.string(), teamSport: z.string().nullable() })),
  connectedOrgs: z.array(z.object({ orgId: z.string(), orgName: z.string() })),
  joinedAt: z.string(),
  path: z.enum(['Indie', 'Org']),
  isActive: z.boolean(),
});
export type AdminPerson = z.infer<typeof adminPersonSchema>;

/** GET /api/admin/people?search=&role= */
export const adminPeopleQuerySchema = adminScopeQuerySchema.extend({
  search: safeText.max(200).optional(),
  role: adminPersonRoleSchema.optional(),
});

/**
 * PATCH /api/admin/people/{id}: `role` changes their role (org_admin makes them an admin; coach,
 * parent or player sets their role in `teamId`, or in every team of the organization they are in,
 * and takes admin away); `isActive` deactivates (false) or reactivates (true).
 */
export const adminPersonPatchSchema = z
  .strictObject({
    role: adminPersonRoleSchema.optional(),
    teamId: idSchema.optional(),
    isActive: z.boolean({ error: 'Choose active or not' }).optional(),
  })
  .refine((p) => p.role !== undefined || p.isActive !== undefined, {
    message: 'Send a role or isActive',
    path: ['role'],
  });

// ---- media ---------------------------------------------------------------------------------------

export const adminMediaTypes = ['image', 'video'] as const;

/** GET /api/admin/media */
export const adminMediaSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  fileType: z.enum(adminMediaTypes),
  contentType: z.string(),
  /** Bytes. */
  fileSize: z.number().int(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  /** GET this to download (Content-Disposition: attachment). */
  downloadUrl: z.string(),
  teamId: z.string(),
  teamName: z.string(),
  seasonName: z.string().nullable(),
  uploadedBy: z.string(),
  uploadedById: z.string(),
  uploadedAt: z.string(),
});
export type AdminMedia = z.infer<typeof adminMediaSchema>;

/** GET /api/admin/media?search=&type= (search: file name or team name). */
export const adminMediaQuerySchema = adminScopeQuerySchema.extend({
  search: safeText.max(200).optional(),
  type: z.enum(adminMediaTypes, { error: 'Choose image or video' }).optional(),
});

// ---- settings --------------------------------------------------------------------------------------

export const adminSettingsSchema = orgSettingsSchema;
export const adminSettingsPatchSchema = updateOrgSettingsInputSchema;

// ---- activity audit ----------------------------------------------------------------------------------

export const ACTIVITY_PAGE_DEFAULT = 50;
export const ACTIVITY_PAGE_MAX = 500;

/** One event of the organization as a readable line. */
export const adminActivitySchema = z.object({
  /** The event's id. */
  id: z.string(),
  /** The event's global position in the log (`commit/prepare`). */
  position: z.string(),
  /** The event's type, e.g. MessageDeleted. */
  type: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  subjectId: z.string().nullable(),
  subjectName: z.string().nullable(),
  teamId: z.string().nullable(),
  teamName: z.string().nullable(),
  /** Plain words, names filled in: "Casey Coach deleted Pat Parent's message in U12 Tigers: “…”". */
  description: z.string(),
  /** When it happened (ISO). */
  timestamp: z.string(),
});
export type AdminActivity = z.infer<typeof adminActivitySchema>;

const isoInstant = z.iso.datetime({ offset: true, error: 'Enter a date-time like 2026-05-01T00:00:00Z' });

const MAX_BIGINT = 2n ** 63n - 1n;
/**
 * An activity line's `position` in the event log (`commit/prepare`), as `nextCursor` gives it:
 * two PostgreSQL bigints. It names the same line before and after a rebuild of the audit.
 */
const isLogPositionCursor = (v: string) =>
  /^\d{1,19}\/\d{1,19}$/.test(v) && v.split('/').every((part) => BigInt(part) <= MAX_BIGINT);

/**
 * GET /api/admin/activity?userId=&teamId=&type=&from=&to=&cursor=&limit=&format=
 * `userId`: events the person did or that are about them; `type`: one or more event types,
 * comma-separated; `from` inclusive, `to` exclusive; `format` csv or ndjson exports the whole
 * selection (no paging).
 */
export const adminActivityQuerySchema = adminScopeQuerySchema.extend({
  userId: idSchema.optional(),
  teamId: idSchema.optional(),
  type: z
    .string()
    .regex(/^[A-Za-z]+(,[A-Za-z]+)*$/, 'Event types are names like MessageDeleted, comma-separated')
    .max(2000)
    .optional(),
  from: isoInstant.optional(),
  to: isoInstant.optional(),
  cursor: z.string().refine(isLogPositionCursor, 'Unknown cursor').optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int()
    .min(1)
    .max(ACTIVITY_PAGE_MAX)
    .default(ACTIVITY_PAGE_DEFAULT),
  format: z.enum(['json', 'csv', 'ndjson']).default('json'),
});

export const adminActivityPageSchema = z.object({
  items: z.array(adminActivitySchema),
  /**
   * Pass as `cursor` for the next (older) page; null on the last page. It is the last line's
   * `position` in the event log, so it survives a rebuild of the audit.
   */
  nextCursor: z.string().nullable(),
});
export type AdminActivityPage = z.infer<typeof adminActivityPageSchema>;

/** The CSV export's columns, in order. */
export const activityCsvColumns = [
  'id',
  'position',
  'timestamp',
  'type',
  'actorId',
  'actorName',
  'subjectId',
  'subjectName',
  'teamId',
  'teamName',
  'description',
] as const;

/** GET /api/admin/activity/types: the event types that can be filtered on. */
export const adminActivityTypesSchema = z.array(z.string());

// ---- who could see what, when ------------------------------------------------------------------------

/** GET /api/admin/access?userId=&teamId=&at=ISO (userId or teamId or both; at defaults to now). */
export const adminAccessQuerySchema = adminScopeQuerySchema
  .extend({
    userId: idSchema.optional(),
    teamId: idSchema.optional(),
    at: isoInstant.optional(),
  })
  .refine((q) => q.userId !== undefined || q.teamId !== undefined, {
    message: 'Choose a person or a team',
    path: ['userId'],
  });

export const accessTeamRoleSchema = z.object({
  teamId: z.string(),
  teamName: z.string(),
  role: z.string(),
  /** When this role began and ended (null: still held). */
  validFrom: z.string(),
  validTo: z.string().nullable(),
});

export const adminAccessSchema = z.object({
  at: z.string(),
  /** The person's standing at `at` (when userId was asked). */
  person: z
    .object({
      userId: z.string(),
      name: z.string(),
      isOrgAdmin: z.boolean(),
      teams: z.array(accessTeamRoleSchema),
    })
    .nullable(),
  /** Who could message the team at `at` (when teamId was asked): its adult members and the org's admins. */
  team: z
    .object({
      teamId: z.string(),
      teamName: z.string(),
      adults: z.array(
        z.object({
          userId: z.string(),
          name: z.string(),
          /** coach, parent, other, or org_admin (an admin of the organization). */
          role: z.string(),
          validFrom: z.string(),
          validTo: z.string().nullable(),
        }),
      ),
    })
    .nullable(),
});
export type AdminAccess = z.infer<typeof adminAccessSchema>;

// ---- safeguarding: message history -------------------------------------------------------------------

/** GET /api/admin/messages/{messageId}: every version of a message, and its deletion (admins). */
export const adminMessageHistorySchema = z.object({
  id: z.string(),
  teamId: z.string(),
  teamName: z.string(),
  senderId: z.string(),
  senderName: z.string(),
  versions: z.array(z.object({ text: z.string(), at: z.string(), by: z.string(), byName: z.string() })),
  deleted: z.object({ by: z.string(), byName: z.string(), at: z.string() }).nullable(),
});
export type AdminMessageHistory = z.infer<typeof adminMessageHistorySchema>;

// ---- RSVP ledger ---------------------------------------------------------------------------------------

/** One RSVP change: who answered, for whom, when, by whom; late: Not Going within 24 h of the start. */
export const rsvpLedgerEntrySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventTitle: z.string(),
  teamId: z.string(),
  occurrenceDate: z.string(),
  /** For whom: a member (their own answer) or a roster player (`playerId`; `userId` null then). */
  userId: z.string().nullable(),
  playerId: z.string().nullable(),
  userName: z.string(),
  /** Who answered. */
  answeredBy: z.string().nullable(),
  answeredByName: z.string().nullable(),
  status: rsvpStatusSchema,
  previousStatus: rsvpStatusSchema.nullable(),
  recordedAt: z.string(),
  late: z.boolean(),
});
export type RsvpLedgerEntry = z.infer<typeof rsvpLedgerEntrySchema>;

/** GET /api/admin/rsvps?teamId=&eventId=&lateOnly= */
export const adminRsvpQuerySchema = adminScopeQuerySchema.extend({
  teamId: idSchema.optional(),
  eventId: idSchema.optional(),
  lateOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/**
 * Socket frame to a team's coaches (user subject `rsvp_late`): someone dropped out within 24 h, a
 * member (`userId`) or a roster player (`playerId`; `userId` null then). `userName` is their name.
 */
export const rsvpLateFrameSchema = z.object({
  type: z.literal('rsvp_late_change'),
  teamId: z.string(),
  eventId: z.string(),
  occurrenceDate: z.string(),
  userId: z.string().nullable(),
  playerId: z.string().nullable(),
  userName: z.string(),
  /** The event's title, for the coach's toast. */
  eventTitle: z.string(),
  status: rsvpStatusSchema,
});
export type RsvpLateFrame = z.infer<typeof rsvpLateFrameSchema>;
