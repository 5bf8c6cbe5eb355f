import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.ts';
import type { UserRole } from '../identity/schemas.ts';
import { teamDecider, type TeamState } from './decider.ts';
import type { TeamCommand, TeamEvent } from './index.ts';
import { canManageTeamEvents } from '../calendar/permissions.ts';
import { canManageChat } from '../chat/permissions.ts';
import { canManageMedia } from '../media/permissions.ts';
import { canManageTeam, type TeamManagementFacts } from './permissions.ts';
import { assignedRoles, type AssignedRole } from './schemas.ts';

const facts = (
  userId: string,
  assignedRole: AssignedRole | null,
  isOrgAdminOfTeamOrg = false,
  creatorId: string | null = 'creator',
): TeamManagementFacts => ({ userId, creatorId, assignedRole, isOrgAdminOfTeamOrg });

describe('canManageTeam (the one rule: creator, assigned coach, org admin)', () => {
  it.each([
    ['the creator', facts('creator', 'coach'), true],
    ['the creator whatever their team role says', facts('creator', 'other'), true],
    ['an assigned coach', facts('u', 'coach'), true],
    ['an org admin of the team’s organization, even without a membership', facts('u', null, true), true],
    ['a parent', facts('u', 'parent'), false],
    ['a player', facts('u', 'player'), false],
    ['an "other" member (a coach account that joined by code)', facts('u', 'other'), false],
    ['a non-member', facts('u', null), false],
    ['the creator id of another person', facts('u', 'parent', false, 'creator'), false],
    ['a team without a recorded creator', facts('u', 'other', false, null), false],
  ] as const)('%s → %s', (_who, input, expected) => {
    expect(canManageTeam(input)).toBe(expected);
  });

  it('is what events, pins and media deletes ask, for every team role, member or not, admin or not', () => {
    for (const assignedRole of [...assignedRoles, null]) {
      for (const userId of ['creator', 'u']) {
        for (const isOrgAdminOfTeamOrg of [false, true]) {
          const input = facts(userId, assignedRole, isOrgAdminOfTeamOrg);
          const expected = canManageTeam(input);
          expect([canManageTeamEvents(input), canManageChat(input), canManageMedia(input)]).toEqual([
            expected,
            expected,
            expected,
          ]);
        }
      }
    }
  });
});

describe('managing a team, from the events the team decider emits', () => {
  const run = (commands: TeamCommand[]): TeamEvent[] => {
    const events: TeamEvent[] = [];
    for (const command of commands) events.push(...teamDecider.decide(command, fold(teamDecider, events)));
    return events;
  };
  const managesAs = (state: TeamState, userId: string) =>
    state.status === 'active' &&
    canManageTeam({
      userId,
      creatorId: state.creatorId,
      assignedRole: state.members.get(userId) ?? null,
      isOrgAdminOfTeamOrg: false,
    });
  const create: TeamCommand = {
    type: 'CreateTeam',
    data: {
      teamId: 't1',
      name: 'Tigers',
      sport: 'Soccer',
      ageGroup: null,
      code: 'ABC234',
      creatorId: 'creator',
      creatorRole: 'coach',
    },
  };
  const join = (userId: string, accountRole: UserRole): TeamCommand => ({
    type: 'JoinTeam',
    data: { teamId: 't1', userId, via: 'code', accountRole },
  });

  it('a coach account joining by code manages nothing until the creator makes them coach', () => {
    const joined = run([create, join('stranger', 'coach')]);
    expect(managesAs(fold(teamDecider, joined), 'creator')).toBe(true);
    expect(managesAs(fold(teamDecider, joined), 'stranger')).toBe(false);
    const assigned = run([
      create,
      join('stranger', 'coach'),
      {
        type: 'AssignTeamRole',
        data: { teamId: 't1', userId: 'stranger', assignedRole: 'coach', by: 'creator', byIsOrgAdmin: false },
      },
    ]);
    expect(managesAs(fold(teamDecider, assigned), 'stranger')).toBe(true);
  });
});
