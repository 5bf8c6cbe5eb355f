import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import type { TeamCommand } from './commands.ts';
import type { TeamEvent } from './events.ts';
import type { AssignedRole } from './schemas.ts';

export type TeamState =
  | { status: 'none' }
  | {
      status: 'active';
      teamId: string;
      creatorId: string;
      isIndie: boolean;
      orgId: string | null;
      members: ReadonlyMap<string, AssignedRole>;
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
        if (state.status === 'none') throw new DomainError('not_found', 'TEAM_NOT_FOUND', 'Team not found');
        const { teamId, userId, via } = command.data;
        // Joining twice is a no-op, so a retried join never fails or duplicates.
        if (state.members.has(userId)) return [];
        return [{ type: 'MemberJoined', data: { teamId, userId, assignedRole: 'member', via } }];
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
        };
      case 'MemberJoined': {
        if (state.status !== 'active') return state;
        const members = new Map(state.members);
        members.set(event.data.userId, event.data.assignedRole);
        return { ...state, members };
      }
    }
  },
};
