import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.ts';
import { given } from '../shared/given-when-then.ts';
import { teamDecider } from './decider.ts';
import type { TeamCommand } from './commands.ts';
import type { TeamEvent } from './events.ts';
import { canManageTeam } from './permissions.ts';
import { createOrgTeamInputSchema, createSeasonTeamInputSchema, updateTeamInputSchema } from './org-teams.ts';

const createOrgTeam = (coachId: string | null, byIsOrgAdmin = true): TeamCommand => ({
  type: 'CreateOrgTeam',
  data: {
    teamId: 't1',
    orgId: 'o1',
    seasonId: 's1',
    name: 'U12 Tigers',
    sport: 'Basketball',
    ageGroup: 'U12',
    code: 'QWE234',
    creatorId: 'admin',
    coachId,
    byIsOrgAdmin,
  },
});
const teamCreated = (coachId: string | null): TeamEvent => ({
  type: 'TeamCreated',
  data: {
    teamId: 't1',
    name: 'U12 Tigers',
    sport: 'Basketball',
    ageGroup: 'U12',
    code: 'QWE234',
    creatorId: 'admin',
    coachId,
    isIndie: false,
    orgId: 'o1',
    seasonId: 's1',
  },
});
const created: TeamEvent[] = [
  teamCreated('coach'),
  { type: 'MemberJoined', data: { teamId: 't1', userId: 'admin', assignedRole: 'other', via: 'creator' } },
  { type: 'MemberJoined', data: { teamId: 't1', userId: 'coach', assignedRole: 'coach', via: 'assignment' } },
];

describe("an organization's teams", () => {
  it('given nothing, when an org admin creates a team with a coach, then the admin is its creator and the coach its assigned coach', () => {
    given(teamDecider).when(createOrgTeam('coach')).then(created);
  });

  it('given nothing, when an org admin creates a team without a coach or as its coach, then only the admin joins', () => {
    given(teamDecider)
      .when(createOrgTeam(null))
      .then([
        teamCreated(null),
        { type: 'MemberJoined', data: { teamId: 't1', userId: 'admin', assignedRole: 'other', via: 'creator' } },
      ]);
    given(teamDecider)
      .when(createOrgTeam('admin'))
      .then([
        teamCreated('admin'),
        { type: 'MemberJoined', data: { teamId: 't1', userId: 'admin', assignedRole: 'coach', via: 'creator' } },
      ]);
  });

  it('refuses an org team from someone who is not an admin of the organization, and a second creation', () => {
    given(teamDecider).when(createOrgTeam('coach', false)).thenRefuses('ORG_ADMINS_ONLY');
    given(teamDecider, created).when(createOrgTeam('coach')).thenRefuses('TEAM_EXISTS');
  });

  it('the creator and the assigned coach manage the team; a parent who joins by code does not', () => {
    const joined = teamDecider.decide(
      { type: 'JoinTeam', data: { teamId: 't1', userId: 'p1', via: 'code', accountRole: 'parent' } },
      fold(teamDecider, created),
    );
    const state = fold(teamDecider, [...created, ...joined]);
    if (state.status !== 'active') throw new Error('team expected');
    const manages = (userId: string) =>
      canManageTeam({
        userId,
        creatorId: state.creatorId,
        assignedRole: state.members.get(userId) ?? null,
        isOrgAdminOfTeamOrg: false,
      });
    expect(['admin', 'coach', 'p1'].map(manages)).toEqual([true, true, false]);
  });
});

const update = (by: string, byIsOrgAdmin = false, name = 'U12 Lions'): TeamCommand => ({
  type: 'UpdateTeam',
  data: { teamId: 't1', name, sport: 'Basketball', ageGroup: 'U12', by, byIsOrgAdmin },
});

const updated = (by: string): TeamEvent => ({
  type: 'TeamUpdated',
  data: { teamId: 't1', name: 'U12 Lions', sport: 'Basketball', ageGroup: 'U12', timeZone: null, by },
});

describe('editing a team', () => {
  it('given a team, when its coach, its creator or an admin of its organization renames it, then it is renamed', () => {
    given(teamDecider, created)
      .when(update('coach'))
      .then([updated('coach')]);
    given(teamDecider, created)
      .when(update('admin'))
      .then([updated('admin')]);
    given(teamDecider, created)
      .when(update('admin2', true))
      .then([updated('admin2')]);
  });

  it('refuses an edit by someone who does not manage the team', () => {
    given(teamDecider, created).when(update('p1')).thenRefuses('TEAM_MANAGERS_ONLY');
  });

  it('given an edit, when the same values are saved again, then nothing is recorded', () => {
    given(teamDecider, [...created, updated('coach')])
      .when(update('coach'))
      .then([]);
  });

  it('given a team, when a manager sets its time zone, then it is recorded; leaving it out keeps it; null clears it', () => {
    const withZone = (timeZone: string | null | undefined): TeamCommand => {
      const command = update('coach');
      return { ...command, data: { ...command.data, timeZone } } as TeamCommand;
    };
    const zoned: TeamEvent = {
      type: 'TeamUpdated',
      data: { ...(updated('coach').data as object), timeZone: 'America/Chicago' },
    } as TeamEvent;
    given(teamDecider, created).when(withZone('America/Chicago')).then([zoned]);
    given(teamDecider, [...created, zoned])
      .when(withZone(undefined))
      .then([]);
    given(teamDecider, [...created, zoned])
      .when(withZone(null))
      .then([updated('coach')]);
    // An older edit without a zone leaves the zone set before it.
    const { timeZone: _none, ...legacyData } = updated('coach').data as { timeZone?: null };
    given(teamDecider, [...created, zoned, { type: 'TeamUpdated', data: legacyData } as TeamEvent])
      .when(withZone(undefined))
      .then([]);
  });

  it('given a team, when an edit sends only some fields, then the others keep their values; null clears the age group', () => {
    const partial = (data: object): TeamCommand =>
      ({ type: 'UpdateTeam', data: { teamId: 't1', by: 'coach', byIsOrgAdmin: false, ...data } }) as TeamCommand;
    const edited = (data: object): TeamEvent =>
      ({ type: 'TeamUpdated', data: { ...(updated('coach').data as object), ...data } }) as TeamEvent;
    given(teamDecider, [...created, updated('coach')])
      .when(partial({ name: 'U12 Lions Gold', sport: 'Soccer' }))
      .then([edited({ name: 'U12 Lions Gold', sport: 'Soccer' })]);
    given(teamDecider, [...created, updated('coach')])
      .when(partial({ timeZone: 'Europe/London' }))
      .then([edited({ timeZone: 'Europe/London' })]);
    given(teamDecider, [...created, updated('coach')])
      .when(partial({}))
      .then([]);
    given(teamDecider, [...created, updated('coach')])
      .when(partial({ ageGroup: null }))
      .then([edited({ ageGroup: null })]);
  });

  it('refuses editing a team that does not exist', () => {
    given(teamDecider).when(update('coach')).thenRefuses('TEAM_NOT_FOUND');
  });
});

describe('deleting an organization team', () => {
  const remove = (byIsOrgAdmin = true): TeamCommand => ({
    type: 'DeleteTeam',
    data: { teamId: 't1', by: 'admin', byIsOrgAdmin },
  });
  const deleted: TeamEvent = {
    type: 'TeamDeleted',
    data: { teamId: 't1', orgId: 'o1', name: 'U12 Tigers', memberIds: ['admin', 'coach'], by: 'admin' },
  };

  it('given an org team, when an admin of its organization deletes it, then the team is deleted (with its name for the audit)', () => {
    given(teamDecider, created).when(remove()).then([deleted]);
    given(teamDecider, [...created, updated('coach')])
      .when(remove())
      .then([
        {
          type: 'TeamDeleted',
          data: { teamId: 't1', orgId: 'o1', name: 'U12 Lions', memberIds: ['admin', 'coach'], by: 'admin' },
        },
      ]);
  });

  it('refuses anyone who is not an admin of the organization, even its coach or creator', () => {
    given(teamDecider, created).when(remove(false)).thenRefuses('ORG_ADMINS_ONLY');
  });

  it('given a deleted team, deleting it again or any other command answers TEAM_NOT_FOUND', () => {
    given(teamDecider, [...created, deleted])
      .when(remove())
      .thenRefuses('TEAM_NOT_FOUND');
    given(teamDecider, [...created, deleted])
      .when(update('coach'))
      .thenRefuses('TEAM_NOT_FOUND');
    given(teamDecider, [...created, deleted])
      .when({ type: 'JoinTeam', data: { teamId: 't1', userId: 'u9', via: 'code', accountRole: 'parent' } })
      .thenRefuses('TEAM_NOT_FOUND');
    given(teamDecider, [...created, deleted])
      .when(createOrgTeam('coach'))
      .thenRefuses('TEAM_EXISTS');
    given(teamDecider).when(remove()).thenRefuses('TEAM_NOT_FOUND');
  });
});

describe('org team payloads', () => {
  const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

  it('season team form: name, a code of at least 3 characters and a coach are required (spec part 2 §5)', () => {
    expect(messages(createSeasonTeamInputSchema.safeParse({ name: '', code: 'ab', coachId: '' }))).toEqual({
      name: 'Team name is required',
      code: 'Team code must be at least 3 characters',
      coachId: 'Coach is required',
    });
    expect(createSeasonTeamInputSchema.parse({ name: 'Lions', code: ' ab3 ', coachId: 'u-1', ageGroup: '' })).toEqual({
      name: 'Lions',
      code: 'AB3',
      coachId: 'u-1',
      ageGroup: null,
    });
  });

  it('console team: a season and a name; the coach is optional', () => {
    expect(messages(createOrgTeamInputSchema.safeParse({ name: ' ' }))).toEqual({
      seasonId: 'Not a valid id',
      name: 'Team name is required',
    });
    expect(createOrgTeamInputSchema.parse({ seasonId: 's1', name: 'Lions' })).toEqual({
      seasonId: 's1',
      name: 'Lions',
      ageGroup: null,
      coachId: null,
    });
  });

  it('edit team: a name that is sent is required, sport from the list; what is not sent stays unsent', () => {
    expect(messages(updateTeamInputSchema.safeParse({ name: '', sport: 'Quidditch' }))).toEqual({
      name: 'Team name is required',
      sport: 'Choose a sport from the list',
    });
    expect(updateTeamInputSchema.parse({ name: 'Lions', sport: 'Soccer' })).toEqual({ name: 'Lions', sport: 'Soccer' });
    expect(updateTeamInputSchema.parse({ timeZone: 'Europe/London' })).toEqual({ timeZone: 'Europe/London' });
    expect(updateTeamInputSchema.parse({ ageGroup: '', timeZone: '' })).toEqual({ ageGroup: null, timeZone: null });
    expect(updateTeamInputSchema.parse({ ageGroup: null })).toEqual({ ageGroup: null });
  });
});
