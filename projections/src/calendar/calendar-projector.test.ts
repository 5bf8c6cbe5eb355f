import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createLogger, type NewEvent } from '@sideline/infra';
import { testDatabaseKinds } from '@sideline/infra/testing';
import type { CalendarDomainEvent, Recurrence, UserRegistered } from '@sideline/domain';
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
const scheduled = (eventId: string, startsAt: string, recurrence: Recurrence | null, teamId = 't1') =>
  event({
    type: 'EventScheduled',
    data: {
      eventId,
      teamId,
      title: `Event ${eventId}`,
      description: 'd',
      location: 'Field',
      startsAt,
      recurrence,
      createdBy: 'c1',
    },
  });
const rsvp = (eventId: string, occurrenceDate: string, userId: string, status: 'yes' | 'maybe' | 'no') =>
  event({ type: 'RsvpRecorded', data: { eventId, teamId: 't1', occurrenceDate, userId, status } });

for (const kind of await testDatabaseKinds()) {
  describe(`calendar projector on ${kind}`, () => {
    it('materialises occurrences, keeps the last RSVP per occurrence and user with names, and announces changes', async () => {
      const f = await fixture(kind);
      await append(
        f,
        'user-p1',
        event({ type: 'UserRegistered', data: { userId: 'p1', name: 'Pat', email: 'p@x.io', role: 'parent' } }),
      );
      // One batch: a series, a one-off, RSVPs including a change of mind.
      await append(
        f,
        'calendar-e1',
        scheduled('e1', '2026-03-03T17:00:00.000Z', weekly),
        rsvp('e1', '2026-03-05T17:00:00.000Z', 'p1', 'yes'),
        rsvp('e1', '2026-03-05T17:00:00.000Z', 'p1', 'maybe'),
        rsvp('e1', '2026-03-10T17:00:00.000Z', 'ghost', 'no'),
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
        rsvps: [{ status: 'maybe', userId: 'p1', user: { name: 'Pat' } }],
      });
      expect(events[0]!.rsvps).toEqual([]);
      expect(events[3]!.rsvps).toMatchObject([{ userId: 'ghost', user: { name: 'Unknown User' } }]);
      expect(events[1]).toMatchObject({ isRecurring: false, recurringType: null, recurringDays: null });

      const upcoming = await listTeamEvents(f.database.db, 't1', { from: new Date('2026-03-05T00:00:00Z'), limit: 2 });
      expect(upcoming.map((e) => e.occurrenceDate)).toEqual(['2026-03-05T17:00:00.000Z', '2026-03-10T17:00:00.000Z']);
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

    it('cancelling deletes the series, its occurrences and RSVPs; a never-ending series stops at its horizon', async () => {
      const f = await fixture(kind);
      const never: Recurrence = { type: 'daily', interval: 1, days: [], endDate: null, endCount: null };
      await append(
        f,
        'calendar-e1',
        scheduled('e1', '2026-03-03T17:00:00.000Z', never),
        rsvp('e1', '2026-03-04T17:00:00.000Z', 'p1', 'yes'),
      );
      await append(f, 'calendar-e2', scheduled('e2', '2026-03-03T18:00:00.000Z', weekly));
      await project(f);
      const count = async (table: string) =>
        Number(
          (await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(f.database.db)).rows[0]!.n,
        );
      expect(await count('calendar_occurrences')).toBe(367 + 4);
      await append(
        f,
        'calendar-e1',
        event({ type: 'EventCancelled', data: { eventId: 'e1', teamId: 't1', by: 'c1' } }),
      );
      await project(f);
      expect(await count('calendar_occurrences')).toBe(4);
      expect(await count('calendar_rsvps')).toBe(0);
      expect(await findEventSeries(f.database.db, 'e1')).toBeNull();
    });

    it('a rebuild yields the same rows as the live run', async () => {
      const f = await fixture(kind);
      await append(f, 'calendar-e1', scheduled('e1', '2026-03-03T17:00:00.000Z', weekly));
      await append(f, 'calendar-e1', rsvp('e1', '2026-03-05T17:00:00.000Z', 'p1', 'yes'));
      await append(f, 'calendar-e1', rsvp('e1', '2026-03-05T17:00:00.000Z', 'p1', 'no'));
      await append(
        f,
        'calendar-e2',
        scheduled('e2', '2026-03-04T09:00:00.000Z', { ...weekly, endCount: null, endDate: '2026-04-30T23:59:59.999Z' }),
      );
      await append(f, 'calendar-e3', scheduled('e3', '2026-03-04T10:00:00.000Z', null));
      await append(
        f,
        'calendar-e3',
        event({ type: 'EventCancelled', data: { eventId: 'e3', teamId: 't1', by: 'c1' } }),
      );
      await project(f);
      const before = await listTeamEvents(f.database.db, 't1');
      expect(before.length).toBeGreaterThan(10);
      await rebuildProjections({ ...f, logger, projectors: [calendarProjector], until: f.last! });
      expect(await listTeamEvents(f.database.db, 't1')).toEqual(before);
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
