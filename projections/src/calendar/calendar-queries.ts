import { sql, type Kysely, type Selectable } from 'kysely';
import type { ReadModels } from '../read-models.ts';
import {
  expandOccurrences,
  isOccurrence,
  shiftWallClock,
  type Attendance,
  type AttendanceCounts,
  type Attendee,
  type CalendarEvent,
  type EventRsvp,
  type OccurrenceStatus,
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
  /** The first occurrence's start by the rule. */
  startsAt: Date;
  recurrence: Recurrence | null;
  /** The IANA zone the series repeats in. */
  timeZone: string;
  /** The start of the last occurrence by the rule; null for a series that never ends. */
  lastStartsAt: Date | null;
  createdBy: string;
  createdAt: Date;
  /** The series this one was split off, if it was. */
  splitFrom: string | null;
  /** When the series itself last changed; null: never. */
  changedAt: Date | null;
  /** When its time or place last changed, the wall-clock shift and the place before. */
  timePlaceChangedAt: Date | null;
  previousShiftMinutes: number | null;
  previousLocation: string | null;
  /** How many changes it has had (the iCalendar SEQUENCE). */
  sequence: number;
  /** Answers close this many hours before each occurrence (managers may still record them); null: never. */
  rsvpDeadlineHours: number | null;
}

/** One occurrence's own values and cancellation, as stored. */
export type OccurrenceRow = Selectable<CalendarTables['calendar_occurrence_changes']>;

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
  'calendar_events.split_from',
  'calendar_events.changed_at',
  'calendar_events.time_place_changed_at',
  'calendar_events.previous_shift_minutes',
  'calendar_events.previous_location',
  'calendar_events.sequence',
  'calendar_events.rsvp_deadline_hours',
] as const;

type SeriesRow = Selectable<DB['calendar_events']>;

function toSeries(row: SeriesRow): EventSeries {
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
    splitFrom: row.split_from,
    changedAt: row.changed_at,
    timePlaceChangedAt: row.time_place_changed_at,
    previousShiftMinutes: row.previous_shift_minutes,
    previousLocation: row.previous_location,
    sequence: Number(row.sequence),
    rsvpDeadlineHours: row.rsvp_deadline_hours,
  };
}

/**
 * The zone a new event of the team is scheduled in: the team's own, else its organization's;
 * null when neither has one (the creator's browser zone is used then).
 */
export async function teamEventTimeZone(database: Kysely<ReadModels>, teamId: string): Promise<string | null> {
  const row = await sql<{ zone: string | null }>`
    SELECT COALESCE(t.time_zone, o.timezone) AS zone
    FROM teams t LEFT JOIN organizations o ON o.id = t.org_id
    WHERE t.id = ${teamId}`.execute(database);
  return row.rows[0]?.zone ?? null;
}

export async function findEventSeries(database: Kysely<ReadModels>, eventId: string): Promise<EventSeries | null> {
  const row = await database
    .selectFrom('calendar_events')
    .select(seriesColumns)
    .where('id', '=', eventId)
    .executeTakeFirst();
  return row ? toSeries(row) : null;
}

/** The team's events (series), by first start: the iCalendar feed. */
export async function listTeamSeries(database: Kysely<ReadModels>, teamId: string): Promise<EventSeries[]> {
  const rows = await database
    .selectFrom('calendar_events')
    .select(seriesColumns)
    .where('team_id', '=', teamId)
    .orderBy('starts_at')
    .orderBy('id')
    .execute();
  return rows.map(toSeries);
}

/** The team's occurrences that were changed or cancelled on their own (the iCalendar feed's overrides). */
export async function listTeamOccurrenceChanges(
  database: Kysely<ReadModels>,
  teamId: string,
): Promise<OccurrenceRow[]> {
  return database
    .selectFrom('calendar_occurrence_changes')
    .selectAll()
    .where('team_id', '=', teamId)
    .orderBy('event_id')
    .orderBy('occurrence_date')
    .execute();
}

export interface TeamEventsOptions {
  /** Inclusive lower bound (of where occurrences start now). */
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

/** An occurrence found: its series, its key (start by the rule) and its own row, if any. */
interface Found {
  series: EventSeries;
  key: Date;
  own: OccurrenceRow | null;
}

const startOf = (o: Found) => o.own?.starts_at ?? o.key;
const byStartThenId = (a: Found, b: Found) =>
  startOf(a).getTime() - startOf(b).getTime() ||
  (a.series.id < b.series.id ? -1 : a.series.id > b.series.id ? 1 : 0) ||
  a.key.getTime() - b.key.getTime();
const ownKey = (eventId: string, key: Date) => `${eventId}|${key.toISOString()}`;

/**
 * The occurrences of the teams' events (or of one event), ascending by where they start now
 * (ties by event id). One-off events come from an index range scan; repeating series that may
 * have occurrences in the range are expanded from their rule, in their zone, for exactly that
 * range; occurrences moved into the range from outside it come from their own index. Then one
 * query for the occurrences' own changes in the range.
 */
async function findOccurrences(
  database: Kysely<ReadModels>,
  teamIds: readonly string[],
  options: TeamEventsOptions,
): Promise<Found[]> {
  const db = database;
  if (teamIds.length === 0) return [];
  const { from, to, limit, eventId } = options;
  const bounds = [to, options.seriesUntil].filter((d): d is Date => d !== undefined);
  const seriesUntil = bounds.length > 0 ? new Date(Math.min(...bounds.map((d) => d.getTime()))) : undefined;
  const movedUntil = to ?? options.seriesUntil;
  const teams = [...teamIds];

  let singles = db
    .selectFrom('calendar_events')
    .select(seriesColumns)
    .where('team_id', 'in', teams)
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
    .where('team_id', 'in', teams)
    .where('recurrence', 'is not', null);
  if (from)
    repeating = repeating.where((eb) => eb.or([eb('last_starts_at', 'is', null), eb('last_starts_at', '>=', from)]));
  if (seriesUntil) repeating = repeating.where('starts_at', '<=', seriesUntil);
  if (eventId) repeating = repeating.where('id', '=', eventId);

  // Occurrences of any series moved to start in the range.
  let movedIn = db
    .selectFrom('calendar_occurrence_changes')
    .selectAll()
    .where('team_id', 'in', teams)
    .where('starts_at', 'is not', null)
    .orderBy('starts_at');
  if (from) movedIn = movedIn.where('starts_at', '>=', from);
  if (movedUntil) movedIn = movedIn.where('starts_at', '<=', movedUntil);
  if (eventId) movedIn = movedIn.where('event_id', '=', eventId);
  if (limit !== undefined) movedIn = movedIn.limit(limit);

  const [singleRows, repeatingRows, movedRows] = await Promise.all([
    singles.execute(),
    repeating.execute(),
    movedIn.execute(),
  ]);
  const series = new Map<string, EventSeries>();
  for (const row of [...singleRows, ...repeatingRows]) series.set(row.id, toSeries(row));
  const missing = [...new Set(movedRows.map((r) => r.event_id))].filter((id) => !series.has(id));
  if (missing.length > 0) {
    for (const row of await db
      .selectFrom('calendar_events')
      .select(seriesColumns)
      .where('id', 'in', missing)
      .execute()) {
      series.set(row.id, toSeries(row));
    }
  }
  const candidates = [...singleRows, ...repeatingRows].map((r) => r.id);
  // The candidates' own changes with keys in the range (a list with a limit has no upper end).
  let ownQuery = db.selectFrom('calendar_occurrence_changes').selectAll();
  ownQuery = candidates.length > 0 ? ownQuery.where('event_id', 'in', candidates) : ownQuery.where(sql<boolean>`false`);
  if (from) ownQuery = ownQuery.where('occurrence_date', '>=', from);
  if (limit === undefined && movedUntil) ownQuery = ownQuery.where('occurrence_date', '<=', movedUntil);
  const own = new Map<string, OccurrenceRow>();
  for (const row of candidates.length > 0 ? await ownQuery.execute() : [])
    own.set(ownKey(row.event_id, row.occurrence_date), row);
  for (const row of movedRows) own.set(ownKey(row.event_id, row.occurrence_date), row);

  const found = new Map<string, Found>();
  const add = (s: EventSeries, key: Date) => {
    const k = ownKey(s.id, key);
    if (!found.has(k)) found.set(k, { series: s, key, own: own.get(k) ?? null });
  };
  for (const row of singleRows) add(series.get(row.id)!, row.starts_at);
  for (const row of repeatingRows) {
    const s = series.get(row.id)!;
    // Occurrences moved out of the range leave room for as many more.
    const movedAway = [...own.values()].filter((o) => o.event_id === s.id && o.starts_at !== null).length;
    const keys = expandOccurrences(s.recurrence, s.startsAt, s.timeZone, {
      ...(from && { from }),
      ...(seriesUntil && { until: seriesUntil }),
      ...(limit !== undefined && { limit: limit + movedAway }),
    });
    for (const key of keys) add(s, key);
  }
  for (const row of movedRows) {
    const s = series.get(row.event_id);
    // A row left behind by a change of the series' repetition is no occurrence any more.
    if (s && isOccurrence(s.recurrence, s.startsAt, s.timeZone, row.occurrence_date)) add(s, row.occurrence_date);
  }
  let out = [...found.values()].filter((o) => {
    const at = startOf(o).getTime();
    const upper = to ?? (o.series.recurrence || o.own?.starts_at ? options.seriesUntil : undefined);
    return (!from || at >= from.getTime()) && (!upper || at <= upper.getTime());
  });
  out.sort(byStartThenId);
  if (limit !== undefined) out = out.slice(0, limit);
  return out;
}

/** One answer for an occurrence as read: a member's own, or a roster player's. */
interface AnswerRow {
  event_id: string;
  occurrence_date: Date;
  id: string;
  status: string;
  updated_at: Date;
  late_change: boolean;
  user_id: string | null;
  player_id: string | null;
  name: string | null;
  answered_by: string | null;
  answered_by_name: string | null;
}

/** Someone expected to answer for an occurrence of the team's events. */
export interface ExpectedAnswerer {
  teamId: string;
  playerId: string | null;
  userId: string | null;
  name: string;
}

const subjectOf = (a: { playerId: string | null; userId: string | null }) =>
  a.playerId ? `p:${a.playerId}` : `u:${a.userId}`;

/**
 * Who is expected to answer for the teams' occurrences: every rostered player, and every member
 * who answers for themself (no roster entry of their own and no linked child on that team), the
 * team's managers (its creator, its coaches, its organization's admins) excepted unless rostered.
 */
export async function expectedAnswerers(
  database: Kysely<ReadModels>,
  teamIds: readonly string[],
): Promise<ExpectedAnswerer[]> {
  if (teamIds.length === 0) return [];
  const teams = sql.join([...teamIds]);
  const { rows } = await sql<{ team_id: string; player_id: string | null; user_id: string | null; name: string }>`
    SELECT p.team_id, p.id AS player_id, a.user_id, p.name
    FROM players p LEFT JOIN player_accounts a ON a.player_id = p.id AND a.valid_to IS NULL
    WHERE p.team_id IN (${teams})
    UNION ALL
    SELECT m.team_id, NULL::text AS player_id, m.user_id, u.name
    FROM team_members m JOIN teams t ON t.id = m.team_id JOIN users u ON u.id = m.user_id
    WHERE m.team_id IN (${teams})
      AND m.assigned_role <> 'coach' AND t.creator_id <> m.user_id
      AND NOT EXISTS (SELECT 1 FROM org_admins oa WHERE oa.org_id = t.org_id AND oa.user_id = m.user_id)
      AND NOT EXISTS (SELECT 1 FROM player_accounts pa
                      WHERE pa.team_id = m.team_id AND pa.user_id = m.user_id AND pa.valid_to IS NULL)
      AND NOT EXISTS (SELECT 1 FROM player_guardians g
                      WHERE g.team_id = m.team_id AND g.user_id = m.user_id AND g.valid_to IS NULL)`.execute(database);
  return rows.map((r) => ({ teamId: r.team_id, playerId: r.player_id, userId: r.user_id, name: r.name }));
}

/** The answers of the occurrences found (one query: members' own answers and players'). */
async function answersOf(
  database: Kysely<ReadModels>,
  found: readonly { eventId: string; key: Date }[],
): Promise<Map<string, AnswerRow[]>> {
  const byOccurrence = new Map<string, AnswerRow[]>();
  if (found.length === 0) return byOccurrence;
  const ids = sql.join([...new Set(found.map((o) => o.eventId))]);
  const keys = found.map((o) => o.key.getTime());
  const lo = new Date(Math.min(...keys));
  const hi = new Date(Math.max(...keys));
  const { rows } = await sql<AnswerRow>`
    SELECT r.event_id, r.occurrence_date, r.id, r.status, r.updated_at, r.late_change,
           r.user_id, NULL::text AS player_id, u.name,
           COALESCE(r.answered_by, r.user_id) AS answered_by, ab.name AS answered_by_name
    FROM calendar_rsvps r
    LEFT JOIN users u ON u.id = r.user_id
    LEFT JOIN users ab ON ab.id = COALESCE(r.answered_by, r.user_id)
    WHERE r.event_id IN (${ids}) AND r.occurrence_date >= ${lo}::timestamptz AND r.occurrence_date <= ${hi}::timestamptz
    UNION ALL
    SELECT p.event_id, p.occurrence_date, p.id, p.status, p.updated_at, p.late_change,
           a.user_id, p.player_id, pl.name, p.answered_by, ab.name AS answered_by_name
    FROM calendar_player_rsvps p
    LEFT JOIN players pl ON pl.id = p.player_id
    LEFT JOIN player_accounts a ON a.player_id = p.player_id AND a.valid_to IS NULL
    LEFT JOIN users ab ON ab.id = p.answered_by
    WHERE p.event_id IN (${ids}) AND p.occurrence_date >= ${lo}::timestamptz AND p.occurrence_date <= ${hi}::timestamptz
    ORDER BY updated_at, user_id, player_id`.execute(database);
  for (const row of rows) {
    const key = ownKey(row.event_id, new Date(row.occurrence_date));
    let list = byOccurrence.get(key);
    if (!list) byOccurrence.set(key, (list = []));
    list.push(row);
  }
  return byOccurrence;
}

/** An occurrence's time and place before their last change, and when that was. */
function previousOf(o: Found): { previous: { startsAt: string; location: string }; at: Date } | null {
  const { series, own, key } = o;
  const ownAt = own?.time_place_changed_at ?? null;
  const seriesAt = series.timePlaceChangedAt;
  if (ownAt && (!seriesAt || ownAt >= seriesAt)) {
    return {
      previous: { startsAt: (own!.previous_starts_at ?? key).toISOString(), location: own!.previous_location ?? '' },
      at: ownAt,
    };
  }
  if (seriesAt) {
    const startsAt = shiftWallClock(key, -(series.previousShiftMinutes ?? 0), series.timeZone);
    return {
      previous: { startsAt: startsAt.toISOString(), location: series.previousLocation ?? series.location },
      at: seriesAt,
    };
  }
  return null;
}

const countsOf = (
  answers: readonly { status: string; subject: string }[],
  expected: readonly string[],
): AttendanceCounts => {
  const answered = new Set(answers.map((a) => a.subject));
  return {
    going: answers.filter((a) => a.status === 'yes').length,
    maybe: answers.filter((a) => a.status === 'maybe').length,
    notGoing: answers.filter((a) => a.status === 'no').length,
    noReply: expected.filter((s) => !answered.has(s)).length,
  };
};

/** The occurrences found as the API returns them, with their answers and counts. */
async function present(database: Kysely<ReadModels>, found: readonly Found[]): Promise<CalendarEvent[]> {
  if (found.length === 0) return [];
  const [answers, expected] = await Promise.all([
    answersOf(
      database,
      found.map((o) => ({ eventId: o.series.id, key: o.key })),
    ),
    expectedAnswerers(database, [...new Set(found.map((o) => o.series.teamId))]),
  ]);
  const expectedByTeam = new Map<string, string[]>();
  for (const e of expected) {
    let list = expectedByTeam.get(e.teamId);
    if (!list) expectedByTeam.set(e.teamId, (list = []));
    list.push(subjectOf(e));
  }
  return found.map((o) =>
    toCalendarEvent(o, answers.get(ownKey(o.series.id, o.key)) ?? [], expectedByTeam.get(o.series.teamId) ?? []),
  );
}

function toCalendarEvent(o: Found, answerRows: readonly AnswerRow[], expected: readonly string[]): CalendarEvent {
  const { series, own, key } = o;
  const { recurrence } = series;
  const changed = previousOf(o);
  const rsvps: EventRsvp[] = answerRows.map((r) => ({
    id: r.id,
    status: r.status as RsvpStatus,
    userId: r.user_id,
    playerId: r.player_id,
    user: { name: r.name ?? UNKNOWN_RSVP_USER },
    answeredBy: r.answered_by ? { id: r.answered_by, name: r.answered_by_name ?? UNKNOWN_RSVP_USER } : null,
    answeredAt: new Date(r.updated_at).toISOString(),
    answeredBeforeChange: changed !== null && new Date(r.updated_at) < changed.at,
    lateChange: r.late_change && r.status === 'no',
  }));
  const changedAts = [series.changedAt, own?.changed_at ?? null].filter((d): d is Date => d !== null);
  const status: OccurrenceStatus = own?.cancelled ? 'cancelled' : changed ? 'moved' : 'scheduled';
  return {
    id: series.id,
    teamId: series.teamId,
    title: own?.title ?? series.title,
    description: own?.description ?? series.description,
    date: startOf(o).toISOString(),
    location: own?.location ?? series.location,
    isRecurring: recurrence !== null,
    recurringType: recurrence?.type ?? null,
    recurringInterval: recurrence?.interval ?? null,
    recurringDays: recurrence ? recurrence.days : null,
    recurringEndDate: recurrence?.endDate ?? null,
    recurringEndCount: recurrence?.endCount ?? null,
    seriesId: series.id,
    occurrenceDate: key.toISOString(),
    timeZone: series.timeZone,
    rsvps,
    lateNotGoing: rsvps.filter((r) => r.lateChange).length,
    // Only when set: reads of events without a deadline stay as they were.
    ...(series.rsvpDeadlineHours !== null && { rsvpDeadlineHours: series.rsvpDeadlineHours }),
    status,
    previous: changed?.previous ?? null,
    changedAt: changedAts.length > 0 ? new Date(Math.max(...changedAts.map((d) => d.getTime()))).toISOString() : null,
    cancelReason: own?.cancelled ? own.cancel_reason : null,
    counts: countsOf(
      rsvps.map((r) => ({ status: r.status, subject: subjectOf(r) })),
      expected,
    ),
  };
}

/**
 * The team's occurrences (or one event's, with `eventId`), ascending by where they start (ties
 * by event id), each with the series' fields over which its own changes apply, its status, its
 * answers (members' own and roster players') and the counts.
 */
export async function listTeamEvents(
  database: Kysely<ReadModels>,
  teamId: string,
  options: TeamEventsOptions = {},
): Promise<CalendarEvent[]> {
  return present(database, await findOccurrences(database, [teamId], options));
}

/** The occurrences of several teams' events, merged (GET /api/me/upcoming). */
export async function listTeamsEvents(
  database: Kysely<ReadModels>,
  teamIds: readonly string[],
  options: TeamEventsOptions = {},
): Promise<CalendarEvent[]> {
  return present(database, await findOccurrences(database, teamIds, options));
}

/** The occurrence of the event with this key (its start by the rule), or null if there is none. */
async function findByKey(database: Kysely<ReadModels>, eventId: string, key: Date): Promise<Found | null> {
  const series = await findEventSeries(database, eventId);
  if (!series || !isOccurrence(series.recurrence, series.startsAt, series.timeZone, key)) return null;
  const own = await database
    .selectFrom('calendar_occurrence_changes')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('occurrence_date', '=', key)
    .executeTakeFirst();
  return { series, key, own: own ?? null };
}

export async function findOccurrence(
  database: Kysely<ReadModels>,
  eventId: string,
  key: Date,
): Promise<CalendarEvent | null> {
  const found = await findByKey(database, eventId, key);
  return found ? ((await present(database, [found]))[0] ?? null) : null;
}

/**
 * The key of the event's first occurrence starting at or after `now` that is not cancelled, else
 * of its last one (a past event); null if unknown.
 */
export async function nextOccurrence(database: Kysely<ReadModels>, eventId: string, now: Date): Promise<Date | null> {
  const series = await findEventSeries(database, eventId);
  if (!series) return null;
  const next = await findOccurrences(database, [series.teamId], { eventId, from: now, limit: 20 });
  const open = next.find((o) => !o.own?.cancelled) ?? next[0];
  return open?.key ?? series.lastStartsAt;
}

/** Who is going, maybe, not going, and who has not answered, for one occurrence, by name. */
export async function occurrenceAttendance(
  database: Kysely<ReadModels>,
  eventId: string,
  key: Date,
): Promise<Attendance | null> {
  const found = await findByKey(database, eventId, key);
  if (!found) return null;
  const [occurrence] = await present(database, [found]);
  const expected = await expectedAnswerers(database, [found.series.teamId]);
  const byName = (a: Attendee, b: Attendee) => a.name.localeCompare(b.name) || subjectOf(a).localeCompare(subjectOf(b));
  const lists: Attendance = { going: [], maybe: [], notGoing: [], noReply: [] };
  const answered = new Set<string>();
  for (const r of occurrence!.rsvps) {
    answered.add(subjectOf(r));
    const attendee: Attendee = {
      playerId: r.playerId,
      userId: r.userId,
      name: r.user.name,
      answeredBy: r.answeredBy,
      answeredAt: r.answeredAt,
      answeredBeforeChange: r.answeredBeforeChange,
    };
    (r.status === 'yes' ? lists.going : r.status === 'maybe' ? lists.maybe : lists.notGoing).push(attendee);
  }
  for (const e of expected) {
    if (answered.has(subjectOf(e))) continue;
    const { playerId, userId, name } = e;
    lists.noReply.push({ playerId, userId, name, answeredBy: null, answeredAt: null, answeredBeforeChange: false });
  }
  for (const list of Object.values(lists)) list.sort(byName);
  return lists;
}

/** One change of an event's history, as stored. */
export interface EventHistoryRow {
  at: Date;
  by: string;
  byName: string | null;
  scope: string;
  occurrenceDate: Date | null;
  changes: string;
  reason: string | null;
}

/** The event's schedule changes, newest first. */
export async function eventHistory(database: Kysely<ReadModels>, eventId: string): Promise<EventHistoryRow[]> {
  const rows = await database
    .selectFrom('calendar_event_history as h')
    .leftJoin('users as u', 'u.id', 'h.by')
    .select(['h.at', 'h.by', 'u.name', 'h.scope', 'h.occurrence_date', 'h.changes', 'h.reason'])
    .where('h.event_id', '=', eventId)
    .orderBy('h.at', 'desc')
    .orderBy('h.id', 'desc')
    .execute();
  return rows.map((r) => ({
    at: r.at,
    by: r.by,
    byName: r.name,
    scope: r.scope,
    occurrenceDate: r.occurrence_date,
    changes: r.changes,
    reason: r.reason,
  }));
}

/**
 * How many occurrences the given teams have in [from, to): one-off events counted by an index
 * range scan, and only the series that can reach the range expanded from their rule.
 */
export async function countTeamsOccurrences(
  database: Kysely<ReadModels>,
  teamIds: readonly string[],
  from: Date,
  to: Date,
): Promise<number> {
  if (teamIds.length === 0) return 0;
  const db = database;
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

/** An occurrence of any team starting in a range, as the reminder scheduler reads them. */
export interface StartingOccurrence {
  eventId: string;
  teamId: string;
  /** Its key: the start by the rule. */
  occurrenceDate: Date;
  /** Where it starts now. */
  startsAt: Date;
}

/**
 * Every team's occurrences that start in (from, to] and are not cancelled, by start: one query for
 * the teams that have any, then each team's as the calendar lists them (series expanded in their zone).
 */
export async function occurrencesStartingBetween(
  database: Kysely<ReadModels>,
  from: Date,
  to: Date,
): Promise<StartingOccurrence[]> {
  const { rows } = await sql<{ team_id: string }>`
    SELECT e.team_id FROM calendar_events e JOIN teams t ON t.id = e.team_id AND t.deleted_at IS NULL
     WHERE (e.recurrence IS NULL AND e.starts_at > ${from} AND e.starts_at <= ${to})
        OR (e.recurrence IS NOT NULL AND e.starts_at <= ${to} AND (e.last_starts_at IS NULL OR e.last_starts_at > ${from}))
    UNION
    SELECT c.team_id FROM calendar_occurrence_changes c JOIN teams t ON t.id = c.team_id AND t.deleted_at IS NULL
     WHERE c.starts_at > ${from} AND c.starts_at <= ${to}`.execute(database);
  if (rows.length === 0) return [];
  const found = await findOccurrences(
    database,
    rows.map((r) => r.team_id),
    { from, to },
  );
  return found
    .filter((o) => !o.own?.cancelled && startOf(o).getTime() > from.getTime())
    .map((o) => ({ eventId: o.series.id, teamId: o.series.teamId, occurrenceDate: o.key, startsAt: startOf(o) }));
}

/**
 * Of each occurrence, who is expected to answer and has not (a roster player, or a member who
 * answers for themself), keyed `eventId|occurrenceDate ISO`: one query for the answers, one for
 * who is expected.
 */
export async function unansweredOf(
  database: Kysely<ReadModels>,
  occurrences: readonly { eventId: string; teamId: string; occurrenceDate: Date }[],
): Promise<Map<string, { playerId: string | null; userId: string | null }[]>> {
  const out = new Map<string, { playerId: string | null; userId: string | null }[]>();
  if (occurrences.length === 0) return out;
  const [answers, expected] = await Promise.all([
    answersOf(
      database,
      occurrences.map((o) => ({ eventId: o.eventId, key: o.occurrenceDate })),
    ),
    expectedAnswerers(database, [...new Set(occurrences.map((o) => o.teamId))]),
  ]);
  for (const o of occurrences) {
    const key = ownKey(o.eventId, o.occurrenceDate);
    const answered = new Set(
      (answers.get(key) ?? []).map((a) => subjectOf({ playerId: a.player_id, userId: a.user_id })),
    );
    out.set(
      key,
      expected
        .filter((e) => e.teamId === o.teamId && !answered.has(subjectOf(e)))
        .map((e) => ({ playerId: e.playerId, userId: e.userId })),
    );
  }
  return out;
}

/** How `userId` is linked to the roster player `playerId` of the team (null: no such player there). */
export async function playerAnswerLinks(
  database: Kysely<ReadModels>,
  teamId: string,
  playerId: string,
  userId: string,
): Promise<{ guardian: boolean; account: boolean } | null> {
  const { rows } = await sql<{ guardian: boolean; account: boolean }>`
    SELECT
      EXISTS (SELECT 1 FROM player_guardians g
              WHERE g.player_id = p.id AND g.user_id = ${userId} AND g.valid_to IS NULL) AS guardian,
      EXISTS (SELECT 1 FROM player_accounts a
              WHERE a.player_id = p.id AND a.user_id = ${userId} AND a.valid_to IS NULL) AS account
    FROM players p WHERE p.id = ${playerId} AND p.team_id = ${teamId}`.execute(database);
  return rows[0] ?? null;
}

/** The roster player of the team whose own account `userId` is, if any. */
export async function ownRosterPlayer(
  database: Kysely<ReadModels>,
  teamId: string,
  userId: string,
): Promise<string | null> {
  const { rows } = await sql<{ player_id: string }>`
    SELECT player_id FROM player_accounts
    WHERE user_id = ${userId} AND team_id = ${teamId} AND valid_to IS NULL
    ORDER BY valid_from LIMIT 1`.execute(database);
  return rows[0]?.player_id ?? null;
}
