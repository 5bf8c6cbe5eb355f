import { sql, type Kysely, type Selectable } from 'kysely';
import type { RecordedEvent } from '@sideline/infra';
import {
  lastOccurrence,
  type EventChanged,
  type EventFieldChanges,
  type EventSeriesContinued,
  type EventSeriesSplit,
  type HistoryChanges,
  type OccurrenceCancelled,
  type OccurrenceMove,
  type OccurrenceRestored,
  type OccurrenceStatus,
  type Recurrence,
  type RsvpDeadlineSet,
} from '@sideline/domain';
import type { CalendarTables } from './calendar-read-model.ts';

type DB = CalendarTables;
type SeriesRow = Selectable<DB['calendar_events']>;
type OverrideRow = DB['calendar_occurrence_changes'];

async function seriesRow(db: Kysely<DB>, eventId: string): Promise<SeriesRow | undefined> {
  return (await db.selectFrom('calendar_events').selectAll().where('id', '=', eventId).executeTakeFirst()) as
    SeriesRow | undefined;
}

const touchesTimeOrPlace = (changes: EventFieldChanges) => Boolean(changes.startsAt || changes.location);

async function addHistory(
  db: Kysely<DB>,
  row: {
    id: string;
    eventId: string;
    teamId: string;
    at: Date;
    by: string;
    scope: string;
    occurrenceDate: string | null;
    changes: HistoryChanges;
    reason: string | null;
  },
): Promise<void> {
  await db
    .insertInto('calendar_event_history')
    .values({
      id: row.id,
      event_id: row.eventId,
      team_id: row.teamId,
      at: row.at,
      by: row.by,
      scope: row.scope,
      occurrence_date: row.occurrenceDate ? new Date(row.occurrenceDate) : null,
      changes: JSON.stringify(row.changes),
      reason: row.reason,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/**
 * An occurrence's own row after a series change of `changes`: the fields the series set are the
 * series' again. Where that moved its own time or place, what it was is kept as its `previous`.
 */
function resetOverride(row: OverrideRow, changes: EventFieldChanges, locationBefore: string, at: Date): OverrideRow {
  const timeReset = Boolean(changes.startsAt) && row.starts_at !== null;
  const placeReset = Boolean(changes.location) && row.location !== null;
  const next: OverrideRow = {
    ...row,
    title: changes.title ? null : row.title,
    description: changes.description ? null : row.description,
    location: changes.location ? null : row.location,
    starts_at: changes.startsAt ? null : row.starts_at,
  };
  if (!timeReset && !placeReset && !changes.title && !changes.description) return next;
  next.changed_at = at;
  if (timeReset || placeReset) {
    next.time_place_changed_at = at;
    next.previous_starts_at = row.starts_at ?? row.occurrence_date;
    next.previous_location = row.location ?? locationBefore;
  }
  return next;
}

const datesOf = (values: readonly string[]) => values.map((v) => new Date(v));

/**
 * Moves the occurrences `moved` of `fromEventId` (their own rows, answers and ledger entries) to
 * their new keys in `toEventId`. Rows are deleted and written again rather than updated in place:
 * a shift of a whole period (a week later) moves a key onto one another row leaves.
 */
async function moveOccurrences(
  db: Kysely<DB>,
  fromEventId: string,
  toEventId: string,
  moved: readonly OccurrenceMove[],
): Promise<void> {
  if (moved.length === 0) return;
  const to = new Map(moved.map((m) => [new Date(m.from).getTime(), new Date(m.to)]));
  const froms = datesOf(moved.map((m) => m.from));
  const rekey = <R extends { event_id: string; occurrence_date: Date }>(row: R): R => ({
    ...row,
    event_id: toEventId,
    occurrence_date: to.get(row.occurrence_date.getTime()) ?? row.occurrence_date,
  });
  for (const table of ['calendar_occurrence_changes', 'calendar_rsvps', 'calendar_player_rsvps'] as const) {
    const rows = await db
      .deleteFrom(table)
      .where('event_id', '=', fromEventId)
      .where('occurrence_date', 'in', froms)
      .returningAll()
      .execute();
    if (rows.length > 0) {
      await db
        .insertInto(table)
        .values(rows.map(rekey) as never)
        .execute();
    }
  }
  const pairs = sql.join(moved.map((m) => sql`(${new Date(m.from)}::timestamptz, ${new Date(m.to)}::timestamptz)`));
  await sql`UPDATE rsvp_ledger l SET event_id = ${toEventId}, occurrence_date = v.to_date
            FROM (VALUES ${pairs}) AS v(from_date, to_date)
            WHERE l.event_id = ${fromEventId} AND l.occurrence_date = v.from_date`.execute(db);
}

/** Applies a series change's resets to the event's own occurrence rows (keys ≥ `from`, when given). */
async function resetOverrides(
  db: Kysely<DB>,
  eventId: string,
  changes: EventFieldChanges,
  locationBefore: string,
  at: Date,
  from?: Date,
): Promise<void> {
  if (!changes.title && !changes.description && !changes.location && !changes.startsAt) return;
  let query = db.selectFrom('calendar_occurrence_changes').selectAll().where('event_id', '=', eventId);
  if (from) query = query.where('occurrence_date', '>=', from);
  const rows = await query.execute();
  for (const row of rows) {
    const next = resetOverride(row, changes, locationBefore, at);
    if (next === row || next.changed_at === row.changed_at) continue;
    await db
      .updateTable('calendar_occurrence_changes')
      .set({
        title: next.title,
        description: next.description,
        location: next.location,
        starts_at: next.starts_at,
        changed_at: next.changed_at,
        time_place_changed_at: next.time_place_changed_at,
        previous_starts_at: next.previous_starts_at,
        previous_location: next.previous_location,
      })
      .where('event_id', '=', eventId)
      .where('occurrence_date', '=', row.occurrence_date)
      .execute();
  }
}

async function applyChanged(db: Kysely<DB>, e: RecordedEvent): Promise<void> {
  const d = e.data as EventChanged['data'];
  const at = new Date(e.metadata.occurredAt);
  const series = await seriesRow(db, d.eventId);
  if (!series) return;
  const timeOrPlace = touchesTimeOrPlace(d.changes);
  if (d.scope === 'occurrence') {
    const key = new Date(d.occurrenceDate!);
    const own = await db
      .selectFrom('calendar_occurrence_changes')
      .selectAll()
      .where('event_id', '=', d.eventId)
      .where('occurrence_date', '=', key)
      .executeTakeFirst();
    const pin = <T>(change: { to: T } | undefined, seriesValue: T, current: T | null): T | null =>
      change === undefined ? current : change.to === seriesValue ? null : change.to;
    const row: OverrideRow = {
      event_id: d.eventId,
      team_id: d.teamId,
      occurrence_date: key,
      starts_at: d.changes.startsAt
        ? d.changes.startsAt.to === key.toISOString()
          ? null
          : new Date(d.changes.startsAt.to)
        : (own?.starts_at ?? null),
      title: pin(d.changes.title, series.title, own?.title ?? null),
      description: pin(d.changes.description, series.description, own?.description ?? null),
      location: pin(d.changes.location, series.location, own?.location ?? null),
      cancelled: own?.cancelled ?? false,
      cancel_reason: own?.cancel_reason ?? null,
      changed_at: at,
      time_place_changed_at: timeOrPlace ? at : (own?.time_place_changed_at ?? null),
      previous_starts_at: timeOrPlace ? (own?.starts_at ?? key) : (own?.previous_starts_at ?? null),
      previous_location: timeOrPlace ? (own?.location ?? series.location) : (own?.previous_location ?? null),
    };
    await db
      .insertInto('calendar_occurrence_changes')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['event_id', 'occurrence_date']).doUpdateSet((eb) => ({
          starts_at: eb.ref('excluded.starts_at'),
          title: eb.ref('excluded.title'),
          description: eb.ref('excluded.description'),
          location: eb.ref('excluded.location'),
          changed_at: eb.ref('excluded.changed_at'),
          time_place_changed_at: eb.ref('excluded.time_place_changed_at'),
          previous_starts_at: eb.ref('excluded.previous_starts_at'),
          previous_location: eb.ref('excluded.previous_location'),
        })),
      )
      .execute();
    await db
      .updateTable('calendar_events')
      .set((eb) => ({ sequence: eb('sequence', '+', 1) }))
      .where('id', '=', d.eventId)
      .execute();
  } else {
    const recurrence: Recurrence | null =
      d.recurrence !== undefined
        ? d.recurrence
        : series.recurrence
          ? (JSON.parse(series.recurrence) as Recurrence)
          : null;
    const startsAt = new Date(d.seriesStartsAt ?? series.starts_at);
    await db
      .updateTable('calendar_events')
      .set((eb) => ({
        title: d.changes.title?.to ?? series.title,
        description: d.changes.description?.to ?? series.description,
        location: d.changes.location?.to ?? series.location,
        starts_at: startsAt,
        recurrence: recurrence ? JSON.stringify(recurrence) : null,
        last_starts_at: lastOccurrence(recurrence, startsAt, series.time_zone),
        changed_at: at,
        sequence: eb('sequence', '+', 1),
        ...(timeOrPlace && {
          time_place_changed_at: at,
          previous_shift_minutes: d.shiftMinutes ?? 0,
          previous_location: series.location,
        }),
      }))
      .where('id', '=', d.eventId)
      .execute();
    await resetOverrides(db, d.eventId, d.changes, series.location, at);
    await moveOccurrences(db, d.eventId, d.eventId, d.moved ?? []);
  }
  await addHistory(db, {
    id: e.id,
    eventId: d.eventId,
    teamId: d.teamId,
    at,
    by: d.by,
    scope: d.scope,
    occurrenceDate: d.occurrenceDate,
    changes: d.changes,
    reason: d.reason,
  });
}

/** An occurrence's status before a cancellation or after a restore: moved if its time or place ever changed. */
function standingStatus(series: SeriesRow, own: OverrideRow | undefined): OccurrenceStatus {
  return series.time_place_changed_at || own?.time_place_changed_at ? 'moved' : 'scheduled';
}

async function applyCancelledOrRestored(db: Kysely<DB>, e: RecordedEvent): Promise<void> {
  const cancelled = e.type === 'OccurrenceCancelled';
  const d = e.data as OccurrenceCancelled['data'] | OccurrenceRestored['data'];
  const at = new Date(e.metadata.occurredAt);
  const key = new Date(d.occurrenceDate);
  const series = await seriesRow(db, d.eventId);
  if (!series) return;
  const own = await db
    .selectFrom('calendar_occurrence_changes')
    .selectAll()
    .where('event_id', '=', d.eventId)
    .where('occurrence_date', '=', key)
    .executeTakeFirst();
  const reason = cancelled ? (d as OccurrenceCancelled['data']).reason : null;
  await db
    .insertInto('calendar_occurrence_changes')
    .values({
      event_id: d.eventId,
      team_id: d.teamId,
      occurrence_date: key,
      starts_at: null,
      title: null,
      description: null,
      location: null,
      cancelled,
      cancel_reason: reason,
      changed_at: at,
      time_place_changed_at: null,
      previous_starts_at: null,
      previous_location: null,
    })
    .onConflict((oc) =>
      oc.columns(['event_id', 'occurrence_date']).doUpdateSet({ cancelled, cancel_reason: reason, changed_at: at }),
    )
    .execute();
  await db
    .updateTable('calendar_events')
    .set((eb) => ({ sequence: eb('sequence', '+', 1) }))
    .where('id', '=', d.eventId)
    .execute();
  const standing = standingStatus(series, own);
  await addHistory(db, {
    id: e.id,
    eventId: d.eventId,
    teamId: d.teamId,
    at,
    by: d.by,
    scope: 'occurrence',
    occurrenceDate: d.occurrenceDate,
    changes: { status: cancelled ? { from: standing, to: 'cancelled' } : { from: 'cancelled', to: standing } },
    reason,
  });
}

/** The new series' row, begun by a split (or, should it come alone, by its continuation). */
function continuedRow(
  c: EventSeriesContinued['data'],
  at: Date,
  inherited: Pick<SeriesRow, 'changed_at' | 'time_place_changed_at' | 'previous_shift_minutes' | 'previous_location'>,
) {
  const startsAt = new Date(c.startsAt);
  return {
    id: c.eventId,
    team_id: c.teamId,
    title: c.title,
    description: c.description,
    location: c.location,
    starts_at: startsAt,
    recurrence: JSON.stringify(c.recurrence),
    time_zone: c.timeZone,
    last_starts_at: lastOccurrence(c.recurrence, startsAt, c.timeZone),
    created_by: c.createdBy,
    created_at: at,
    split_from: c.splitFrom.eventId,
    ...inherited,
  };
}

async function applySplit(db: Kysely<DB>, e: RecordedEvent): Promise<void> {
  const d = e.data as EventSeriesSplit['data'];
  const at = new Date(e.metadata.occurredAt);
  const before = await seriesRow(db, d.eventId);
  if (!before) return;
  const splitAt = new Date(d.occurrenceDate);
  await db
    .updateTable('calendar_events')
    .set((eb) => ({
      recurrence: JSON.stringify(d.recurrence),
      last_starts_at: lastOccurrence(d.recurrence, before.starts_at, before.time_zone),
      changed_at: at,
      sequence: eb('sequence', '+', 1),
    }))
    .where('id', '=', d.eventId)
    .execute();
  // The new series keeps the old one's last change of time or place unless this one changes either.
  const timeOrPlace = touchesTimeOrPlace(d.changes);
  await db
    .insertInto('calendar_events')
    .values(
      continuedRow(d.continuation, at, {
        changed_at: at,
        time_place_changed_at: timeOrPlace ? at : before.time_place_changed_at,
        previous_shift_minutes: timeOrPlace ? d.shiftMinutes : before.previous_shift_minutes,
        previous_location: timeOrPlace ? before.location : before.previous_location,
      }),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await resetOverrides(db, d.eventId, d.changes, before.location, at, splitAt);
  await moveOccurrences(db, d.eventId, d.newEventId, d.moved);
  // What is left of the old series from the split on has no occurrence any more.
  for (const table of ['calendar_occurrence_changes', 'calendar_rsvps', 'calendar_player_rsvps'] as const) {
    await db.deleteFrom(table).where('event_id', '=', d.eventId).where('occurrence_date', '>=', splitAt).execute();
  }
  const history = {
    at,
    by: d.by,
    teamId: d.teamId,
    scope: 'following',
    occurrenceDate: d.occurrenceDate,
    changes: d.changes,
    reason: d.reason,
  };
  await addHistory(db, { ...history, id: e.id, eventId: d.eventId });
  const moved = d.moved.find((m) => m.from === d.occurrenceDate);
  await addHistory(db, {
    ...history,
    id: `${e.id}:continued`,
    eventId: d.newEventId,
    occurrenceDate: moved?.to ?? d.continuation.startsAt,
  });
}

async function applyContinued(db: Kysely<DB>, e: RecordedEvent): Promise<void> {
  const c = e.data as EventSeriesContinued['data'];
  const at = new Date(e.metadata.occurredAt);
  await db
    .insertInto('calendar_events')
    .values(
      continuedRow(c, at, {
        changed_at: at,
        time_place_changed_at: null,
        previous_shift_minutes: null,
        previous_location: null,
      }),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** One schedule change, applied to the series, its occurrences' rows, its answers and its history. */
export async function applyScheduleChange(db: Kysely<DB>, e: RecordedEvent): Promise<void> {
  switch (e.type) {
    case 'EventChanged':
      return applyChanged(db, e);
    case 'OccurrenceCancelled':
    case 'OccurrenceRestored':
      return applyCancelledOrRestored(db, e);
    case 'EventSeriesSplit':
      return applySplit(db, e);
    case 'EventSeriesContinued':
      return applyContinued(db, e);
    case 'RsvpDeadlineSet': {
      const d = e.data as RsvpDeadlineSet['data'];
      await db
        .updateTable('calendar_events')
        .set({ rsvp_deadline_hours: d.hours })
        .where('id', '=', d.eventId)
        .execute();
      return;
    }
  }
}

/** The whole event deleted: its series, occurrences, answers and history go (the ledger stays). */
export async function deleteEvents(db: Kysely<DB>, eventIds: readonly string[]): Promise<void> {
  if (eventIds.length === 0) return;
  const ids = [...eventIds];
  for (const table of [
    'calendar_rsvps',
    'calendar_player_rsvps',
    'calendar_occurrence_changes',
    'calendar_event_history',
  ] as const) {
    await db.deleteFrom(table).where('event_id', 'in', ids).execute();
  }
  await db.deleteFrom('calendar_events').where('id', 'in', ids).execute();
}
