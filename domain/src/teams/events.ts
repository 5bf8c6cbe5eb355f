import type { TeamReminders } from '../reminders/choices.ts';
import type { LegacyAssignedRole } from './roles.ts';
import type { AssignedRole } from './schemas.ts';

export const teamStream = (teamId: string) => `team-${teamId}`;

export type TeamCreated = {
  type: 'TeamCreated';
  data: {
    teamId: string;
    name: string;
    sport: string;
    ageGroup: string | null;
    code: string;
    creatorId: string;
    coachId: string | null;
    isIndie: boolean;
    orgId: string | null;
    /** The season of an organization's team; absent on independent teams and older events. */
    seasonId?: string | null;
  };
};

/** Stored events may carry the legacy role `member`: read them through upcastAssignedRole. */
export type MemberJoined = {
  type: 'MemberJoined';
  data: {
    teamId: string;
    userId: string;
    assignedRole: AssignedRole | LegacyAssignedRole;
    /** `assignment`: made the coach of an organization's team when it was created. */
    via: 'creator' | 'code' | 'invitation' | 'assignment';
    /** The accepted invitation, when via is 'invitation'. */
    invitationId?: string;
  };
};

/** A manager changed a member's role in the team (made them coach, or took coach away). */
export type TeamRoleAssigned = {
  type: 'TeamRoleAssigned';
  data: { teamId: string; userId: string; assignedRole: AssignedRole; previousRole: AssignedRole; by: string };
};

/**
 * A manager changed the team's name, sport, age group or time zone (the values after the edit).
 * `timeZone` is absent on events from before teams had one: the zone did not change then;
 * `reminders` likewise (absent: unchanged; a team never set keeps the default, 48h+24h).
 */
export type TeamUpdated = {
  type: 'TeamUpdated';
  data: {
    teamId: string;
    name: string;
    sport: string;
    ageGroup: string | null;
    timeZone?: string | null;
    reminders?: TeamReminders;
    by: string;
  };
};

/**
 * An admin of the team's organization deleted the team: it leaves every list and read, while its
 * history (this stream, messages, matches) stays in the event log and the activity audit.
 */
export type TeamDeleted = {
  type: 'TeamDeleted';
  /** `memberIds`: who was in it, so their sockets stop getting its frames. */
  data: { teamId: string; orgId: string | null; name: string; memberIds: string[]; by: string };
};

export type TeamEvent = TeamCreated | MemberJoined | TeamRoleAssigned | TeamUpdated | TeamDeleted;
export const teamEventTypes = [
  'TeamCreated',
  'MemberJoined',
  'TeamRoleAssigned',
  'TeamUpdated',
  'TeamDeleted',
] as const;
