import type { Decider } from '../shared/decider.ts';
import { DEFAULT_TEAM_REMINDERS, type TeamReminders } from '../reminders/choices.ts';
import { DomainError } from '../shared/errors.ts';
import type { TeamCommand } from './commands.ts';
import type { TeamEvent } from './events.ts';
import { canManageTeam } from './permissions.ts';
import { joinByInvitation } from './join-by-invitation.ts';
import { teamRoleForAccount, upcastAssignedRole } from './roles.ts';
import type { AssignedRole } from './schemas.ts';

export type TeamState =
  | { status: 'none' }
  /** Deleted by an org admin: every command answers TEAM_NOT_FOUND, as for a team that never was. */
  | { status: 'deleted'; teamId: string }
  | {
      status: 'active';
      teamId: string;
      creatorId: string;
      isIndie: boolean;
      orgId: string | null;
      members: ReadonlyMap<string, AssignedRole>;
      /** What UpdateTeam edits, so an edit that changes nothing records nothing. */
      profile: {
        name: string;
        sport: string;
        ageGroup: string | null;
        timeZone: string | null;
        reminders: TeamReminders;
      };
    };

export const teamDecider: Decider<TeamCommand, TeamEvent, TeamState> = {
  initialState: { status: 'none' },

  decide(command, state) {
    switch (command.type) {
      case 'CreateTeam': {
        if (state.status !== 'none') throw new DomainError('conflict', 'TEAM_EXISTS', 'This team already exists');
        const { teamId, name, sport, ageGroup, code, creatorId, creatorRole } = command.data;
        // Spec part 1 §6: only coaches create (independent) teams; org teams come from the org console.
        if (creatorRole !== 'coach') {
          throw new DomainError('forbidden', 'COACH_ONLY', 'Only coaches can create teams');
        }
        return [
          {
            type: 'TeamCreated',
            data: { teamId, name, sport, ageGroup, code, creatorId, coachId: creatorId, isIndie: true, orgId: null },
          },
          { type: 'MemberJoined', data: { teamId, userId: creatorId, assignedRole: 'coach', via: 'creator' } },
        ];
      }
      case 'JoinTeam': {
        if (state.status !== 'active') throw new DomainError('not_found', 'TEAM_NOT_FOUND', 'Team not found');
        if (command.data.via === 'invitation') return joinByInvitation(state.members, command.data);
        const { teamId, userId, via, accountRole } = command.data;
        // Joining twice is a no-op, so a retried join never fails or duplicates.
        if (state.members.has(userId)) return [];
        return [{ type: 'MemberJoined', data: { teamId, userId, assignedRole: teamRoleForAccount(accountRole), via } }];
      }
      case 'AssignTeamRole': {
        if (state.status !== 'active') throw new DomainError('not_found', 'TEAM_NOT_FOUND', 'Team not found');
        const { teamId, userId, assignedRole, by, byIsOrgAdmin } = command.data;
        const manager = canManageTeam({
          userId: by,
          creatorId: state.creatorId,
          assignedRole: state.members.get(by) ?? null,
          isOrgAdminOfTeamOrg: byIsOrgAdmin,
        });
        if (!manager) {
          throw new DomainError('forbidden', 'TEAM_MANAGERS_ONLY', "Only the team's managers can change roles");
        }
        const previousRole = state.members.get(userId);
        if (!previousRole) throw new DomainError('not_found', 'MEMBER_NOT_FOUND', 'This person is not in the team');
        if (previousRole === assignedRole) return [];
        // The creator manages the team whatever their role says, so a change would only mislead.
        if (userId === state.creatorId) {
          throw new DomainError('forbidden', 'CREATOR_ROLE_FIXED', "The team's creator always stays its coach");
        }
        return [{ type: 'TeamRoleAssigned', data: { teamId, userId, assignedRole, previousRole, by } }];
      }
      case 'CreateOrgTeam': {
        if (state.status !== 'none') throw new DomainError('conflict', 'TEAM_EXISTS', 'This team already exists');
        const { teamId, orgId, seasonId, name, sport, ageGroup, code, creatorId, coachId, byIsOrgAdmin } = command.data;
        if (!byIsOrgAdmin) {
          throw new DomainError('forbidden', 'ORG_ADMINS_ONLY', "Only the organization's admins can create its teams");
        }
        // The admin who created it manages it as its creator; the coach is an assigned coach.
        const creatorRole: AssignedRole = coachId === creatorId ? 'coach' : 'other';
        return [
          {
            type: 'TeamCreated',
            data: { teamId, name, sport, ageGroup, code, creatorId, coachId, isIndie: false, orgId, seasonId },
          },
          { type: 'MemberJoined', data: { teamId, userId: creatorId, assignedRole: creatorRole, via: 'creator' } },
          ...(coachId && coachId !== creatorId
            ? [
                {
                  type: 'MemberJoined' as const,
                  data: { teamId, userId: coachId, assignedRole: 'coach' as const, via: 'assignment' as const },
                },
              ]
            : []),
        ];
      }
      case 'UpdateTeam': {
        if (state.status !== 'active') throw new DomainError('not_found', 'TEAM_NOT_FOUND', 'Team not found');
        const { teamId, by, byIsOrgAdmin } = command.data;
        // What the edit leaves out stays as it is.
        const { profile } = state;
        const name = command.data.name ?? profile.name;
        const sport = command.data.sport ?? profile.sport;
        const ageGroup = command.data.ageGroup === undefined ? profile.ageGroup : command.data.ageGroup;
        const timeZone = command.data.timeZone === undefined ? profile.timeZone : command.data.timeZone;
        const reminders = command.data.reminders ?? profile.reminders;
        const manager = canManageTeam({
          userId: by,
          creatorId: state.creatorId,
          assignedRole: state.members.get(by) ?? null,
          isOrgAdminOfTeamOrg: byIsOrgAdmin,
        });
        if (!manager) throw new DomainError('forbidden', 'TEAM_MANAGERS_ONLY', "Only the team's managers can edit it");
        if (
          profile.name === name &&
          profile.sport === sport &&
          profile.ageGroup === ageGroup &&
          profile.timeZone === timeZone &&
          profile.reminders === reminders
        ) {
          return [];
        }
        // The setting is recorded only when it changes, so older readers see the events they knew.
        return [
          {
            type: 'TeamUpdated',
            data: {
              teamId,
              name,
              sport,
              ageGroup,
              timeZone,
              ...(reminders !== profile.reminders && { reminders }),
              by,
            },
          },
        ];
      }
      case 'DeleteTeam': {
        if (state.status !== 'active') throw new DomainError('not_found', 'TEAM_NOT_FOUND', 'Team not found');
        const { teamId, by, byIsOrgAdmin } = command.data;
        // Only an admin of the team's organization; an independent team has no organization.
        if (state.orgId === null || !byIsOrgAdmin) {
          throw new DomainError('forbidden', 'ORG_ADMINS_ONLY', "Only the organization's admins can delete its teams");
        }
        return [
          {
            type: 'TeamDeleted',
            data: { teamId, orgId: state.orgId, name: state.profile.name, memberIds: [...state.members.keys()], by },
          },
        ];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'TeamCreated':
        return {
          status: 'active',
          teamId: event.data.teamId,
          creatorId: event.data.creatorId,
          isIndie: event.data.isIndie,
          orgId: event.data.orgId,
          members: new Map(),
          profile: {
            name: event.data.name,
            sport: event.data.sport,
            ageGroup: event.data.ageGroup,
            timeZone: null,
            reminders: DEFAULT_TEAM_REMINDERS,
          },
        };
      case 'MemberJoined': {
        if (state.status !== 'active') return state;
        const members = new Map(state.members);
        members.set(event.data.userId, upcastAssignedRole(event.data.assignedRole));
        return { ...state, members };
      }
      case 'TeamRoleAssigned': {
        if (state.status !== 'active') return state;
        const members = new Map(state.members);
        members.set(event.data.userId, event.data.assignedRole);
        return { ...state, members };
      }
      case 'TeamUpdated': {
        if (state.status !== 'active') return state;
        const { name, sport, ageGroup } = event.data;
        const timeZone = event.data.timeZone === undefined ? state.profile.timeZone : event.data.timeZone;
        const reminders = event.data.reminders ?? state.profile.reminders;
        return { ...state, profile: { name, sport, ageGroup, timeZone, reminders } };
      }
      case 'TeamDeleted':
        return { status: 'deleted', teamId: event.data.teamId };
    }
  },
};
