import { describe, it } from 'vitest';
import { given } from '../shared/given-when-then.ts';
import { teamDecider } from './decider.ts';
import type { TeamEvent } from './events.ts';
import type { AssignedRole } from './schemas.ts';

const created: TeamEvent[] = [
  {
    type: 'TeamCreated',
    data: {
      teamId: 't1',
      name: 'Tigers',
      sport: 'Soccer',
      ageGroup: null,
      code: 'ABC234',
      creatorId: 'c1',
      coachId: 'c1',
      isIndie: true,
      orgId: null,
    },
  },
  { type: 'MemberJoined', data: { teamId: 't1', userId: 'c1', assignedRole: 'coach', via: 'creator' } },
];
const joinedByCode = (userId: string, assignedRole: AssignedRole): TeamEvent => ({
  type: 'MemberJoined',
  data: { teamId: 't1', userId, assignedRole, via: 'code' },
});
const accept = (userId: string, invitedRole: AssignedRole) => ({
  type: 'JoinTeam' as const,
  data: { teamId: 't1', userId, via: 'invitation' as const, invitedRole, invitationId: 'i1', invitedBy: 'c1' },
});

describe('joining a team by accepting an invitation', () => {
  it.each(['parent', 'player', 'coach'] as const)(
    'given a team, when someone accepts a %s invitation, then they are a member in that role, via the invitation',
    (role) => {
      given(teamDecider, created)
        .when(accept('u1', role))
        .then([
          {
            type: 'MemberJoined',
            data: { teamId: 't1', userId: 'u1', assignedRole: role, via: 'invitation', invitationId: 'i1' },
          },
        ]);
    },
  );

  it('given a member who joined by code as other, when they accept a coach invitation, then the issuer made them coach', () => {
    given(teamDecider, [...created, joinedByCode('u1', 'other')])
      .when(accept('u1', 'coach'))
      .then([
        {
          type: 'TeamRoleAssigned',
          data: { teamId: 't1', userId: 'u1', assignedRole: 'coach', previousRole: 'other', by: 'c1' },
        },
      ]);
  });

  it('given an "other" member, when they accept a parent invitation, then they are parent', () => {
    given(teamDecider, [...created, joinedByCode('u1', 'other')])
      .when(accept('u1', 'parent'))
      .then([
        {
          type: 'TeamRoleAssigned',
          data: { teamId: 't1', userId: 'u1', assignedRole: 'parent', previousRole: 'other', by: 'c1' },
        },
      ]);
  });

  it('given a parent member, when they accept a parent invitation for a second child, then nothing changes', () => {
    given(teamDecider, [...created, joinedByCode('u1', 'parent')])
      .when(accept('u1', 'parent'))
      .then([]);
  });

  it('never takes coach away: a coach (the creator too) who accepts a parent invitation stays coach', () => {
    given(teamDecider, created).when(accept('c1', 'parent')).then([]);
    given(teamDecider, [...created, joinedByCode('u1', 'parent')])
      .when(accept('u1', 'player'))
      .then([]);
  });

  it('refuses an invitation to a team that does not exist', () => {
    given(teamDecider).when(accept('u1', 'parent')).thenRefuses('TEAM_NOT_FOUND');
  });
});
