import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createLogger, type NewEvent } from '@sideline/infra';
import { testDatabaseKinds } from '@sideline/infra/testing';
import {
  calendarDecider,
  fold,
  type CalendarCommand,
  type CalendarDomainEvent,
  type DomainEvent,
  type EventSeriesSplit,
  type Recurrence,
} from '@sideline/domain';
import { usersProjector } from '../identity/users-projector.ts';
import { playersProjector } from '../players/players-projector.ts';
import { teamsProjector } from '../teams/teams-projector.ts';
import { rebuildProjections } from '../runner/rebuild.ts';
import { projectorFixtures, type ProjectorFixture } from '../testing/projector-fixture.ts';
import { calendarProjector } from './calendar-projector.ts';
import { eventHistory, listTeamEvents, occurrenceAttendance } from './calendar-queries.ts';
import { listMyUpcoming } from './upcoming-queries.ts';

const logger = createLogger({ level: 'silent' });
const { fixture, project } = projectorFixtures([usersProjector, teamsProjector, playersProjector, calendarProjector]);

let clock = Date.parse('2026-02-01T12:00:00.000Z');
const meta = (actorId: string | null) => ({
  actorId,
  correlationId: 'c',
  causationId: null,
  occurredAt: new Date((clock += 60_000)).toISOString(),
});
async function append(f: ProjectorFixture, stream: string, actorId: string | null, ...events: DomainEvent[]) {
  const recorded = events.map((e): NewEvent => ({ ...e, metadata: meta(actorId) }));
  f.last = (await f.eventStore.appendToStream(stream, recorded, { expectedRevision: 'any' })).position;
}

/** The calendar stream of each event as the tests built it, to decide the next command on. */
const streams = new Map<string, CalendarDomainEvent[]>();
async function command(f: ProjectorFixture, eventId: string, actorId: string, c: CalendarCommand) {
  const history = streams.get(eventId) ?? [];
  const events = calendarDecider.decide(c, fold(calendarDecider, history));
  streams.set(eventId, [...history, ...events]);
  await append(f, `calendar-${eventId}`, actorId, ...events);
  return events;
}

const ny = 'America/New_York';
const saturdays: Recurrence = { type: 'weekly', interval: 1, days: ['saturday'], endDate: null, endCount: null };
const MAR_7 = '2026-03-07T15:00:00.000Z'; // Saturday 10:00 EST
const MAR_14 = '2026-03-14T14:00:00.000Z'; // Saturday 10:00 EDT
const MAR_21 = '2026-03-21T14:00:00.000Z';
const APR_4 = '2026-04-04T14:00:00.000Z';
const march = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-03-31T23:59:59Z') };

/** A team: its creator and coach c1, parent pat (guardian of Jordan and Sam), jo (Jordan's own account), mo (a parent without a child here). */
async function team(f: ProjectorFixture) {
  for (const [userId, name, role] of [
    ['c1', 'Casey Coach', 'coach'],
    ['pat', 'Pat Rivera', 'parent'],
    ['jo', 'Jordan Rivera', 'player'],
    ['mo', 'Mo Parent', 'parent'],
  ] as const) {
    await append(f, `user-${userId}`, userId, {
      type: 'UserRegistered',
      data: { userId, name, email: `${userId}@x.io`, role },
    });
  }
  await append(
    f,
    'team-t1',
    'c1',
    {
      type: 'TeamCreated',
      data: {
        teamId: 't1',
        name: 'Hawks',
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
    { type: 'MemberJoined', data: { teamId: 't1', userId: 'pat', assignedRole: 'parent', via: 'code' } },
    { type: 'MemberJoined', data: { teamId: 't1', userId: 'jo', assignedRole: 'player', via: 'code' } },
    { type: 'MemberJoined', data: { teamId: 't1', userId: 'mo', assignedRole: 'parent', via: 'code' } },
  );
  for (const [playerId, name] of [
    ['jordan', 'Jordan Rivera'],
    ['sam', 'Sam Rivera'],
  ] as const) {
    await append(
      f,
      `player-${playerId}`,
      'c1',
      { type: 'PlayerAdded', data: { playerId, teamId: 't1', name, jerseyNumber: null, by: 'c1' } },
      { type: 'GuardianLinked', data: { playerId, teamId: 't1', userId: 'pat', by: 'c1', invitationId: null } },
    );
  }
  await append(f, 'player-jordan', 'jo', {
    type: 'PlayerAccountLinked',
    data: { playerId: 'jordan', teamId: 't1', userId: 'jo', by: 'jo', invitationId: null },
  });
}

async function saturdayGames(f: ProjectorFixture) {
  streams.clear();
  await command(f, 'e1', 'c1', {
    type: 'ScheduleEvent',
    data: {
      eventId: 'e1',
      teamId: 't1',
      title: 'Game',
      description: '',
      location: 'Field 1',
      startsAt: '2026-02-28T15:00:00.000Z',
      recurrence: saturdays,
      timeZone: ny,
      createdBy: 'c1',
    },
  });
}

const answer = (occurrenceDate: string, userId: string, status: 'yes' | 'maybe' | 'no', playerId?: string) => ({
  type: 'RecordRsvp' as const,
  data: {
    eventId: 'e1',
    occurrenceDate,
    userId,
    status,
    ...(playerId && { player: { playerId, access: 'guardian' as const } }),
  },
});
const change = (
  scope: 'occurrence' | 'following' | 'series',
  occurrenceDate: string | null,
  changes: Record<string, string>,
  reason: string | null = null,
) => ({
  type: 'ChangeEvent' as const,
  data: {
    eventId: 'e1',
    teamId: 't1',
    by: 'c1',
    scope,
    occurrenceDate,
    changes,
    reason,
    newEventId: 'e2',
  },
});

for (const kind of await testDatabaseKinds()) {
  describe(`schedule changes and answers per child on ${kind}`, () => {
    it('lists a moved occurrence with its previous time, a cancelled one with its reason, counts and who has not answered', async () => {
      const f = await fixture(kind);
      await team(f);
      await saturdayGames(f);
      await command(f, 'e1', 'pat', answer(MAR_14, 'pat', 'yes', 'jordan'));
      await command(f, 'e1', 'mo', answer(MAR_14, 'mo', 'maybe'));
      await command(f, 'e1', 'c1', change('occurrence', MAR_14, { startsAt: '2026-03-14T11:00' }, 'Field booked'));
      await command(f, 'e1', 'c1', {
        type: 'CancelOccurrence',
        data: { eventId: 'e1', teamId: 't1', occurrenceDate: MAR_21, by: 'c1', reason: 'Holiday' },
      });
      await project(f);

      const listed = await listTeamEvents(f.database.db, 't1', march);
      expect(listed.map((e) => [e.occurrenceDate, e.date, e.status])).toEqual([
        [MAR_7, MAR_7, 'scheduled'],
        [MAR_14, '2026-03-14T15:00:00.000Z', 'moved'],
        [MAR_21, MAR_21, 'cancelled'],
        ['2026-03-28T14:00:00.000Z', '2026-03-28T14:00:00.000Z', 'scheduled'],
      ]);
      const moved = listed[1]!;
      expect(moved).toMatchObject({
        previous: { startsAt: MAR_14, location: 'Field 1' },
        cancelReason: null,
        // Expected: Jordan, Sam (players) and Mo (answers for themself); Pat has children, Jo is Jordan, c1 manages.
        counts: { going: 1, maybe: 1, notGoing: 0, noReply: 1 },
      });
      expect(moved.changedAt).not.toBeNull();
      expect(moved.rsvps).toEqual([
        expect.objectContaining({
          playerId: 'jordan',
          userId: 'jo',
          user: { name: 'Jordan Rivera' },
          answeredBy: { id: 'pat', name: 'Pat Rivera' },
          answeredBeforeChange: true,
        }),
        expect.objectContaining({ playerId: null, userId: 'mo', answeredBeforeChange: true }),
      ]);
      expect(listed[2]).toMatchObject({ cancelReason: 'Holiday', previous: null });
      expect(listed[0]!.counts).toEqual({ going: 0, maybe: 0, notGoing: 0, noReply: 3 });

      expect(await occurrenceAttendance(f.database.db, 'e1', new Date(MAR_14))).toEqual({
        going: [
          {
            playerId: 'jordan',
            userId: 'jo',
            name: 'Jordan Rivera',
            answeredBy: { id: 'pat', name: 'Pat Rivera' },
            answeredAt: moved.rsvps[0]!.answeredAt,
            answeredBeforeChange: true,
          },
        ],
        maybe: [
          expect.objectContaining({ userId: 'mo', name: 'Mo Parent', answeredBy: { id: 'mo', name: 'Mo Parent' } }),
        ],
        notGoing: [],
        noReply: [
          {
            playerId: 'sam',
            userId: null,
            name: 'Sam Rivera',
            answeredBy: null,
            answeredAt: null,
            answeredBeforeChange: false,
          },
        ],
      });
      expect(await occurrenceAttendance(f.database.db, 'e1', new Date('2026-03-15T14:00:00Z'))).toBeNull();

      const history = await eventHistory(f.database.db, 'e1');
      expect(history.map((h) => [h.scope, h.occurrenceDate?.toISOString(), JSON.parse(h.changes), h.reason])).toEqual([
        ['occurrence', MAR_21, { status: { from: 'scheduled', to: 'cancelled' } }, 'Holiday'],
        ['occurrence', MAR_14, { startsAt: { from: MAR_14, to: '2026-03-14T15:00:00.000Z' } }, 'Field booked'],
      ]);
      expect(history[0]).toMatchObject({ by: 'c1', byName: 'Casey Coach' });

      // The household: Jordan and Sam for Pat, each with their answer; Mo answers for themself.
      const upcoming = await listMyUpcoming(f.database.db, 'pat', new Date('2026-03-10T00:00:00Z'), 2);
      expect(upcoming.teamIds).toEqual(['t1']);
      expect(upcoming.items.map((i) => [i.occurrenceDate, i.team.name])).toEqual([
        [MAR_14, 'Hawks'],
        [MAR_21, 'Hawks'],
      ]);
      expect(upcoming.items[0]!.household).toEqual([
        expect.objectContaining({ relation: 'child', playerId: 'jordan', status: 'yes', answeredBeforeChange: true }),
        expect.objectContaining({ relation: 'child', playerId: 'sam', status: null, answeredBy: null }),
      ]);
      const mo = await listMyUpcoming(f.database.db, 'mo', new Date('2026-03-10T00:00:00Z'), 1);
      expect(mo.items[0]!.household).toEqual([
        expect.objectContaining({ relation: 'self', playerId: null, userId: 'mo', name: 'Mo Parent', status: 'maybe' }),
      ]);
      const jo = await listMyUpcoming(f.database.db, 'jo', new Date('2026-03-10T00:00:00Z'), 1);
      expect(jo.items[0]!.household).toEqual([
        expect.objectContaining({ relation: 'self', playerId: 'jordan', userId: 'jo', status: 'yes' }),
      ]);
    });

    it('moves the series across the DST change with its answers, splits it from April on, and rebuilds the same rows', async () => {
      const f = await fixture(kind);
      await team(f);
      await saturdayGames(f);
      await command(f, 'e1', 'pat', answer(MAR_14, 'pat', 'yes', 'jordan'));
      await command(f, 'e1', 'pat', answer(APR_4, 'pat', 'no', 'sam'));
      await command(f, 'e1', 'c1', change('occurrence', MAR_14, { startsAt: '2026-03-14T11:00', title: 'Derby' }));
      // Every game an hour earlier, from 7 March's (10:00 EST): 09:00 local on both sides of 8 March.
      await command(f, 'e1', 'c1', change('series', MAR_7, { startsAt: '2026-03-07T09:00' }, 'Earlier kick-off'));
      await project(f);
      let listed = await listTeamEvents(f.database.db, 't1', march);
      expect(listed.map((e) => [e.date, e.title, e.status])).toEqual([
        ['2026-03-07T14:00:00.000Z', 'Game', 'moved'],
        ['2026-03-14T13:00:00.000Z', 'Derby', 'moved'],
        ['2026-03-21T13:00:00.000Z', 'Game', 'moved'],
        ['2026-03-28T13:00:00.000Z', 'Game', 'moved'],
      ]);
      // Its own move was undone by the series' one: before it, 14 March was at 11:00.
      expect(listed[1]).toMatchObject({
        occurrenceDate: '2026-03-14T13:00:00.000Z',
        previous: { startsAt: '2026-03-14T15:00:00.000Z', location: 'Field 1' },
        rsvps: [expect.objectContaining({ playerId: 'jordan', status: 'yes', answeredBeforeChange: true })],
      });
      expect(listed[2]!.previous).toEqual({ startsAt: MAR_21, location: 'Field 1' });

      const [split] = (await command(
        f,
        'e1',
        'c1',
        change('following', '2026-04-04T13:00:00.000Z', { location: 'Field 3' }, 'New pitch'),
      )) as [EventSeriesSplit];
      await command(f, 'e2', 'c1', { type: 'ContinueSeries', data: split.data.continuation });
      await command(f, 'e2', 'pat', {
        ...answer('2026-04-11T13:00:00.000Z', 'pat', 'maybe', 'jordan'),
        data: { ...answer('2026-04-11T13:00:00.000Z', 'pat', 'maybe', 'jordan').data, eventId: 'e2' },
      });
      await project(f);
      const april = await listTeamEvents(f.database.db, 't1', {
        from: new Date('2026-03-28T00:00:00Z'),
        to: new Date('2026-04-12T00:00:00Z'),
      });
      expect(april.map((e) => [e.id, e.date, e.location])).toEqual([
        ['e1', '2026-03-28T13:00:00.000Z', 'Field 1'],
        ['e2', '2026-04-04T13:00:00.000Z', 'Field 3'],
        ['e2', '2026-04-11T13:00:00.000Z', 'Field 3'],
      ]);
      expect(april[1]).toMatchObject({
        status: 'moved',
        previous: { startsAt: '2026-04-04T13:00:00.000Z', location: 'Field 1' },
        rsvps: [expect.objectContaining({ playerId: 'sam', status: 'no', answeredBeforeChange: true })],
      });
      expect(april[2]!.rsvps).toEqual([expect.objectContaining({ playerId: 'jordan', answeredBeforeChange: false })]);
      expect((await eventHistory(f.database.db, 'e2')).map((h) => [h.scope, h.reason])).toEqual([
        ['following', 'New pitch'],
      ]);
      expect((await eventHistory(f.database.db, 'e1')).map((h) => h.scope)).toEqual([
        'following',
        'series',
        'occurrence',
      ]);
      // The ledger followed the answers to their new keys and series.
      const ledger = await sql<{ event_id: string; occurrence_date: Date; player_id: string | null }>`
        SELECT event_id, occurrence_date, player_id FROM rsvp_ledger ORDER BY recorded_at`.execute(f.database.db);
      expect(ledger.rows.map((r) => [r.event_id, r.occurrence_date.toISOString(), r.player_id])).toEqual([
        ['e1', '2026-03-14T13:00:00.000Z', 'jordan'],
        ['e2', '2026-04-04T13:00:00.000Z', 'sam'],
        ['e2', '2026-04-11T13:00:00.000Z', 'jordan'],
      ]);

      const rows = async () => {
        const out: Record<string, unknown[]> = {};
        for (const table of [
          'calendar_events',
          'calendar_occurrence_changes',
          'calendar_rsvps',
          'calendar_player_rsvps',
          'calendar_event_history',
          'rsvp_ledger',
        ]) {
          out[table] = (await sql`SELECT * FROM ${sql.table(table)} ORDER BY 1, 2, 3`.execute(f.database.db)).rows;
        }
        return out;
      };
      listed = await listTeamEvents(f.database.db, 't1', { from: march.from, to: new Date('2026-05-01T00:00:00Z') });
      const before = { rows: await rows(), listed };
      await rebuildProjections({ ...f, logger, projectors: [calendarProjector], until: f.last! });
      expect({
        rows: await rows(),
        listed: await listTeamEvents(f.database.db, 't1', { from: march.from, to: new Date('2026-05-01T00:00:00Z') }),
      }).toEqual(before);
    });
  });
}
