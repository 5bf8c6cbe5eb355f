import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then.ts';
import { teamDecider } from './decider.ts';
import type { TeamEvent } from './events.ts';
import { generateTeamCode } from './team-code.ts';
import { createTeamInputSchema, joinTeamInputSchema } from './schemas.ts';

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

  it('given a team, when someone joins by code, then they are a member', () => {
    given(teamDecider, created)
      .when({ type: 'JoinTeam', data: { teamId: 't1', userId: 'p1', via: 'code' } })
      .then([{ type: 'MemberJoined', data: { teamId: 't1', userId: 'p1', assignedRole: 'member', via: 'code' } }]);
  });

  it('given a member, when they join again, then nothing happens', () => {
    given(teamDecider, created)
      .when({ type: 'JoinTeam', data: { teamId: 't1', userId: 'c1', via: 'code' } })
      .then([]);
  });

  it('refuses joining a team that does not exist', () => {
    given(teamDecider)
      .when({ type: 'JoinTeam', data: { teamId: 't9', userId: 'p1', via: 'code' } })
      .thenRefuses('TEAM_NOT_FOUND');
  });
});

describe('team payloads and codes', () => {
  it('generates 6-character codes from an unambiguous alphabet', () => {
    const code = generateTeamCode((n) => Uint8Array.from({ length: n }, (_, i) => i * 37));
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
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
