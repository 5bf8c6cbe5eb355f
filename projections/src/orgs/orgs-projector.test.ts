import { describe, expect, it } from 'vitest';
import { createLogger, type NewEvent } from '@sideline/infra';
import { testDatabaseKinds } from '@sideline/infra/testing';
import {
  calendarDecider,
  calendarStream,
  chatDecider,
  chatStream,
  fold,
  orgDecider,
  orgStream,
  seasonDecider,
  seasonStream,
  teamDecider,
  teamStream,
  userDecider,
  userStream,
  type Decider,
  type OrgCommand,
  type SeasonCommand,
  type TeamCommand,
  type UserRole,
} from '@sideline/domain';
import { calendarProjector } from '../calendar/calendar-projector.ts';
import { chatProjector } from '../chat/chat-projector.ts';
import { usersProjector } from '../identity/users-projector.ts';
import { findUserById } from '../identity/users-queries.ts';
import { rebuildProjections } from '../runner/rebuild.ts';
import { listSeasons } from '../seasons/seasons-queries.ts';
import { seasonsProjector } from '../seasons/seasons-projector.ts';
import { teamsProjector } from '../teams/teams-projector.ts';
import { listTeamMembers } from '../teams/teams-queries.ts';
import { projectorFixtures, type ProjectorFixture } from '../testing/projector-fixture.ts';
import { orgActivityProjector } from './activity-projector.ts';
import { orgsProjector } from './orgs-projector.ts';
import {
  findOrgSettings,
  isOrgAdminOfTeam,
  listOrganizationsOfUser,
  listOrgActivity,
  listOrgMembers,
  listOrgTeams,
  orgAccess,
  orgStats,
} from './orgs-queries.ts';

const logger = createLogger({ level: 'silent' });
const projectors = [
  usersProjector,
  teamsProjector,
  orgsProjector,
  seasonsProjector,
  orgActivityProjector,
  calendarProjector,
  chatProjector,
];
const { fixture, project } = projectorFixtures(projectors);

/** Wednesday noon UTC: "this month" is May, "this week" began on Monday 11 May. */
const NOW = new Date('2026-05-13T12:00:00.000Z');
let clock = Date.parse('2026-05-01T00:00:00.000Z');

/** Decides the command against the stream's history and appends what the real decider emits. */
async function run<C, E extends { type: string; data: unknown }, S>(
  f: ProjectorFixture,
  decider: Decider<C, E, S>,
  stream: string,
  command: C,
  actorId: string,
  at?: string,
) {
  const history = (await f.eventStore.readStream(stream)).map((e) => ({ type: e.type, data: e.data }) as E);
  const events = decider.decide(command, fold(decider, history));
  const occurredAt = at ?? new Date((clock += 60_000)).toISOString();
  const metadata = { actorId, correlationId: 'c', causationId: null, occurredAt };
  const appended: NewEvent[] = events.map((e) => ({ type: e.type, data: e.data, metadata }));
  f.last = (await f.eventStore.appendToStream(stream, appended, { expectedRevision: 'any' })).position;
}

const people: [string, string, Exclude<UserRole, 'org_admin'>][] = [
  ['a1', 'Alex Admin', 'coach'],
  ['a2', 'Ana Second', 'parent'],
  ['c1', 'Casey Coach', 'coach'],
  ['p1', 'Pat Parent', 'parent'],
  ['k1', 'Kim Player', 'player'],
  ['b1', 'Blake Other', 'coach'],
];
const org = (f: ProjectorFixture, orgId: string, command: OrgCommand, actor: string) =>
  run(f, orgDecider, orgStream(orgId), command, actor);
const season = (f: ProjectorFixture, command: SeasonCommand, actor = 'a1') =>
  run(f, seasonDecider, seasonStream('s1'), command, actor);
const team = (f: ProjectorFixture, command: TeamCommand, actor: string) =>
  run(f, teamDecider, teamStream('t1'), command, actor);
const createOrg = (orgId: string, name: string, creatorId: string, timezone: string): OrgCommand => ({
  type: 'CreateOrganization',
  data: { orgId, name, description: null, timezone, defaultSport: 'Basketball', creatorId },
});
const join = (userId: string, accountRole: UserRole): TeamCommand => ({
  type: 'JoinTeam',
  data: { teamId: 't1', userId, via: 'code', accountRole },
});

/** A club (Riverside FC, Chicago) with a season, a team, a coach, two parents (one made admin), events and messages. */
async function club(f: ProjectorFixture) {
  for (const [userId, name, role] of people) {
    await run(
      f,
      userDecider,
      userStream(userId),
      { type: 'RegisterUser', data: { userId, name, email: `${userId}@example.com`, role } },
      userId,
    );
  }
  await org(f, 'o1', createOrg('o1', 'Riverside FC', 'a1', 'America/Chicago'), 'a1');
  await org(f, 'o2', createOrg('o2', 'Hilltop SC', 'b1', 'UTC'), 'b1');
  await season(f, {
    type: 'CreateSeason',
    data: {
      seasonId: 's1',
      orgId: 'o1',
      name: 'Spring 2026',
      sportId: 'basketball',
      startDate: '2026-03-01',
      endDate: '2026-06-30',
      isActive: true,
      by: 'a1',
      byIsOrgAdmin: true,
    },
  });
  await team(
    f,
    {
      type: 'CreateOrgTeam',
      data: {
        teamId: 't1',
        orgId: 'o1',
        seasonId: 's1',
        name: 'U12 Tigers',
        sport: 'Basketball',
        ageGroup: 'U12',
        code: 'QWE234',
        creatorId: 'a1',
        coachId: 'c1',
        byIsOrgAdmin: true,
      },
    },
    'a1',
  );
  await team(f, join('p1', 'parent'), 'p1');
  await team(f, join('a2', 'parent'), 'a2');
  await org(f, 'o1', { type: 'AddOrgAdmin', data: { orgId: 'o1', userId: 'a2', by: 'a1', isMember: true } }, 'a1');
  await org(
    f,
    'o1',
    {
      type: 'UpdateOrgSettings',
      data: { orgId: 'o1', by: 'a2', settings: { primaryColor: '#1d4ed8', website: 'https://riverside.example' } },
    },
    'a2',
  );
  const schedule = (eventId: string, startsAt: string) =>
    run(
      f,
      calendarDecider,
      calendarStream(eventId),
      {
        type: 'ScheduleEvent',
        data: {
          eventId,
          teamId: 't1',
          title: 'Practice',
          description: '',
          location: 'Gym',
          startsAt,
          recurrence: null,
          timeZone: 'UTC',
          createdBy: 'c1',
        },
      },
      'c1',
    );
  await schedule('e-april', '2026-04-28T23:00:00.000Z');
  await schedule('e-may', '2026-05-20T23:00:00.000Z');
  // 1 May 03:00 UTC is still 30 April in Chicago: not this month there.
  await schedule('e-edge', '2026-05-01T03:00:00.000Z');
  const send = (messageId: string, at: string) =>
    run(
      f,
      chatDecider,
      chatStream('t1'),
      { type: 'SendMessage', data: { teamId: 't1', messageId, userId: 'p1', text: 'Hi', mediaUrl: null } },
      'p1',
      at,
    );
  await send('m-last-week', '2026-05-08T12:00:00.000Z');
  // Monday 03:00 UTC is Sunday evening in Chicago: last week there.
  await send('m-sunday-chicago', '2026-05-11T03:00:00.000Z');
  await send('m-this-week', '2026-05-12T12:00:00.000Z');
}

for (const kind of await testDatabaseKinds()) {
  // The first test pays for starting the database on a busy machine.
  describe(`organizations, seasons and activity projectors on ${kind}`, { timeout: 90_000 }, () => {
    it('knows who is in which organization, as what, and shows each person their highest role', async () => {
      const f = await fixture(kind);
      await club(f);
      await project(f);
      const db = f.database.db;
      const orgsOf = async (userId: string) =>
        (await listOrganizationsOfUser(db, userId)).map((o) => [o.name, o.myRole]);
      expect(await orgsOf('a1')).toEqual([['Riverside FC', 'org_admin']]);
      expect(await orgsOf('a2')).toEqual([['Riverside FC', 'org_admin']]);
      expect(await orgsOf('p1')).toEqual([['Riverside FC', 'parent']]);
      expect(await orgsOf('b1')).toEqual([['Hilltop SC', 'org_admin']]);
      expect(await orgsOf('k1')).toEqual([]);

      expect(await orgAccess(db, 'o1', 'b1')).toBeNull();
      expect(await orgAccess(db, 'o1', 'k1')).toBeNull();
      expect(await orgAccess(db, 'o9', 'a1')).toBeNull();
      expect(await orgAccess(db, 'o1', 'p1')).toEqual({ orgId: 'o1', timezone: 'America/Chicago', isAdmin: false });
      expect(await orgAccess(db, 'o1', 'a2')).toMatchObject({ isAdmin: true });
      expect(await isOrgAdminOfTeam(db, 't1', 'a2')).toBe(true);
      expect(await isOrgAdminOfTeam(db, 't1', 'b1')).toBe(false);
      expect(await isOrgAdminOfTeam(db, 't1', 'c1')).toBe(false);

      const members = await listOrgMembers(db, 'o1', { withEmails: true });
      expect(members.map((m) => [m.name, m.role, m.email, m.teamCount])).toEqual([
        ['Alex Admin', 'org_admin', 'a1@example.com', 1],
        ['Ana Second', 'org_admin', 'a2@example.com', 1],
        ['Casey Coach', 'coach', 'c1@example.com', 1],
        ['Pat Parent', 'parent', 'p1@example.com', 1],
      ]);
      expect((await listOrgMembers(db, 'o1', { withEmails: false })).every((m) => m.email === null)).toBe(true);

      // Displayed roles: a parent account made org admin shows org_admin; the account role stays.
      expect(await findUserById(db, 'a2')).toMatchObject({ role: 'org_admin', accountRole: 'parent' });
      expect(await findUserById(db, 'p1')).toMatchObject({ role: 'parent', accountRole: 'parent' });
      expect(await findUserById(db, 'k1')).toMatchObject({ role: 'player', accountRole: 'player' });
      const roster = await listTeamMembers(db, 't1');
      expect(roster.map((m) => [m.name, m.role, m.assignedRole, m.canManage])).toEqual([
        ['Alex Admin', 'org_admin', 'other', true],
        ['Casey Coach', 'coach', 'coach', true],
        ['Pat Parent', 'parent', 'parent', false],
        ['Ana Second', 'org_admin', 'parent', true],
      ]);
    });

    it('counts teams, members, this month’s events and this week’s messages in the organization’s time zone', async () => {
      const f = await fixture(kind);
      await club(f);
      await project(f);
      expect(await orgStats(f.database.db, 'o1', NOW)).toEqual({
        totalTeams: 1,
        totalMembers: 4,
        totalEvents: 1,
        totalMessages: 1,
        liveNow: 0,
        liveMatches: [],
      });
      expect(await orgStats(f.database.db, 'o2', NOW)).toEqual({
        totalTeams: 0,
        totalMembers: 1,
        totalEvents: 0,
        totalMessages: 0,
        liveNow: 0,
        liveMatches: [],
      });
    });

    it('lists org teams with season and coach, seasons with their teams and status, settings, and the recent activity', async () => {
      const f = await fixture(kind);
      await club(f);
      await team(
        f,
        {
          type: 'UpdateTeam',
          data: { teamId: 't1', name: 'U12 Lions', sport: 'Basketball', ageGroup: 'U12', by: 'a1', byIsOrgAdmin: true },
        },
        'a1',
      );
      await project(f);
      const db = f.database.db;
      const [lions] = await listOrgTeams(db, 'o1', { withCodes: true });
      expect(lions).toMatchObject({
        id: 't1',
        name: 'U12 Lions',
        sport: 'Basketball',
        code: 'QWE234',
        isIndie: false,
        orgId: 'o1',
        seasonId: 's1',
        seasonName: 'Spring 2026',
        coach: { id: 'c1', name: 'Casey Coach' },
        memberCount: 4,
        isActive: true,
      });
      expect(lions!.lastActivityAt).not.toBeNull();
      expect((await listOrgTeams(db, 'o1', { withCodes: false }))[0]!.code).toBeNull();
      expect(await listOrgTeams(db, 'o2', { withCodes: true })).toEqual([]);

      expect(await listSeasons(db, ['o1'], NOW)).toMatchObject([
        { id: 's1', name: 'Spring 2026', status: 'Active', teamCount: 1, teams: [{ id: 't1', name: 'U12 Lions' }] },
      ]);
      await season(f, {
        type: 'SetSeasonActive',
        data: { seasonId: 's1', isActive: false, by: 'a1', byIsOrgAdmin: true },
      });
      await project(f);
      expect((await listSeasons(db, ['o1'], NOW))[0]!.status).toBe('Inactive');
      expect((await listOrgTeams(db, 'o1', { withCodes: true }))[0]!.isActive).toBe(false);

      expect(await findOrgSettings(db, 'o1')).toEqual({
        name: 'Riverside FC',
        description: null,
        defaultSport: 'Basketball',
        timezone: 'America/Chicago',
        logoUrl: null,
        primaryColor: '#1d4ed8',
        secondaryColor: null,
        website: 'https://riverside.example',
        contactEmail: null,
        contactPhone: null,
        address: null,
        defaultRsvpPolicy: 'optional',
        autoApproveInvites: false,
        allowPublicRegistration: false,
        emailFooter: null,
      });

      const activity = await listOrgActivity(db, 'o1', 20);
      expect(activity.map((a) => a.description)).toEqual([
        'Alex Admin deactivated the season Spring 2026',
        'Alex Admin edited the team U12 Lions',
        'Casey Coach scheduled “Practice” for U12 Tigers',
        'Casey Coach scheduled “Practice” for U12 Tigers',
        'Casey Coach scheduled “Practice” for U12 Tigers',
        'Ana Second updated the settings: primary colour, website',
        'Alex Admin made Ana Second an admin',
        'Ana Second joined U12 Tigers as parent with the team code',
        'Pat Parent joined U12 Tigers as parent with the team code',
        'Alex Admin made Casey Coach the coach of U12 Tigers',
        'Alex Admin joined U12 Tigers as its creator',
        'Alex Admin created the team U12 Tigers',
        'Alex Admin created the season Spring 2026 (Basketball)',
        'Alex Admin became an admin of the organization',
        'Alex Admin created the organization Riverside FC',
      ]);
      expect(activity[1]).toMatchObject({ actorName: 'Alex Admin', teamId: 't1', teamName: 'U12 Lions' });
      expect((await listOrgActivity(db, 'o2', 20)).map((a) => a.description)).toEqual([
        'Blake Other became an admin of the organization',
        'Blake Other created the organization Hilltop SC',
      ]);

      const before = {
        activity: await listOrgActivity(db, 'o1', 50),
        teams: await listOrgTeams(db, 'o1', { withCodes: true }),
        seasons: await listSeasons(db, ['o1', 'o2'], NOW),
        settings: await findOrgSettings(db, 'o1'),
      };
      await rebuildProjections({ ...f, logger, projectors });
      expect({
        activity: await listOrgActivity(db, 'o1', 50),
        teams: await listOrgTeams(db, 'o1', { withCodes: true }),
        seasons: await listSeasons(db, ['o1', 'o2'], NOW),
        settings: await findOrgSettings(db, 'o1'),
      }).toEqual(before);
    });

    it('forgets a deleted season and a removed admin', async () => {
      const f = await fixture(kind);
      await club(f);
      await org(f, 'o1', { type: 'RemoveOrgAdmin', data: { orgId: 'o1', userId: 'a2', by: 'a1' } }, 'a1');
      await run(
        f,
        seasonDecider,
        seasonStream('s2'),
        {
          type: 'CreateSeason',
          data: {
            seasonId: 's2',
            orgId: 'o1',
            name: 'Fall 2026',
            sportId: 'soccer',
            startDate: '2026-09-01',
            endDate: '2026-11-30',
            isActive: true,
            by: 'a1',
            byIsOrgAdmin: true,
          },
        },
        'a1',
      );
      await project(f);
      const db = f.database.db;
      expect((await listSeasons(db, ['o1'], NOW)).map((s) => [s.name, s.status, s.teamCount])).toEqual([
        ['Fall 2026', 'Scheduled', 0],
        ['Spring 2026', 'Active', 1],
      ]);
      await run(
        f,
        seasonDecider,
        seasonStream('s2'),
        { type: 'DeleteSeason', data: { seasonId: 's2', teamCount: 0, by: 'a1', byIsOrgAdmin: true } },
        'a1',
      );
      await project(f);
      expect((await listSeasons(db, ['o1'], NOW)).map((s) => s.name)).toEqual(['Spring 2026']);
      expect(await orgAccess(db, 'o1', 'a2')).toMatchObject({ isAdmin: false });
      expect(await findUserById(db, 'a2')).toMatchObject({ role: 'parent' });
      expect((await listOrgActivity(db, 'o1', 2)).map((a) => a.description)).toEqual([
        'Alex Admin deleted the season Fall 2026',
        'Alex Admin created the season Fall 2026 (Soccer)',
      ]);
    });
  });
}
