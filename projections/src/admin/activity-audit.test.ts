import { describe, expect, it } from 'vitest';
import { createLogger, type NewEvent } from '@sideline/infra';
import { testDatabaseKinds } from '@sideline/infra/testing';
import {
  allEventTypes,
  calendarDecider,
  calendarStream,
  chatDecider,
  chatMessageStream,
  fold,
  orgDecider,
  orgStream,
  playerDecider,
  playerStream,
  seasonDecider,
  seasonStream,
  teamDecider,
  teamStream,
  userDecider,
  userStream,
  type Decider,
  type UserRole,
} from '@sideline/domain';
import { calendarProjector } from '../calendar/calendar-projector.ts';
import { listTeamEvents } from '../calendar/calendar-queries.ts';
import { chatProjector } from '../chat/chat-projector.ts';
import { listMessages } from '../chat/chat-queries.ts';
import { usersProjector } from '../identity/users-projector.ts';
import { orgActivityProjector } from '../orgs/activity-projector.ts';
import { activityLines } from '../orgs/activity-lines.ts';
import { orgsProjector } from '../orgs/orgs-projector.ts';
import { isDeactivatedBy, isDeactivatedFromTeam, orgPeopleProjector } from '../orgs/people-projector.ts';
import { playersProjector } from '../players/players-projector.ts';
import { seasonsProjector } from '../seasons/seasons-projector.ts';
import { teamsProjector } from '../teams/teams-projector.ts';
import { rebuildProjections } from '../runner/rebuild.ts';
import { projectorFixtures, type ProjectorFixture } from '../testing/projector-fixture.ts';
import {
  accessAt,
  adminCounts,
  listActivityPage,
  listRsvpLedger,
  messageHistory,
  streamActivity,
} from './admin-queries.ts';

describe('activity lines', () => {
  it('maps every event type of the domain to a readable line, and nothing else', () => {
    const missing = allEventTypes.filter((t) => typeof (activityLines as Record<string, unknown>)[t] !== 'function');
    expect(missing).toEqual([]);
    expect(Object.keys(activityLines).sort()).toEqual([...allEventTypes]);
    expect(orgActivityProjector.handles).toEqual(allEventTypes);
    // The chat events of this issue are among them.
    expect(allEventTypes).toEqual(expect.arrayContaining(['MessageDeleted', 'MessageEdited', 'OrgMemberDeactivated']));
  });
});

const projectors = [
  usersProjector,
  teamsProjector,
  orgsProjector,
  seasonsProjector,
  orgActivityProjector,
  calendarProjector,
  chatProjector,
  playersProjector,
  orgPeopleProjector,
];
const { fixture, project } = projectorFixtures(projectors);
let clock = Date.parse('2026-05-01T00:00:00.000Z');

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
  ['c1', 'Casey Coach', 'coach'],
  ['p1', 'Pat Parent', 'parent'],
  ['b1', 'Blake Other', 'coach'],
];

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
  const createOrg = (orgId: string, name: string, creatorId: string) =>
    run(
      f,
      orgDecider,
      orgStream(orgId),
      {
        type: 'CreateOrganization',
        data: { orgId, name, description: null, timezone: 'UTC', defaultSport: 'Soccer', creatorId },
      },
      creatorId,
    );
  await createOrg('o1', 'Riverside FC', 'a1');
  await createOrg('o2', 'Hilltop SC', 'b1');
  await run(
    f,
    seasonDecider,
    seasonStream('s1'),
    {
      type: 'CreateSeason',
      data: {
        seasonId: 's1',
        orgId: 'o1',
        name: 'Spring 2026',
        sportId: 'soccer',
        startDate: '2026-03-01',
        endDate: '2026-06-30',
        isActive: true,
        by: 'a1',
        byIsOrgAdmin: true,
      },
    },
    'a1',
  );
  await run(
    f,
    teamDecider,
    teamStream('t1'),
    {
      type: 'CreateOrgTeam',
      data: {
        teamId: 't1',
        orgId: 'o1',
        seasonId: 's1',
        name: 'U12 Tigers',
        sport: 'Soccer',
        ageGroup: 'U12',
        code: 'QWE234',
        creatorId: 'a1',
        coachId: 'c1',
        byIsOrgAdmin: true,
      },
    },
    'a1',
  );
  await run(
    f,
    teamDecider,
    teamStream('t1'),
    { type: 'JoinTeam', data: { teamId: 't1', userId: 'p1', via: 'code', accountRole: 'parent' } },
    'p1',
  );
}

const send = (f: ProjectorFixture, messageId: string, userId: string, text: string) =>
  run(
    f,
    chatDecider,
    chatMessageStream(messageId),
    { type: 'SendMessage', data: { teamId: 't1', messageId, userId, text, mediaUrl: null } },
    userId,
  );

for (const kind of await testDatabaseKinds()) {
  describe(`admin audit read models on ${kind}`, () => {
    it('keeps a deleted message for the audit while members see "Message deleted", and every edit', async () => {
      const f = await fixture(kind);
      await club(f);
      await send(f, 'm1', 'p1', 'Pick-up moved to 5pm');
      await run(
        f,
        chatDecider,
        chatMessageStream('m1'),
        { type: 'EditMessage', data: { teamId: 't1', messageId: 'm1', by: 'p1', text: 'Pick-up moved to 5:30pm' } },
        'p1',
      );
      await run(
        f,
        chatDecider,
        chatMessageStream('m1'),
        { type: 'DeleteMessage', data: { teamId: 't1', messageId: 'm1', by: 'c1', canModerate: true } },
        'c1',
      );
      await project(f);
      const db = f.database.db;

      const [message] = await listMessages(db, 't1');
      expect(message).toMatchObject({ id: 'm1', text: 'Message deleted', deleted: true, mediaUrl: null });
      // Members' read model keeps no copy of the text.
      const raw = await db.selectFrom('messages').select('text').where('id', '=', 'm1').executeTakeFirstOrThrow();
      expect(raw.text).toBe('');

      const history = await messageHistory(db, 'o1', 'm1');
      expect(history).toMatchObject({
        senderName: 'Pat Parent',
        teamName: 'U12 Tigers',
        versions: [
          { text: 'Pick-up moved to 5pm', byName: 'Pat Parent' },
          { text: 'Pick-up moved to 5:30pm', byName: 'Pat Parent' },
        ],
        deleted: { by: 'c1', byName: 'Casey Coach' },
      });
      // Another organization's admin cannot read it.
      expect(await messageHistory(db, 'o2', 'm1')).toBeNull();

      // The audit, filtered by the coach: the deletion with the original text.
      const byCoach = await listActivityPage(db, 'o1', { userId: 'c1' }, { limit: 10 });
      expect(byCoach.items[0]).toMatchObject({
        type: 'MessageDeleted',
        actorName: 'Casey Coach',
        subjectName: 'Pat Parent',
        teamName: 'U12 Tigers',
        description: "Casey Coach deleted Pat Parent's message in U12 Tigers: “Pick-up moved to 5:30pm”",
      });
      expect(byCoach.items[0]!.position).toMatch(/^\d+\/\d+$/);
      const edits = await listActivityPage(db, 'o1', { types: ['MessageEdited'] }, { limit: 10 });
      expect(edits.items.map((a) => a.description)).toEqual([
        'Pat Parent edited their message in U12 Tigers from “Pick-up moved to 5pm” to “Pick-up moved to 5:30pm”',
      ]);
    });

    it('lists every event of the organization newest first, filtered and cursor-paged; exports the same selection', async () => {
      const f = await fixture(kind);
      await club(f);
      for (let i = 0; i < 7; i++) await send(f, `n${i}`, i % 2 ? 'p1' : 'c1', `message ${i}`);
      await project(f);
      const db = f.database.db;

      const all: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await listActivityPage(db, 'o1', {}, { cursor, limit: 4 });
        all.push(...page.items.map((a) => a.id));
        cursor = page.nextCursor ?? undefined;
        pages++;
      } while (cursor);
      // Organization, admin, season, team, creator join, coach assignment, parent join, 7 messages.
      const count = (await db.selectFrom('org_activity').select('id').where('org_id', '=', 'o1').execute()).length;
      expect(all).toHaveLength(count);
      expect(new Set(all).size).toBe(count);
      expect(pages).toBe(Math.ceil(count / 4));

      const exported: string[] = [];
      for await (const chunk of streamActivity(db, 'o1', {}, 3)) exported.push(...chunk.map((a) => a.id));
      expect(exported).toEqual(all);

      // Each event's id is the log's: the first line is the newest event of the organization.
      const newest = (await f.eventStore.readStream(chatMessageStream('n6')))[0]!;
      const first = (await listActivityPage(db, 'o1', {}, { limit: 1 })).items[0]!;
      expect(first).toMatchObject({ id: newest.id, type: 'MessageSent', actorName: 'Casey Coach' });

      const pat = await listActivityPage(db, 'o1', { userId: 'p1' }, { limit: 50 });
      expect(pat.items.map((a) => a.description)).toEqual([
        'Pat Parent wrote in U12 Tigers: “message 5”',
        'Pat Parent wrote in U12 Tigers: “message 3”',
        'Pat Parent wrote in U12 Tigers: “message 1”',
        'Pat Parent joined U12 Tigers as parent with the team code',
      ]);
      const team = await listActivityPage(db, 'o1', { teamId: 't1', types: ['MemberJoined'] }, { limit: 50 });
      expect(team.items.map((a) => a.description)).toEqual([
        'Pat Parent joined U12 Tigers as parent with the team code',
        'Alex Admin made Casey Coach the coach of U12 Tigers',
        'Alex Admin joined U12 Tigers as its creator',
      ]);
      const window = await listActivityPage(
        db,
        'o1',
        { from: new Date(first.timestamp), to: new Date(Date.parse(first.timestamp) + 1) },
        { limit: 50 },
      );
      expect(window.items.map((a) => a.id)).toEqual([first.id]);
      // The other club's log holds none of it.
      const other = await listActivityPage(db, 'o2', {}, { limit: 50 });
      expect(other.items.map((a) => a.description)).toEqual([
        'Blake Other became an admin of the organization',
        'Blake Other created the organization Hilltop SC',
      ]);
    });

    it('keeps a cursor across a rebuild of the audit: the same cursor gives the same next page', async () => {
      const f = await fixture(kind);
      await club(f);
      for (let i = 0; i < 6; i++) await send(f, `r${i}`, i % 2 ? 'p1' : 'c1', `message ${i}`);
      await project(f);
      const db = f.database.db;
      const pages = async (filter: Parameters<typeof listActivityPage>[2], cursor: string) => ({
        next: await listActivityPage(db, 'o1', filter, { cursor, limit: 3 }),
        exported: await (async () => {
          const ids: string[] = [];
          for await (const chunk of streamActivity(db, 'o1', filter, 2)) ids.push(...chunk.map((a) => a.id));
          return ids;
        })(),
      });
      const everything = await listActivityPage(db, 'o1', {}, { limit: 3 });
      const byParent = await listActivityPage(db, 'o1', { userId: 'p1' }, { limit: 2 });
      // The cursor is the last line's position in the event log, which a rebuild keeps.
      expect(everything.nextCursor).toBe(everything.items.at(-1)!.position);
      const before = {
        everything: await pages({}, everything.nextCursor!),
        byParent: await pages({ userId: 'p1' }, byParent.nextCursor!),
      };
      expect(before.everything.next.items).toHaveLength(3);
      expect(before.byParent.next.items).toHaveLength(2);

      await rebuildProjections({ ...f, logger: createLogger({ level: 'silent' }), projectors: [orgActivityProjector] });
      expect({
        everything: await pages({}, everything.nextCursor!),
        byParent: await pages({ userId: 'p1' }, byParent.nextCursor!),
      }).toEqual(before);
    });

    it('keeps an RSVP ledger, flags a late change to Not Going, and counts attendance as answered at kick-off', async () => {
      const f = await fixture(kind);
      await club(f);
      const startsAt = '2026-05-20T17:00:00.000Z';
      await run(
        f,
        calendarDecider,
        calendarStream('e1'),
        {
          type: 'ScheduleEvent',
          data: {
            eventId: 'e1',
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
      const rsvp = (userId: string, status: 'yes' | 'no' | 'maybe', at: string, actor = userId) =>
        run(
          f,
          calendarDecider,
          calendarStream('e1'),
          { type: 'RecordRsvp', data: { eventId: 'e1', occurrenceDate: startsAt, userId, status } },
          actor,
          at,
        );
      await rsvp('p1', 'yes', '2026-05-15T10:00:00.000Z');
      await rsvp('c1', 'yes', '2026-05-15T11:00:00.000Z');
      // Three hours before: a late dropout.
      await rsvp('p1', 'no', '2026-05-20T14:00:00.000Z');
      // After the practice the coach changes their answer: it does not rewrite attendance.
      await rsvp('c1', 'no', '2026-05-21T09:00:00.000Z');
      await project(f);
      const db = f.database.db;

      const ledger = await listRsvpLedger(db, 'o1', { teamId: 't1', limit: 10 });
      expect(ledger.map((l) => [l.userName, l.previousStatus, l.status, l.late, l.answeredByName])).toEqual([
        ['Casey Coach', 'yes', 'no', true, 'Casey Coach'],
        ['Pat Parent', 'yes', 'no', true, 'Pat Parent'],
        ['Casey Coach', null, 'yes', false, 'Casey Coach'],
        ['Pat Parent', null, 'yes', false, 'Pat Parent'],
      ]);
      expect(ledger[0]!.eventTitle).toBe('Practice');
      const [occurrence] = await listTeamEvents(db, 't1', { eventId: 'e1' });
      expect(occurrence!.lateNotGoing).toBe(2);
      expect(occurrence!.rsvps.find((r) => r.userId === 'p1')).toMatchObject({ status: 'no', lateChange: true });

      // At kick-off: Pat had said no, Casey yes → 50%, whatever Casey said afterwards.
      const counts = await adminCounts(db, 'o1', new Date('2026-06-01T00:00:00.000Z'));
      expect(counts.attendanceRate).toBe(50);
      expect(counts.totalTeams).toBe(1);
      // Before the practice nothing has been attended yet.
      expect((await adminCounts(db, 'o1', new Date('2026-05-19T00:00:00.000Z'))).attendanceRate).toBe(0);

      // A roster player's answer counts like a member's own; a cancelled occurrence not at all.
      await run(
        f,
        playerDecider,
        playerStream('kid'),
        {
          type: 'AddPlayer',
          data: { playerId: 'kid', teamId: 't1', name: 'Kim Parent', jerseyNumber: null, by: 'c1' },
        },
        'c1',
      );
      const weekly = { type: 'weekly' as const, interval: 1, days: ['wednesday' as const], endDate: null, endCount: 2 };
      await run(
        f,
        calendarDecider,
        calendarStream('e2'),
        {
          type: 'ScheduleEvent',
          data: {
            eventId: 'e2',
            teamId: 't1',
            title: 'Game',
            description: '',
            location: 'Field',
            startsAt,
            recurrence: weekly,
            timeZone: 'UTC',
            createdBy: 'c1',
          },
        },
        'c1',
      );
      const nextWeek = '2026-05-27T17:00:00.000Z';
      for (const occurrenceDate of [startsAt, nextWeek]) {
        await run(
          f,
          calendarDecider,
          calendarStream('e2'),
          {
            type: 'RecordRsvp',
            data: {
              eventId: 'e2',
              occurrenceDate,
              userId: 'p1',
              status: occurrenceDate === startsAt ? 'yes' : 'no',
              player: { playerId: 'kid', access: 'guardian' },
            },
          },
          'p1',
          occurrenceDate === startsAt ? '2026-05-16T10:00:00.000Z' : '2026-05-16T11:00:00.000Z',
        );
      }
      await run(
        f,
        calendarDecider,
        calendarStream('e2'),
        {
          type: 'CancelOccurrence',
          data: { eventId: 'e2', teamId: 't1', occurrenceDate: nextWeek, by: 'c1', reason: 'Rain' },
        },
        'c1',
      );
      await project(f);
      const forKim = await listRsvpLedger(db, 'o1', { eventId: 'e2', limit: 10 });
      expect(forKim.map((l) => [l.userId, l.playerId, l.userName, l.answeredByName, l.status])).toEqual([
        [null, 'kid', 'Kim Parent', 'Pat Parent', 'no'],
        [null, 'kid', 'Kim Parent', 'Pat Parent', 'yes'],
      ]);
      // Pat no, Casey yes (e1); Kim yes (e2 on the 20th); the 27th was cancelled: 2 of 3.
      expect((await adminCounts(db, 'o1', new Date('2026-06-01T00:00:00.000Z'))).attendanceRate).toBe(67);
    });

    it('answers who could see what when, from history, and remembers deactivations', async () => {
      const f = await fixture(kind);
      await club(f);
      const before = new Date(clock + 1);
      await run(
        f,
        teamDecider,
        teamStream('t1'),
        {
          type: 'AssignTeamRole',
          data: { teamId: 't1', userId: 'p1', assignedRole: 'coach', by: 'a1', byIsOrgAdmin: true },
        },
        'a1',
      );
      const asCoach = new Date(clock + 1);
      await run(
        f,
        orgDecider,
        orgStream('o1'),
        { type: 'DeactivateOrgMember', data: { orgId: 'o1', userId: 'p1', by: 'a1', isMember: true } },
        'a1',
      );
      await project(f);
      const db = f.database.db;
      const then = await accessAt(db, 'o1', before, { userId: 'p1', teamId: 't1' });
      expect(then!.person).toMatchObject({
        name: 'Pat Parent',
        isOrgAdmin: false,
        teams: [{ teamName: 'U12 Tigers', role: 'parent' }],
      });
      expect(then!.team!.adults.map((a) => [a.name, a.role]).sort()).toEqual([
        ['Alex Admin', 'org_admin'],
        ['Alex Admin', 'other'],
        ['Casey Coach', 'coach'],
        ['Pat Parent', 'parent'],
      ]);
      // Coach until the organization deactivated them; no role in its teams since.
      const coach = await accessAt(db, 'o1', asCoach, { userId: 'p1' });
      expect(coach!.person!.teams).toMatchObject([{ role: 'coach', validTo: expect.any(String) }]);
      const now = await accessAt(db, 'o1', new Date(clock + 1), { userId: 'p1' });
      expect(now!.person!.teams).toEqual([]);
      // Before the organization existed nobody could message the team; someone never in it is unknown.
      expect((await accessAt(db, 'o1', new Date('2020-01-01T00:00:00Z'), { teamId: 't1' }))!.team!.adults).toEqual([]);
      expect(await accessAt(db, 'o1', before, { userId: 'b1' })).toBeNull();
      expect(await isDeactivatedBy(db, 'o1', 'p1')).toBe(true);
      expect(await isDeactivatedBy(db, 'o2', 'p1')).toBe(false);
      expect(await isDeactivatedBy(db, 'o1', 'c1')).toBe(false);
      expect(await isDeactivatedFromTeam(db, 't1', 'p1')).toBe(true);
      expect(await isDeactivatedFromTeam(db, 't1', 'c1')).toBe(false);
    });
  });
}
