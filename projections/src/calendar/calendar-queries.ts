import type { Kysely } from 'kysely';
import type { CalendarEvent, EventRsvp, Recurrence, RsvpStatus } from '@sideline/domain';
import type { UsersTables } from '../identity/users-read-model.ts';
import type { CalendarTables } from './calendar-read-model.ts';

type DB = CalendarTables & UsersTables;

export const UNKNOWN_RSVP_USER = 'Unknown User';

/** An event (series) as stored, for authorisation and the iCalendar feed. */
export interface EventSeries {
  id: string;
  teamId: string;
  title: string;
  description: string;
  location: string;
  startsAt: Date;
  recurrence: Recurrence | null;
  createdBy: string;
  createdAt: Date;
}

const seriesColumns = [
  'calendar_events.id',
  'calendar_events.team_id',
  'calendar_events.title',
  'calendar_events.description',
  'calendar_events.location',
  'calendar_events.starts_at',
  'calendar_events.recurrence',
  'calendar_events.created_by',
  'calendar_events.created_at',
] as const;

function toSeries(row: DB['calendar_events']): EventSeries {
  return {
    id: row.id,
    teamId: row.team_id,
    title: row.title,
    description: row.description,
    location: row.location,
    startsAt: row.starts_at,
    recurrence: row.recurrence ? (JSON.parse(row.recurrence) as Recurrence) : null,
    createdBy: row.created_by,
    createdAt: row.created_at,
  };
}

export async function findEventSeries(database: Kysely<any>, eventId: string): Promise<EventSeries | null> {
  const row = await (database as Kysely<DB>)
    .selectFrom('calendar_events')
    .select(seriesColumns)
    .where('id', '=', eventId)
    .executeTakeFirst();
  return row ? toSeries(row) : null;
}

/** The team's events (series), by first start: the iCalendar feed. */
export async function listTeamSeries(database: Kysely<any>, teamId: string): Promise<EventSeries[]> {
  const rows = await (database as Kysely<DB>)
    .selectFrom('calendar_events')
    .select(seriesColumns)
    .where('team_id', '=', teamId)
    .orderBy('starts_at')
    .orderBy('id')
    .execute();
  return rows.map(toSeries);
}

/** The event's first occurrence at or after `now`, else its last one (a past event); null if unknown. */
export async function nextOccurrence(database: Kysely<any>, eventId: string, now: Date): Promise<Date | null> {
  const db = database as Kysely<DB>;
  const next = await db
    .selectFrom('calendar_occurrences')
    .select('starts_at')
    .where('event_id', '=', eventId)
    .where('starts_at', '>=', now)
    .orderBy('starts_at')
    .limit(1)
    .executeTakeFirst();
  if (next) return next.starts_at;
  const last = await db
    .selectFrom('calendar_occurrences')
    .select('starts_at')
    .where('event_id', '=', eventId)
    .orderBy('starts_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.starts_at ?? null;
}

/**
 * The team's occurrences (or one event's, with `eventId`), ascending (ties by event id), each with the series' fields and its
 * RSVPs. Two queries whatever the page size: the occurrences with their series, then every
 * RSVP of those occurrences with the user's name.
 */
export async function listTeamEvents(
  database: Kysely<any>,
  teamId: string,
  options: { from?: Date; limit?: number; eventId?: string } = {},
): Promise<CalendarEvent[]> {
  const db = database as Kysely<DB>;
  let query = db
    .selectFrom('calendar_occurrences as o')
    .innerJoin('calendar_events as e', 'e.id', 'o.event_id')
    .select([
      'o.starts_at as occurrence',
      'e.id',
      'e.team_id',
      'e.title',
      'e.description',
      'e.location',
      'e.recurrence',
    ])
    .where('o.team_id', '=', teamId)
    .orderBy('o.starts_at')
    .orderBy('o.event_id');
  if (options.from) query = query.where('o.starts_at', '>=', options.from);
  if (options.eventId) query = query.where('o.event_id', '=', options.eventId);
  if (options.limit !== undefined) query = query.limit(options.limit);
  const rows = await query.execute();
  if (rows.length === 0) return [];

  // The page's events within the page's date range: an index range scan per event on the
  // primary key (event_id, occurrence_date, …); other occurrences in the range are dropped below.
  const eventIds = [...new Set(rows.map((r) => r.id))];
  const first = rows.reduce((min, r) => (r.occurrence < min ? r.occurrence : min), rows[0]!.occurrence);
  const last = rows.reduce((max, r) => (r.occurrence > max ? r.occurrence : max), rows[0]!.occurrence);
  const rsvpRows = await db
    .selectFrom('calendar_rsvps as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.event_id', 'r.occurrence_date', 'r.user_id', 'r.status', 'u.name'])
    .where('r.event_id', 'in', eventIds)
    .where('r.occurrence_date', '>=', first)
    .where('r.occurrence_date', '<=', last)
    .orderBy('r.updated_at')
    .orderBy('r.user_id')
    .execute();
  const rsvpsByOccurrence = new Map<string, EventRsvp[]>();
  for (const r of rsvpRows) {
    const key = `${r.event_id}|${r.occurrence_date.toISOString()}`;
    let list = rsvpsByOccurrence.get(key);
    if (!list) rsvpsByOccurrence.set(key, (list = []));
    list.push({
      id: r.id,
      status: r.status as RsvpStatus,
      userId: r.user_id,
      user: { name: r.name ?? UNKNOWN_RSVP_USER },
    });
  }

  return rows.map((r) => {
    const recurrence = r.recurrence ? (JSON.parse(r.recurrence) as Recurrence) : null;
    const occurrenceDate = r.occurrence.toISOString();
    return {
      id: r.id,
      teamId: r.team_id,
      title: r.title,
      description: r.description,
      date: occurrenceDate,
      location: r.location,
      isRecurring: recurrence !== null,
      recurringType: recurrence?.type ?? null,
      recurringInterval: recurrence?.interval ?? null,
      recurringDays: recurrence ? recurrence.days : null,
      recurringEndDate: recurrence?.endDate ?? null,
      recurringEndCount: recurrence?.endCount ?? null,
      seriesId: r.id,
      occurrenceDate,
      rsvps: rsvpsByOccurrence.get(`${r.id}|${occurrenceDate}`) ?? [],
    };
  });
}
