import type { Kysely } from 'kysely';
import { teamSubject, toEnvelope, userSubject, type RecordedEvent } from '@sideline/infra';
import {
  lastOccurrence,
  scheduledTimeZone,
  type EventCancelled,
  type EventScheduled,
  type RsvpRecorded,
} from '@sideline/domain';
import type { AfterCommitMessage, Projector } from '../runner/projector.ts';
import { changesFromEventData } from '../runner/read-model-changes.ts';
import { LATE_CHANGE_WINDOW_MS, type CalendarTables } from './calendar-read-model.ts';
import type { TeamsTables } from '../teams/teams-read-model.ts';
import type { UsersTables } from '../identity/users-read-model.ts';

type DB = CalendarTables & TeamsTables & UsersTables;

/** Late changes to Not Going found by `apply`, with the coaches to tell, for `afterCommit`. */
const lateChanges = new WeakMap<RecordedEvent, { coachIds: string[]; userName: string; eventTitle: string }>();

/** Events older than this are projected without a realtime notification (as chat does). */
const LIVE_NOTIFICATION_WINDOW_MS = 10 * 60_000;

export const calendarProjector: Projector<DB> = {
  name: 'calendar',
  handles: ['EventScheduled', 'EventCancelled', 'RsvpRecorded'],
  tables: ['calendar_events', 'calendar_rsvps', 'rsvp_ledger'],

  // The log never holds an RSVP after its event's cancellation (the decider refuses it), so a
  // batch is applied as: all schedules, then all RSVPs, then all cancellations — a constant
  // number of statements per batch, whatever its size.
  async apply(trx, events) {
    const db = trx as Kysely<DB>;
    await insertScheduled(
      db,
      events.filter((e) => e.type === 'EventScheduled'),
    );
    await upsertRsvps(
      db,
      events.filter((e) => e.type === 'RsvpRecorded'),
    );
    const cancelled = [
      ...new Set(
        events.filter((e) => e.type === 'EventCancelled').map((e) => (e.data as EventCancelled['data']).eventId),
      ),
    ];
    if (cancelled.length > 0) {
      await db.deleteFrom('calendar_rsvps').where('event_id', 'in', cancelled).execute();
      await db.deleteFrom('calendar_events').where('id', 'in', cancelled).execute();
    }
  },

  changes: (events) => changesFromEventData(events),

  afterCommit(events) {
    const now = Date.now();
    const teams = new Set<string>();
    for (const event of events) {
      // A catch-up or rebuild does not wake every open socket (clients refetch on reconnect).
      if (now - Date.parse(event.metadata.occurredAt) > LIVE_NOTIFICATION_WINDOW_MS) continue;
      teams.add((event.data as { teamId: string }).teamId);
    }
    const messages = [...teams].map((teamId): AfterCommitMessage => ({
      subject: teamSubject(teamId, 'events'),
      data: toEnvelope({ type: 'events_changed', teamId }),
    }));
    // A late dropout goes to each of the team's coaches' own sockets.
    for (const event of events) {
      const late = lateChanges.get(event);
      if (!late || now - Date.parse(event.metadata.occurredAt) > LIVE_NOTIFICATION_WINDOW_MS) continue;
      const d = event.data as RsvpRecorded['data'];
      for (const coachId of late.coachIds) {
        messages.push({
          subject: userSubject(coachId, 'rsvp'),
          data: toEnvelope({
            type: 'rsvp_late_change',
            teamId: d.teamId,
            eventId: d.eventId,
            occurrenceDate: d.occurrenceDate,
            userId: d.userId,
            userName: late.userName,
            eventTitle: late.eventTitle,
            status: d.status,
          }),
        });
      }
    }
    return messages;
  },
};

/** One row per series; its occurrences are expanded on read (calendar-queries). */
async function insertScheduled(db: Kysely<DB>, events: readonly RecordedEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((e) => {
    const d = e.data as EventScheduled['data'];
    const startsAt = new Date(d.startsAt);
    const timeZone = scheduledTimeZone(d);
    return {
      id: d.eventId,
      team_id: d.teamId,
      title: d.title,
      description: d.description,
      location: d.location,
      starts_at: startsAt,
      recurrence: d.recurrence ? JSON.stringify(d.recurrence) : null,
      time_zone: timeZone,
      last_starts_at: lastOccurrence(d.recurrence, startsAt, timeZone),
      created_by: d.createdBy,
      created_at: new Date(e.metadata.occurredAt),
    };
  });
  await db
    .insertInto('calendar_events')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

async function upsertRsvps(db: Kysely<DB>, events: readonly RecordedEvent[]): Promise<void> {
  if (events.length === 0) return;
  const keyOf = (d: { eventId: string; occurrenceDate: string; userId: string }) =>
    `${d.eventId}|${new Date(d.occurrenceDate).toISOString()}|${d.userId}`;
  // The answers as they stand before this batch: one query on the primary key.
  const current = new Map<string, string>();
  const eventIds = [...new Set(events.map((e) => (e.data as RsvpRecorded['data']).eventId))];
  const userIds = [...new Set(events.map((e) => (e.data as RsvpRecorded['data']).userId))];
  const existing = await db
    .selectFrom('calendar_rsvps')
    .select(['event_id', 'occurrence_date', 'user_id', 'status'])
    .where('event_id', 'in', eventIds)
    .where('user_id', 'in', userIds)
    .execute();
  for (const r of existing) {
    current.set(`${r.event_id}|${r.occurrence_date.toISOString()}|${r.user_id}`, r.status);
  }
  // The ledger: every change in log order, with what it replaced.
  const ledger: CalendarTables['rsvp_ledger'][] = [];
  const last = new Map<string, CalendarTables['calendar_rsvps']>();
  const late: RecordedEvent[] = [];
  for (const e of events) {
    const d = e.data as RsvpRecorded['data'];
    const key = keyOf(d);
    const previous = current.get(key) ?? null;
    const occurrence = new Date(d.occurrenceDate);
    const recordedAt = new Date(e.metadata.occurredAt);
    const isLate =
      d.status === 'no' &&
      previous !== null &&
      previous !== 'no' &&
      recordedAt.getTime() >= occurrence.getTime() - LATE_CHANGE_WINDOW_MS;
    if (isLate) late.push(e);
    ledger.push({
      id: e.id,
      event_id: d.eventId,
      team_id: d.teamId,
      occurrence_date: occurrence,
      user_id: d.userId,
      answered_by: e.metadata.actorId,
      status: d.status,
      previous_status: previous,
      recorded_at: recordedAt,
      late: isLate,
    });
    current.set(key, d.status);
    // The last answer per (event, occurrence, user) in the batch wins: one statement.
    last.set(key, {
      event_id: d.eventId,
      occurrence_date: occurrence,
      user_id: d.userId,
      id: last.get(key)?.id ?? e.id,
      status: d.status,
      updated_at: recordedAt,
      late_change: isLate,
    });
  }
  for (let i = 0; i < ledger.length; i += 1000) {
    await db
      .insertInto('rsvp_ledger')
      .values(ledger.slice(i, i + 1000))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  await db
    .insertInto('calendar_rsvps')
    .values([...last.values()])
    .onConflict((oc) =>
      oc.columns(['event_id', 'occurrence_date', 'user_id']).doUpdateSet((eb) => ({
        status: eb.ref('excluded.status'),
        updated_at: eb.ref('excluded.updated_at'),
        late_change: eb.ref('excluded.late_change'),
      })),
    )
    .execute();
  if (late.length === 0) return;
  // The coaches of the teams concerned, and the names of who dropped out, for the notices.
  const teamIds = [...new Set(late.map((e) => (e.data as RsvpRecorded['data']).teamId))];
  const coaches = await db
    .selectFrom('team_members')
    .select(['team_id', 'user_id'])
    .where('team_id', 'in', teamIds)
    .where('assigned_role', '=', 'coach')
    .execute();
  const names = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('id', 'in', [...new Set(late.map((e) => (e.data as RsvpRecorded['data']).userId))])
    .execute();
  const titles = await db
    .selectFrom('calendar_events')
    .select(['id', 'title'])
    .where('id', 'in', [...new Set(late.map((e) => (e.data as RsvpRecorded['data']).eventId))])
    .execute();
  for (const e of late) {
    const d = e.data as RsvpRecorded['data'];
    lateChanges.set(e, {
      coachIds: coaches.filter((c) => c.team_id === d.teamId).map((c) => c.user_id),
      userName: names.find((n) => n.id === d.userId)?.name ?? 'Someone',
      eventTitle: titles.find((t) => t.id === d.eventId)?.title ?? 'an event',
    });
  }
}
