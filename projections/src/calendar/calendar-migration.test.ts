import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { eventStoreMigrations, migrateToLatest, type Database } from '@sideline/infra';
import { createTestDatabase } from '@sideline/infra/testing';
import { projectionMigrations } from '../registry.ts';
import { listTeamEvents, nextOccurrence } from './calendar-queries.ts';

const ZONES_MIGRATION = '1041_calendar_zones_and_open_series';
const open: Database[] = [];
afterEach(async () => {
  for (const database of open.splice(0)) await database.close();
});

describe('calendar read model migration to zones and open series', () => {
  it('keeps existing series in UTC, records their last start, and drops the materialised occurrences', async () => {
    const before = Object.fromEntries(
      Object.entries(projectionMigrations).filter(([name]) => name !== ZONES_MIGRATION),
    );
    const database = await createTestDatabase({ ...eventStoreMigrations, ...before });
    open.push(database);
    // Rows as the projector wrote them before this migration: a series of 4, a never-ending one, a one-off.
    const series = (id: string, startsAt: string, recurrence: unknown) => ({
      id,
      team_id: 't1',
      title: id,
      description: '',
      location: '',
      starts_at: new Date(startsAt),
      recurrence: recurrence ? JSON.stringify(recurrence) : null,
      created_by: 'c1',
      created_at: new Date('2026-02-01T00:00:00Z'),
    });
    await database.db
      .insertInto('calendar_events' as never)
      .values([
        series('counted', '2026-03-03T17:00:00.000Z', {
          type: 'weekly',
          interval: 1,
          days: ['tuesday', 'thursday'],
          endDate: null,
          endCount: 4,
        }),
        series('open', '2026-03-03T18:00:00.000Z', {
          type: 'daily',
          interval: 1,
          days: [],
          endDate: null,
          endCount: null,
        }),
        series('once', '2026-03-04T09:00:00.000Z', null),
      ] as never)
      .execute();
    await sql`INSERT INTO calendar_rsvps VALUES ('counted', '2026-03-10T17:00:00Z', 'p1', 'r1', 'yes', now())`.execute(
      database.db,
    );

    await migrateToLatest(database, { ...eventStoreMigrations, ...projectionMigrations });

    const rows = await sql<{ id: string; time_zone: string; last_starts_at: Date | null }>`
      SELECT id, time_zone, last_starts_at FROM calendar_events ORDER BY id`.execute(database.db);
    expect(rows.rows.map((r) => [r.id, r.time_zone, r.last_starts_at?.toISOString() ?? null])).toEqual([
      ['counted', 'UTC', '2026-03-12T17:00:00.000Z'],
      ['once', 'UTC', '2026-03-04T09:00:00.000Z'],
      ['open', 'UTC', null],
    ]);
    const tables = await sql<{ n: number }>`SELECT count(*)::int AS n FROM information_schema.tables
      WHERE table_name = 'calendar_occurrences'`.execute(database.db);
    expect(tables.rows[0]!.n).toBe(0);
    const listed = await listTeamEvents(database.db, 't1', { eventId: 'counted' });
    expect(listed.map((e) => [e.occurrenceDate, e.rsvps.length])).toEqual([
      ['2026-03-03T17:00:00.000Z', 0],
      ['2026-03-05T17:00:00.000Z', 0],
      ['2026-03-10T17:00:00.000Z', 1],
      ['2026-03-12T17:00:00.000Z', 0],
    ]);
    expect((await nextOccurrence(database.db, 'open', new Date('2029-01-01T12:00:00Z')))?.toISOString()).toBe(
      '2029-01-01T18:00:00.000Z',
    );
  });
});
