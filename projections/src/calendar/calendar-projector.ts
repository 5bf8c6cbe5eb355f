import type { Kysely } from 'kysely';
import { teamSubject, toEnvelope, type RecordedEvent } from '@sideline/infra';
import {
  lastOccurrence,
  scheduledTimeZone,
  type EventCancelled,
  type EventScheduled,
  type RsvpRecorded,
} from '@sideline/domain';
import type { AfterCommitMessage, Projector } from '../runner/projector.ts';
import { changesFromEventData } from '../runner/read-model-changes.ts';
import type { CalendarTables } from './calendar-read-model.ts';

type DB = CalendarTables;

/** Events older than this are projected without a realtime notification (as chat does). */
const LIVE_NOTIFICATION_WINDOW_MS = 10 * 60_000;

export const calendarProjector: Projector<DB> = {
  name: 'calendar',
  handles: ['EventScheduled', 'EventCancelled', 'RsvpRecorded'],
  tables: ['calendar_events', 'calendar_rsvps'],

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
    return [...teams].map((teamId): AfterCommitMessage => ({
      subject: teamSubject(teamId, 'events'),
      data: toEnvelope({ type: 'events_changed', teamId }),
    }));
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
  // The last answer per (event, occurrence, user) in the batch wins: one statement.
  const last = new Map<string, CalendarTables['calendar_rsvps']>();
  for (const e of events) {
    const d = e.data as RsvpRecorded['data'];
    const key = `${d.eventId}|${d.occurrenceDate}|${d.userId}`;
    last.set(key, {
      event_id: d.eventId,
      occurrence_date: new Date(d.occurrenceDate),
      user_id: d.userId,
      id: last.get(key)?.id ?? e.id,
      status: d.status,
      updated_at: new Date(e.metadata.occurredAt),
    });
  }
  await db
    .insertInto('calendar_rsvps')
    .values([...last.values()])
    .onConflict((oc) =>
      oc.columns(['event_id', 'occurrence_date', 'user_id']).doUpdateSet((eb) => ({
        status: eb.ref('excluded.status'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}
