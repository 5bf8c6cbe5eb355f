import type { TeamReminders } from '../reminders/choices.ts';
import type { UserRole } from '../identity/schemas.ts';
import type { AssignedRole } from './schemas.ts';

export type CreateTeam = {
  type: 'CreateTeam';
  data: {
    teamId: string;
    name: string;
    sport: string;
    ageGroup: string | null;
    code: string;
    creatorId: string;
    creatorRole: UserRole;
  };
};

/**
 * Joining with the team code: the team role comes from the account (teamRoleForAccount).
 * Joining by accepting an invitation: the role the invitation was issued for (joinByInvitation).
 */
export type JoinTeam = {
  type: 'JoinTeam';
  data:
    | { teamId: string; userId: string; via: 'code'; accountRole: UserRole }
    | {
        teamId: string;
        userId: string;
        via: 'invitation';
        invitedRole: AssignedRole;
        invitationId: string;
        /** The manager who issued the invitation. */
        invitedBy: string;
      };
};

/**
 * A manager sets a member's role in the team: `coach` makes them a manager, any other role takes
 * that away. `byIsOrgAdmin` is the organization-admin fact of canManageTeam (false until
 * organizations exist).
 */
export type AssignTeamRole = {
  type: 'AssignTeamRole';
  data: { teamId: string; userId: string; assignedRole: AssignedRole; by: string; byIsOrgAdmin: boolean };
};

/**
 * An organization's team, created by one of its admins from the console or a season
 * (`byIsOrgAdmin` is read by the route). `coachId`: a member of the organization who becomes the
 * team's assigned coach, or null.
 */
export type CreateOrgTeam = {
  type: 'CreateOrgTeam';
  data: {
    teamId: string;
    orgId: string;
    seasonId: string;
    name: string;
    sport: string;
    ageGroup: string | null;
    code: string;
    creatorId: string;
    coachId: string | null;
    byIsOrgAdmin: boolean;
  };
};

/** A manager (canManageTeam) edits the team's name, sport, age group and (when given) time zone. */
export type UpdateTeam = {
  type: 'UpdateTeam';
  data: {
    teamId: string;
    /** A field left undefined keeps its current value. */
    name?: string;
    sport?: string;
    /** null clears it. */
    ageGroup?: string | null;
    /** null clears it (events then use the organization's zone). */
    timeZone?: string | null;
    /** When members are reminded of answers they owe. */
    reminders?: TeamReminders;
    by: string;
    byIsOrgAdmin: boolean;
  };
};

/** An admin of the team's organization deletes it (`byIsOrgAdmin` is read by the route). */
export type DeleteTeam = {
  type: 'DeleteTeam';
  data: { teamId: string; by: string; byIsOrgAdmin: boolean };
};

export type TeamCommand = CreateTeam | JoinTeam | AssignTeamRole | CreateOrgTeam | UpdateTeam | DeleteTeam;
