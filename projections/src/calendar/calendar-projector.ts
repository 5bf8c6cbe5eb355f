import type { Kysely } from 'kysely';
import { teamSubject, toEnvelope, userSubject, type RecordedEvent } from '@sideline/infra';
import {
  calendarEventTypes,
  lastOccurrence,
  scheduledTimeZone,
  type EventCancelled,
  type EventScheduled,
  type RsvpRecorded,
} from '@sideline/domain';
import type { AfterCommitMessage, Projector } from '../runner/projector.ts';
import { changesFromEventData } from '../runner/read-model-changes.ts';
import type { CalendarTables } from './calendar-read-model.ts';
import { lateChanges, upsertRsvps } from './rsvp-projection.ts';
import { applyScheduleChange, deleteEvents } from './schedule-projection.ts';
import type { TeamsTables } from '../teams/teams-read-model.ts';
import type { UsersTables } from '../identity/users-read-model.ts';
import type { PlayersTables } from '../players/players-read-model.ts';

type DB = CalendarTables & TeamsTables & UsersTables & PlayersTables;

/** Events older than this are projected without a realtime notification (as chat does). */
const LIVE_NOTIFICATION_WINDOW_MS = 10 * 60_000;

/** What a run of events of one kind is applied with. */
const kindOf = (type: string) =>
  type === 'EventScheduled' || type === 'RsvpRecorded' || type === 'EventCancelled' ? type : 'change';

/** The batch in log order, as runs of consecutive events of one kind. */
function runs(events: readonly RecordedEvent[]): RecordedEvent[][] {
  const out: RecordedEvent[][] = [];
  for (const event of events) {
    const last = out.at(-1);
    if (last && kindOf(last[0]!.type) === kindOf(event.type) && kindOf(event.type) !== 'change') last.push(event);
    else out.push([event]);
  }
  return out;
}

export const calendarProjector: Projector<DB> = {
  name: 'calendar',
  handles: calendarEventTypes,
  tables: [
    'calendar_events',
    'calendar_rsvps',
    'calendar_player_rsvps',
    'calendar_occurrence_changes',
    'calendar_event_history',
    'rsvp_ledger',
  ],

  // In log order, a run of schedules, of answers or of deletions at a time (a constant number of
  // statements per run, whatever its size: a burst of answers is one run); a schedule change,
  // which may move answers to other keys or another series, on its own.
  async apply(trx, events) {
    const db: Kysely<DB> = trx;
    for (const run of runs(events)) {
      switch (kindOf(run[0]!.type)) {
        case 'EventScheduled':
          await insertScheduled(db, run);
          break;
        case 'RsvpRecorded':
          await upsertRsvps(db, run);
          break;
        case 'EventCancelled':
          await deleteEvents(db, [...new Set(run.map((e) => (e.data as EventCancelled['data']).eventId))]);
          break;
        default:
          await applyScheduleChange(db, run[0]!);
      }
    }
  },

  changes: (events) => changesFromEventData(events),

  afterCommit(events) {
    const now = Date.now();
    const teams = new Map<string, Set<string>>();
    for (const event of events) {
      // A catch-up or rebuild does not wake every open socket (clients refetch on reconnect).
      if (now - Date.parse(event.metadata.occurredAt) > LIVE_NOTIFICATION_WINDOW_MS) continue;
      const { teamId, eventId, newEventId } = event.data as { teamId: string; eventId: string; newEventId?: string };
      let ids = teams.get(teamId);
      if (!ids) teams.set(teamId, (ids = new Set()));
      ids.add(eventId);
      if (newEventId) ids.add(newEventId);
    }
    // `eventIds`: the events whose occurrences, answers or history changed (their attendance and
    // history reads are stale too).
    const messages = [...teams].map(([teamId, ids]): AfterCommitMessage => ({
      subject: teamSubject(teamId, 'events'),
      data: toEnvelope({ type: 'events_changed', teamId, eventIds: [...ids] }),
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
            userId: d.playerId ? null : d.userId,
            playerId: d.playerId ?? null,
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
