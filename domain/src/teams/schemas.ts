import { z } from 'zod';
import { sports } from '../sports/catalogue.ts';
import { userRoleSchema } from '../identity/schemas.ts';
import { safeText, text } from '../shared/text.ts';
import { teamRemindersSchema } from '../reminders/schemas.ts';

/**
 * A member's role inside one team. Joining by code gives parent, player or other (from the
 * account, see teamRoleForAccount); only a team manager makes someone `coach` (AssignTeamRole).
 */
export const assignedRoles = ['coach', 'parent', 'player', 'other'] as const;
export const assignedRoleSchema = z.enum(assignedRoles, { error: 'Choose coach, parent, player or other' });
export type AssignedRole = z.infer<typeof assignedRoleSchema>;

export const TEAM_CODE_LENGTH = 6;
export const teamCodeSchema = text({ error: 'Team code is required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{3,12}$/, 'Enter the team code your coach shared (letters and digits)');

/** POST /api/teams */
export const createTeamInputSchema = z.object({
  name: text({ error: 'Team name is required' })
    .trim()
    .min(1, 'Team name is required')
    .max(80, 'Team name must be at most 80 characters'),
  sport: z.enum(sports, { error: 'Choose a sport from the list' }),
  ageGroup: safeText
    .trim()
    .max(20, 'Age group must be at most 20 characters')
    .optional()
    .transform((v) => (v ? v : null)),
});
export type CreateTeamInput = z.input<typeof createTeamInputSchema>;

/** POST /api/teams/join */
export const joinTeamInputSchema = z.object({ code: teamCodeSchema });
export type JoinTeamInput = z.input<typeof joinTeamInputSchema>;

/** A team as GET /api/teams, GET /api/teams/{id} return it. */
export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  sport: z.string().nullable(),
  ageGroup: z.string().nullable(),
  isIndie: z.boolean(),
  orgId: z.string().nullable(),
  coachId: z.string().nullable(),
  creatorId: z.string(),
  code: z.string().nullable(),
  memberCount: z.number().int(),
  createdAt: z.string(),
  /** The signed-in user's role in this team. */
  myAssignedRole: assignedRoleSchema,
  /**
   * When members are reminded of answers they owe (always sent by the server). Last: the fast
   * serializer writes optional keys after the required ones.
   */
  reminders: teamRemindersSchema.optional(),
});
export type Team = z.infer<typeof teamSchema>;

/** PUT /api/teams/{id}/members/{userId}/role */
export const assignTeamRoleInputSchema = z.object({ assignedRole: assignedRoleSchema });
export type AssignTeamRoleInput = z.input<typeof assignTeamRoleInputSchema>;

/** GET /api/teams/{id}/members */
export const teamMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  role: userRoleSchema,
  assignedRole: assignedRoleSchema,
  /** Whether this member manages the team (canManageTeam: creator or assigned coach). */
  canManage: z.boolean(),
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
