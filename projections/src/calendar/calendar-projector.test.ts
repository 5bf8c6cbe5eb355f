import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createLogger, type NewEvent } from '@sideline/infra';
import { testDatabaseKinds } from '@sideline/infra/testing';
import {
  calendarDecider,
  fold,
  type CalendarDomainEvent,
  type Recurrence,
  type UserRegistered,
} from '@sideline/domain';
import { usersProjector } from '../identity/users-projector.ts';
import { rebuildProjections } from '../runner/rebuild.ts';
import { calendarProjector } from './calendar-projector.ts';
import { findEventSeries, listTeamEvents, listTeamSeries, nextOccurrence } from './calendar-queries.ts';
import { projectorFixtures, type ProjectorFixture } from '../testing/projector-fixture.ts';

const logger = createLogger({ level: 'silent' });
const projectors = [usersProjector, calendarProjector];

type Fixture = ProjectorFixture;
const { fixture, project } = projectorFixtures(projectors);

const meta = () => ({ actorId: null, correlationId: 'c', causationId: null, occurredAt: new Date().toISOString() });
const event = (e: CalendarDomainEvent | UserRegistered): NewEvent => ({ ...e, metadata: meta() });
async function append(f: Fixture, stream: string, ...events: NewEvent[]) {
  f.last = (await f.eventStore.appendToStream(stream, events, { expectedRevision: 'any' })).position;
}

const weekly: Recurrence = { type: 'weekly', interval: 1, days: ['tuesday', 'thursday'], endDate: null, endCount: 4 };
/** What the decider records for a ScheduleEvent. */
const scheduledEvent = (
  eventId: string,
  startsAt: string,
  recurrence: Recurrence | null,
  timeZone = 'UTC',
): CalendarDomainEvent => {
  const [scheduled] = calendarDecider.decide(
    {
      type: 'ScheduleEvent',
      data: {
        eventId,
        teamId: 't1',
        title: `Event ${eventId}`,
        description: 'd',
        location: 'Field',
        startsAt,
        recurrence,
        timeZone,
        createdBy: 'c1',
      },
    },
    calendarDecider.initialState,
  );
  return scheduled!;
};
const scheduled = (eventId: string, startsAt: string, recurrence: Recurrence | null, timeZone = 'UTC') =>
  event(scheduledEvent(eventId, startsAt, recurrence, timeZone));
/** An EventScheduled as recorded before events carried a zone: the decider's output without it. */
const legacyScheduled = (eventId: string, startsAt: string, recurrence: Recurrence | null) => {
  const { data } = scheduledEvent(eventId, startsAt, recurrence) as Extract<
    CalendarDomainEvent,
    { type: 'EventScheduled' }
  >;
  const { timeZone: _dropped, ...legacy } = data;
  return event({ type: 'EventScheduled', data: legacy });
};
/** What the decider records for a member's RSVP to an occurrence of the scheduled series. */
const rsvp = (schedule: NewEvent, occurrenceDate: string, userId: string, status: 'yes' | 'maybe' | 'no'): NewEvent => {
  const [recorded] = calendarDecider.decide(
    {
      type: 'RecordRsvp',
      data: { eventId: (schedule.data as { eventId: string }).eventId, occurrenceDate, userId, status },
    },
    fold(calendarDecider, [schedule as CalendarDomainEvent]),
  );
  return event(recorded!);
};
const cancelled = (eventId: string) => {
  const [done] = calendarDecider.decide(
    { type: 'CancelEvent', data: { eventId, teamId: 't1', by: 'c1' } },
    fold(calendarDecider, [scheduledEvent(eventId, '2026-03-03T17:00:00.000Z', null)]),
  );
  return event(done!);
};

const YEAR = 365 * 86_400_000;

for (const kind of await testDatabaseKinds()) {
  describe(`calendar projector on ${kind}`, () => {
    it('lists occurrences with the series fields, keeps the last RSVP per occurrence and user with names, and announces changes', async () => {
      const f = await fixture(kind);
      await append(
        f,
        'user-p1',
        event({ type: 'UserRegistered', data: { userId: 'p1', name: 'Pat', email: 'p@x.io', role: 'parent' } }),
      );
      // One batch: a series, a one-off, RSVPs including a change of mind.
      const e1 = scheduled('e1', '2026-03-03T17:00:00.000Z', weekly);
      await append(
        f,
        'calendar-e1',
        e1,
        rsvp(e1, '2026-03-05T17:00:00.000Z', 'p1', 'yes'),
        rsvp(e1, '2026-03-05T17:00:00.000Z', 'p1', 'maybe'),
        rsvp(e1, '2026-03-10T17:00:00.000Z', 'ghost', 'no'),
      );
      await append(f, 'calendar-e2', scheduled('e2', '2026-03-04T09:00:00.000Z', null));
      await project(f);

      const events = await listTeamEvents(f.database.db, 't1');
      expect(events.map((e) => [e.id, e.occurrenceDate])).toEqual([
        ['e1', '2026-03-03T17:00:00.000Z'],
        ['e2', '2026-03-04T09:00:00.000Z'],
        ['e1', '2026-03-05T17:00:00.000Z'],
        ['e1', '2026-03-10T17:00:00.000Z'],
        ['e1', '2026-03-12T17:00:00.000Z'],
      ]);
      expect(events[2]).toMatchObject({
        title: 'Event e1',
        date: '2026-03-05T17:00:00.000Z',
        isRecurring: true,
        recurringType: 'weekly',
        recurringDays: ['tuesday', 'thursday'],
        recurringEndCount: 4,
        seriesId: 'e1',
        timeZone: 'UTC',
        rsvps: [{ status: 'maybe', userId: 'p1', user: { name: 'Pat' } }],
      });
      expect(events[0]!.rsvps).toEqual([]);
      expect(events[3]!.rsvps).toMatchObject([{ userId: 'ghost', user: { name: 'Unknown User' } }]);
      expect(events[1]).toMatchObject({ isRecurring: false, recurringType: null, recurringDays: null });

      const upcoming = await listTeamEvents(f.database.db, 't1', { from: new Date('2026-03-05T00:00:00Z'), limit: 2 });
      expect(upcoming.map((e) => e.occurrenceDate)).toEqual(['2026-03-05T17:00:00.000Z', '2026-03-10T17:00:00.000Z']);
      const fromTheStart = await listTeamEvents(f.database.db, 't1', {
        from: new Date('2026-03-01T00:00:00Z'),
        limit: 3,
      });
      expect(fromTheStart.map((e) => e.id)).toEqual(['e1', 'e2', 'e1']);
      expect((await nextOccurrence(f.database.db, 'e1', new Date('2026-03-06T00:00:00Z')))?.toISOString()).toBe(
        '2026-03-10T17:00:00.000Z',
      );
      expect((await nextOccurrence(f.database.db, 'e1', new Date('2027-01-01T00:00:00Z')))?.toISOString()).toBe(
        '2026-03-12T17:00:00.000Z',
      );
      expect((await findEventSeries(f.database.db, 'e1'))?.recurrence).toEqual(weekly);
      expect((await listTeamSeries(f.database.db, 't1')).map((s) => s.id)).toEqual(['e1', 'e2']);
      await waitFor(() => f.published.length >= 1);
      expect(f.published[0]).toMatchObject({
        subject: 'sideline.team.t1.events',
        data: { type: 'events_changed', payload: { teamId: 't1' } },
      });
    });

    it('expands a series in its zone: 18:00 in New York and 10:00 in London on both sides of their DST changes', async () => {
      const f = await fixture(kind);
      const never = (days: Recurrence['days']): Recurrence => ({
        type: 'weekly',
        interval: 1,
        days,
        endDate: null,
        endCount: null,
      });
      await append(
        f,
        'calendar-ny',
        scheduled('ny', '2026-10-20T22:00:00.000Z', never(['tuesday']), 'America/New_York'),
      );
      await append(
        f,
        'calendar-ldn',
        scheduled('ldn', '2026-03-21T10:00:00.000Z', never(['saturday']), 'Europe/London'),
      );
      await project(f);
      const between = async (from: string, to: string, eventId: string) =>
        (await listTeamEvents(f.database.db, 't1', { from: new Date(from), to: new Date(to), eventId })).map(
          (e) => e.occurrenceDate,
        );
      expect(await between('2026-10-20T00:00:00Z', '2026-11-11T00:00:00Z', 'ny')).toEqual([
        '2026-10-20T22:00:00.000Z',
        '2026-10-27T22:00:00.000Z',
        '2026-11-03T23:00:00.000Z',
        '2026-11-10T23:00:00.000Z',
      ]);
      expect(await between('2027-03-09T00:00:00Z', '2027-03-17T00:00:00Z', 'ny')).toEqual([
        '2027-03-09T23:00:00.000Z',
        '2027-03-16T22:00:00.000Z',
      ]);
      expect(await between('2026-03-21T00:00:00Z', '2026-04-05T00:00:00Z', 'ldn')).toEqual([
        '2026-03-21T10:00:00.000Z',
        '2026-03-28T10:00:00.000Z',
        '2026-04-04T09:00:00.000Z',
      ]);
      expect((await findEventSeries(f.database.db, 'ny'))?.timeZone).toBe('America/New_York');
    });

    it('an event recorded before zones keeps its UTC occurrences and RSVPs', async () => {
      const f = await fixture(kind);
      const legacy = legacyScheduled('old', '2026-03-03T17:00:00.000Z', weekly);
      expect(legacy.data).not.toHaveProperty('timeZone');
      await append(f, 'calendar-old', legacy, rsvp(legacy, '2026-03-10T17:00:00.000Z', 'p1', 'yes'));
      await project(f);
      const listed = await listTeamEvents(f.database.db, 't1');
      expect(listed.map((e) => e.occurrenceDate)).toEqual([
        '2026-03-03T17:00:00.000Z',
        '2026-03-05T17:00:00.000Z',
        '2026-03-10T17:00:00.000Z',
        '2026-03-12T17:00:00.000Z',
      ]);
      expect(listed[2]).toMatchObject({ timeZone: 'UTC', rsvps: [{ userId: 'p1', status: 'yes' }] });
    });

    it('a series that never ends is listed at any date (2 and 10 years on), with its RSVPs; cancelling deletes it', async () => {
      const f = await fixture(kind);
      const never: Recurrence = { type: 'daily', interval: 1, days: [], endDate: null, endCount: null };
      const e1 = scheduled('e1', '2026-03-03T17:00:00.000Z', never);
      const twoYearsOn = '2028-03-07T17:00:00.000Z';
      await append(f, 'calendar-e1', e1, rsvp(e1, twoYearsOn, 'p1', 'yes'));
      await append(f, 'calendar-e2', scheduled('e2', '2026-03-03T18:00:00.000Z', weekly));
      await project(f);
      const from = new Date('2028-03-07T00:00:00Z');
      const page = await listTeamEvents(f.database.db, 't1', { from, limit: 3 });
      expect(page.map((e) => [e.id, e.occurrenceDate])).toEqual([
        ['e1', twoYearsOn],
        ['e1', '2028-03-08T17:00:00.000Z'],
        ['e1', '2028-03-09T17:00:00.000Z'],
      ]);
      expect(page[0]!.rsvps).toMatchObject([{ userId: 'p1', status: 'yes' }]);
      const tenYearsOn = new Date(Date.parse('2026-03-03T17:00:00.000Z') + 10 * YEAR);
      expect(await listTeamEvents(f.database.db, 't1', { from: tenYearsOn, limit: 2 })).toHaveLength(2);
      expect((await nextOccurrence(f.database.db, 'e1', new Date('2031-06-01T12:00:00Z')))?.toISOString()).toBe(
        '2031-06-01T17:00:00.000Z',
      );
      // A list without a limit stops where it is told to.
      const year = await listTeamEvents(f.database.db, 't1', { seriesUntil: new Date('2027-03-02T23:59:59Z') });
      expect(year.filter((e) => e.id === 'e1')).toHaveLength(365);

      await append(f, 'calendar-e1', cancelled('e1'));
      await project(f);
      const count = async (table: string) =>
        Number(
          (await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(f.database.db)).rows[0]!.n,
        );
      expect(await count('calendar_events')).toBe(1);
      expect(await count('calendar_rsvps')).toBe(0);
      expect(await findEventSeries(f.database.db, 'e1')).toBeNull();
      expect(await listTeamEvents(f.database.db, 't1', { from, limit: 3 })).toEqual([]);
    });

    it('a rebuild yields the same rows as the live run', async () => {
      const f = await fixture(kind);
      const e1 = scheduled('e1', '2026-03-03T17:00:00.000Z', weekly);
      await append(f, 'calendar-e1', e1);
      await append(f, 'calendar-e1', rsvp(e1, '2026-03-05T17:00:00.000Z', 'p1', 'yes'));
      await append(f, 'calendar-e1', rsvp(e1, '2026-03-05T17:00:00.000Z', 'p1', 'no'));
      await append(
        f,
        'calendar-e2',
        scheduled('e2', '2026-03-04T09:00:00.000Z', { ...weekly, endCount: null, endDate: '2026-04-30T23:59:59.999Z' }),
      );
      await append(f, 'calendar-e3', scheduled('e3', '2026-03-04T10:00:00.000Z', null));
      await append(f, 'calendar-e3', cancelled('e3'));
      const open: Recurrence = { ...weekly, endCount: null };
      const e4 = scheduled('e4', '2026-03-03T23:00:00.000Z', open, 'America/New_York');
      await append(f, 'calendar-e4', e4, rsvp(e4, '2026-11-03T23:00:00.000Z', 'p1', 'maybe'));
      await append(f, 'calendar-e5', legacyScheduled('e5', '2026-03-06T08:00:00.000Z', open));
      await project(f);
      const rows = async () => ({
        series: (await sql`SELECT * FROM calendar_events ORDER BY id`.execute(f.database.db)).rows,
        rsvps: (
          await sql`SELECT * FROM calendar_rsvps ORDER BY event_id, occurrence_date, user_id`.execute(f.database.db)
        ).rows,
      });
      const window = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2027-03-01T00:00:00Z') };
      const before = { rows: await rows(), list: await listTeamEvents(f.database.db, 't1', window) };
      expect(before.list.length).toBeGreaterThan(100);
      await rebuildProjections({ ...f, logger, projectors: [calendarProjector], until: f.last! });
      expect({ rows: await rows(), list: await listTeamEvents(f.database.db, 't1', window) }).toEqual(before);
    });
  });
}

async function waitFor(condition: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
