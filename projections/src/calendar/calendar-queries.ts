import type { Kysely } from 'kysely';
import {
  expandOccurrences,
  type CalendarEvent,
  type EventRsvp,
  type Recurrence,
  type RsvpStatus,
} from '@sideline/domain';
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
  /** The IANA zone the series repeats in. */
  timeZone: string;
  /** The start of the last occurrence; null for a series that never ends. */
  lastStartsAt: Date | null;
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
  'calendar_events.time_zone',
  'calendar_events.last_starts_at',
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
    timeZone: row.time_zone,
    lastStartsAt: row.last_starts_at,
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
  const series = await findEventSeries(database, eventId);
  if (!series) return null;
  const [next] = expandOccurrences(series.recurrence, series.startsAt, series.timeZone, { from: now, limit: 1 });
  return next ?? series.lastStartsAt;
}

export interface TeamEventsOptions {
  /** Inclusive lower bound. */
  from?: Date;
  /** Inclusive upper bound. */
  to?: Date;
  /**
   * Repeating series are listed up to here at most (one-off events are bounded by `to` alone):
   * a series without an end has occurrences forever, so a list without a `limit` needs one.
   */
  seriesUntil?: Date;
  /** At most this many occurrences (the first ones). */
  limit?: number;
  /** Only this event's occurrences. */
  eventId?: string;
}

interface Occurrence {
  series: EventSeries;
  at: Date;
}

const byStartThenId = (a: Occurrence, b: Occurrence) =>
  a.at.getTime() - b.at.getTime() || (a.series.id < b.series.id ? -1 : a.series.id > b.series.id ? 1 : 0);

/**
 * The team's occurrences (or one event's, with `eventId`), ascending (ties by event id), each
 * with the series' fields and its RSVPs. One-off events come from an index range scan; repeating
 * series that may have occurrences in the range are expanded from their rule, in their zone, for
 * exactly that range (a series without an end never runs out). Then one query for every RSVP of
 * those occurrences with the user's name.
 */
export async function listTeamEvents(
  database: Kysely<any>,
  teamId: string,
  options: TeamEventsOptions = {},
): Promise<CalendarEvent[]> {
  const db = database as Kysely<DB>;
  const { from, to, limit, eventId } = options;
  const bounds = [to, options.seriesUntil].filter((d): d is Date => d !== undefined);
  const seriesUntil = bounds.length > 0 ? new Date(Math.min(...bounds.map((d) => d.getTime()))) : undefined;

  let singles = db
    .selectFrom('calendar_events')
    .select(seriesColumns)
    .where('team_id', '=', teamId)
    .where('recurrence', 'is', null)
    .orderBy('starts_at')
    .orderBy('id');
  if (from) singles = singles.where('starts_at', '>=', from);
  if (to) singles = singles.where('starts_at', '<=', to);
  if (eventId) singles = singles.where('id', '=', eventId);
  if (limit !== undefined) singles = singles.limit(limit);

  let repeating = db
    .selectFrom('calendar_events')
    .select(seriesColumns)
    .where('team_id', '=', teamId)
    .where('recurrence', 'is not', null);
  if (from)
    repeating = repeating.where((eb) => eb.or([eb('last_starts_at', 'is', null), eb('last_starts_at', '>=', from)]));
  if (seriesUntil) repeating = repeating.where('starts_at', '<=', seriesUntil);
  if (eventId) repeating = repeating.where('id', '=', eventId);

  const [singleRows, repeatingRows] = await Promise.all([singles.execute(), repeating.execute()]);
  let rows: Occurrence[] = singleRows.map((row) => {
    const series = toSeries(row);
    return { series, at: series.startsAt };
  });
  for (const row of repeatingRows) {
    const series = toSeries(row);
    const starts = expandOccurrences(series.recurrence, series.startsAt, series.timeZone, {
      ...(from && { from }),
      ...(seriesUntil && { until: seriesUntil }),
      ...(limit !== undefined && { limit }),
    });
    for (const at of starts) rows.push({ series, at });
  }
  rows.sort(byStartThenId);
  if (limit !== undefined) rows = rows.slice(0, limit);
  if (rows.length === 0) return [];

  // The page's events within the page's date range: an index range scan per event on the
  // primary key (event_id, occurrence_date, …); other occurrences in the range are dropped below.
  const eventIds = [...new Set(rows.map((r) => r.series.id))];
  const rsvpRows = await db
    .selectFrom('calendar_rsvps as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.event_id', 'r.occurrence_date', 'r.user_id', 'r.status', 'r.late_change', 'u.name'])
    .where('r.event_id', 'in', eventIds)
    .where('r.occurrence_date', '>=', rows[0]!.at)
    .where('r.occurrence_date', '<=', rows.at(-1)!.at)
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
      lateChange: r.late_change && r.status === 'no',
    });
  }

  return rows.map(({ series, at }) => {
    const { recurrence } = series;
    const occurrenceDate = at.toISOString();
    return {
      id: series.id,
      teamId: series.teamId,
      title: series.title,
      description: series.description,
      date: occurrenceDate,
      location: series.location,
      isRecurring: recurrence !== null,
      recurringType: recurrence?.type ?? null,
      recurringInterval: recurrence?.interval ?? null,
      recurringDays: recurrence ? recurrence.days : null,
      recurringEndDate: recurrence?.endDate ?? null,
      recurringEndCount: recurrence?.endCount ?? null,
      seriesId: series.id,
      occurrenceDate,
      timeZone: series.timeZone,
      rsvps: rsvpsByOccurrence.get(`${series.id}|${occurrenceDate}`) ?? [],
      lateNotGoing: (rsvpsByOccurrence.get(`${series.id}|${occurrenceDate}`) ?? []).filter((r) => r.lateChange).length,
    };
  });
}

/**
 * How many occurrences the given teams have in [from, to): one-off events counted by an index
 * range scan, and only the series that can reach the range expanded from their rule.
 */
export async function countTeamsOccurrences(
  database: Kysely<any>,
  teamIds: readonly string[],
  from: Date,
  to: Date,
): Promise<number> {
  if (teamIds.length === 0) return 0;
  const db = database as Kysely<DB>;
  const [singles, series] = await Promise.all([
    db
      .selectFrom('calendar_events')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('team_id', 'in', teamIds)
      .where('recurrence', 'is', null)
      .where('starts_at', '>=', from)
      .where('starts_at', '<', to)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('calendar_events')
      .select(seriesColumns)
      .where('team_id', 'in', teamIds)
      .where('recurrence', 'is not', null)
      .where('starts_at', '<', to)
      .where((eb) => eb.or([eb('last_starts_at', 'is', null), eb('last_starts_at', '>=', from)]))
      .execute(),
  ]);
  let count = Number(singles.n);
  for (const row of series) {
    const s = toSeries(row);
    count += expandOccurrences(s.recurrence, s.startsAt, s.timeZone, {
      from,
      until: new Date(to.getTime() - 1),
    }).length;
  }
  return count;
}
