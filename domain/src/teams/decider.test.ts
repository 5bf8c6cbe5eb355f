import { describe, expect, it } from 'vitest';
import type { UserRole } from '../identity/schemas.ts';
import { fold } from '../shared/decider.ts';
import { given } from '../shared/given-when-then.ts';
import { teamDecider } from './decider.ts';
import type { TeamEvent } from './events.ts';
import { generateTeamCode } from './team-code.ts';
import { assignTeamRoleInputSchema, createTeamInputSchema, joinTeamInputSchema, type AssignedRole } from './schemas.ts';

const create = (creatorRole: 'coach' | 'parent' | 'player' | 'org_admin' = 'coach') => ({
  type: 'CreateTeam' as const,
  data: {
    teamId: 't1',
    name: 'Tigers',
    sport: 'Soccer',
    ageGroup: 'U12',
    code: 'ABC234',
    creatorId: 'c1',
    creatorRole,
  },
});
const created: TeamEvent[] = [
  {
    type: 'TeamCreated',
    data: {
      teamId: 't1',
      name: 'Tigers',
      sport: 'Soccer',
      ageGroup: 'U12',
      code: 'ABC234',
      creatorId: 'c1',
      coachId: 'c1',
      isIndie: true,
      orgId: null,
    },
  },
  { type: 'MemberJoined', data: { teamId: 't1', userId: 'c1', assignedRole: 'coach', via: 'creator' } },
];

describe('team decider', () => {
  it('given nothing, when a coach creates a team, then an independent team exists with the coach as its coach member', () => {
    given(teamDecider).when(create()).then(created);
  });

  it.each(['parent', 'player', 'org_admin'] as const)('refuses team creation by a %s', (role) => {
    given(teamDecider).when(create(role)).thenRefuses('COACH_ONLY');
  });

  it.each([
    ['parent', 'parent'],
    ['player', 'player'],
    ['coach', 'other'],
    ['org_admin', 'other'],
  ] as const)('given a team, when a %s account joins by code, then they are a member as %s', (accountRole, role) => {
    given(teamDecider, created)
      .when({ type: 'JoinTeam', data: { teamId: 't1', userId: 'p1', via: 'code', accountRole } })
      .then([{ type: 'MemberJoined', data: { teamId: 't1', userId: 'p1', assignedRole: role, via: 'code' } }]);
  });

  it('given a member, when they join again, then nothing happens', () => {
    given(teamDecider, created)
      .when({ type: 'JoinTeam', data: { teamId: 't1', userId: 'c1', via: 'code', accountRole: 'coach' } })
      .then([]);
  });

  it('refuses joining a team that does not exist', () => {
    given(teamDecider)
      .when({ type: 'JoinTeam', data: { teamId: 't9', userId: 'p1', via: 'code', accountRole: 'parent' } })
      .thenRefuses('TEAM_NOT_FOUND');
  });
});

describe('assigning team roles', () => {
  const joined = (userId: string, accountRole: UserRole): TeamEvent[] =>
    teamDecider.decide(
      { type: 'JoinTeam', data: { teamId: 't1', userId, via: 'code', accountRole } },
      fold(teamDecider, created),
    );
  // A coach account (s1) and a parent (p1) joined by code, exactly as the decider records it.
  const team: TeamEvent[] = [...created, ...joined('s1', 'coach'), ...joined('p1', 'parent')];
  const assign = (userId: string, assignedRole: AssignedRole, by: string, byIsOrgAdmin = false) => ({
    type: 'AssignTeamRole' as const,
    data: { teamId: 't1', userId, assignedRole, by, byIsOrgAdmin },
  });
  const assigned = (userId: string, assignedRole: AssignedRole, previousRole: AssignedRole, by: string): TeamEvent => ({
    type: 'TeamRoleAssigned',
    data: { teamId: 't1', userId, assignedRole, previousRole, by },
  });

  it('given members who joined by code, when the creator makes one coach, then they are coach', () => {
    given(teamDecider, team)
      .when(assign('s1', 'coach', 'c1'))
      .then([assigned('s1', 'coach', 'other', 'c1')]);
  });

  it('given an assigned coach, when they make another member coach or take it away, then it happens', () => {
    const withCoach = [...team, assigned('s1', 'coach', 'other', 'c1')];
    given(teamDecider, withCoach)
      .when(assign('p1', 'coach', 's1'))
      .then([assigned('p1', 'coach', 'parent', 's1')]);
    given(teamDecider, [...withCoach, assigned('p1', 'coach', 'parent', 's1')])
      .when(assign('p1', 'parent', 's1'))
      .then([assigned('p1', 'parent', 'coach', 's1')]);
  });

  it('given a coach account that joined by code, when it tries to make itself or others coach, then it is refused', () => {
    given(teamDecider, team)
      .when(assign('s1', 'coach', 's1'))
      .thenRefuses('TEAM_MANAGERS_ONLY');
    given(teamDecider, team)
      .when(assign('p1', 'coach', 's1'))
      .thenRefuses('TEAM_MANAGERS_ONLY');
  });

  it('given a parent, when they assign a role, then it is refused', () => {
    given(teamDecider, team)
      .when(assign('p1', 'coach', 'p1'))
      .thenRefuses('TEAM_MANAGERS_ONLY');
  });

  it('given a coach whose role was taken away, when they assign a role, then it is refused', () => {
    const removed = [...team, assigned('s1', 'coach', 'other', 'c1'), assigned('s1', 'other', 'coach', 'c1')];
    given(teamDecider, removed)
      .when(assign('p1', 'coach', 's1'))
      .thenRefuses('TEAM_MANAGERS_ONLY');
  });

  it('given an admin of the team’s organization who is not a member, when they assign coach, then it happens', () => {
    given(teamDecider, team)
      .when(assign('p1', 'coach', 'admin1', true))
      .then([assigned('p1', 'coach', 'parent', 'admin1')]);
  });

  it('refuses a role for someone who is not in the team, and for a team that does not exist', () => {
    given(teamDecider, team)
      .when(assign('x9', 'coach', 'c1'))
      .thenRefuses('MEMBER_NOT_FOUND');
    given(teamDecider)
      .when(assign('p1', 'coach', 'c1'))
      .thenRefuses('TEAM_NOT_FOUND');
  });

  it('keeps the creator coach: changing their role is refused, repeating it changes nothing', () => {
    const withCoach = [...team, assigned('s1', 'coach', 'other', 'c1')];
    given(teamDecider, withCoach)
      .when(assign('c1', 'other', 's1'))
      .thenRefuses('CREATOR_ROLE_FIXED');
    given(teamDecider, withCoach)
      .when(assign('c1', 'coach', 's1'))
      .then([]);
  });

  it('given a member already in that role, when it is assigned again, then nothing happens', () => {
    given(teamDecider, team)
      .when(assign('p1', 'parent', 'c1'))
      .then([]);
  });

  it('reads a code join stored before team roles existed (role "member") as other, without management rights', () => {
    // The exact event the previous decider emitted for every code join.
    const legacy: TeamEvent = {
      type: 'MemberJoined',
      data: { teamId: 't1', userId: 'old', assignedRole: 'member', via: 'code' },
    };
    given(teamDecider, [...created, legacy])
      .when(assign('p1', 'coach', 'old'))
      .thenRefuses('TEAM_MANAGERS_ONLY');
    given(teamDecider, [...created, legacy])
      .when(assign('old', 'coach', 'c1'))
      .then([assigned('old', 'coach', 'other', 'c1')]);
  });
});

describe('team payloads and codes', () => {
  it('generates 6-character codes from an unambiguous alphabet', () => {
    const code = generateTeamCode((n) => Uint8Array.from({ length: n }, (_, i) => i * 37));
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
  });

  it('takes one of the team roles to assign, with a clear message otherwise', () => {
    expect(assignTeamRoleInputSchema.parse({ assignedRole: 'coach' })).toEqual({ assignedRole: 'coach' });
    const bad = assignTeamRoleInputSchema.safeParse({ assignedRole: 'admin' });
    expect(bad.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['assignedRole', 'Choose coach, parent, player or other'],
    ]);
  });

  it('normalises a typed code and rejects junk', () => {
    expect(joinTeamInputSchema.parse({ code: ' abc234 ' })).toEqual({ code: 'ABC234' });
    expect(joinTeamInputSchema.safeParse({ code: 'a!' }).success).toBe(false);
  });

  it('requires a name and a sport from the list; age group is optional', () => {
    expect(createTeamInputSchema.parse({ name: ' Tigers ', sport: 'Soccer' })).toEqual({
      name: 'Tigers',
      sport: 'Soccer',
      ageGroup: null,
    });
    const bad = createTeamInputSchema.safeParse({ name: '', sport: 'Quidditch' });
    expect(bad.error?.issues.map((i) => i.path[0]).sort()).toEqual(['name', 'sport']);
  });
});
