import type { Kysely } from 'kysely';
import {
  LEGACY_TIME_ZONE,
  type EventChanged,
  type EventScheduled,
  type EventSeriesContinued,
  type ReminderSent,
  type StatRecorded,
} from '@sideline/domain';
import type { Projector } from '../runner/projector.ts';
import type { NoticesTables } from './notices-read-model.ts';

/** The events people are told about (push, later email). */
export const noticeEventTypes = [
  'EventScheduled',
  'EventChanged',
  'EventCancelled',
  'OccurrenceCancelled',
  'OccurrenceRestored',
  'MediaUploaded',
  'MatchStarted',
  'StatRecorded',
  'MatchCompleted',
  'LivestreamStarted',
  'ReminderSent',
  'MessageSent',
] as const;

/** A goal is the only stat anyone is told about. */
const tellsSomeone = (type: string, data: unknown) =>
  type !== 'StatRecorded' || ['goals', 'goal'].includes((data as StatRecorded['data']).statType);

/**
 * Queues a notice per event people are told about (notice_outbox), and keeps what notices say of
 * calendar events (notice_events). The runner applies each event once, on the leading process,
 * and an event already queued is not queued again.
 */
export const noticesProjector: Projector<NoticesTables> = {
  name: 'notices',
  handles: [...noticeEventTypes, 'EventSeriesContinued'],
  tables: ['notice_outbox', 'notice_events', 'reminders_sent'],
  async apply(trx, events) {
    const db: Kysely<NoticesTables> = trx;
    for (const e of events) {
      if (e.type === 'EventScheduled' || e.type === 'EventSeriesContinued') {
        const d = e.data as EventScheduled['data'] | EventSeriesContinued['data'];
        const startsAt = new Date(d.startsAt);
        const zone = d.timeZone ?? LEGACY_TIME_ZONE;
        const row = { title: d.title, time_zone: zone, starts_at: startsAt };
        await db
          .insertInto('notice_events')
          .values({ event_id: d.eventId, team_id: d.teamId, ...row })
          .onConflict((oc) => oc.column('event_id').doUpdateSet(row))
          .execute();
        if (e.type === 'EventSeriesContinued') continue;
      }
      if (e.type === 'EventChanged') {
        const d = e.data as EventChanged['data'];
        const title = d.changes.title?.to;
        if (d.scope === 'series' && title !== undefined) {
          await db.updateTable('notice_events').set({ title }).where('event_id', '=', d.eventId).execute();
        }
        if (d.scope === 'series' && d.seriesStartsAt) {
          await db
            .updateTable('notice_events')
            .set({ starts_at: new Date(d.seriesStartsAt) })
            .where('event_id', '=', d.eventId)
            .execute();
        }
      }
      if (e.type === 'ReminderSent') {
        const d = e.data as ReminderSent['data'];
        await db
          .insertInto('reminders_sent')
          .values({
            event_id: d.eventId,
            occurrence_date: new Date(d.occurrenceDate),
            reminder_window: d.window,
            team_id: d.teamId,
            sent_at: new Date(e.metadata.occurredAt),
          })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      if (!tellsSomeone(e.type, e.data)) continue;
      await db
        .insertInto('notice_outbox')
        .values({
          event_id: e.id,
          event_type: e.type,
          data: JSON.stringify(e.data),
          actor_id: e.metadata.actorId ?? null,
          occurred_at: new Date(e.metadata.occurredAt),
        })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .execute();
    }
  },
  changes: () => ({ teams: [], users: [] }),
};
