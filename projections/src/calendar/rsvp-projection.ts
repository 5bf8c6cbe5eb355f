import type { Insertable, Kysely } from 'kysely';
import type { RecordedEvent } from '@sideline/infra';
import type { RsvpRecorded } from '@sideline/domain';
import type { PlayersTables } from '../players/players-read-model.ts';
import type { TeamsTables } from '../teams/teams-read-model.ts';
import type { UsersTables } from '../identity/users-read-model.ts';
import { LATE_CHANGE_WINDOW_MS, type CalendarTables } from './calendar-read-model.ts';

type DB = CalendarTables & TeamsTables & UsersTables & PlayersTables;

/** A late change to Not Going found while applying, with the coaches to tell, for `afterCommit`. */
export interface LateChange {
  coachIds: string[];
  userName: string;
  eventTitle: string;
}

/** Late changes to Not Going found by `apply`, for `afterCommit`. */
export const lateChanges = new WeakMap<RecordedEvent, LateChange>();

const subjectOf = (d: RsvpRecorded['data']) => (d.playerId ? `p:${d.playerId}` : `u:${d.userId}`);
const keyOf = (d: RsvpRecorded['data']) => `${d.eventId}|${new Date(d.occurrenceDate).toISOString()}|${subjectOf(d)}`;

/**
 * A run of answers, in log order: the ledger gets every change with what it replaced, and the
 * current answer per (event, occurrence, member or player) is written once, whatever the run's
 * size (a member's own answers and a player's answers each in their table).
 */
export async function upsertRsvps(db: Kysely<DB>, events: readonly RecordedEvent[]): Promise<void> {
  if (events.length === 0) return;
  const data = events.map((e) => e.data as RsvpRecorded['data']);
  const eventIds = [...new Set(data.map((d) => d.eventId))];
  const userIds = [...new Set(data.filter((d) => !d.playerId).map((d) => d.userId))];
  const playerIds = [...new Set(data.flatMap((d) => (d.playerId ? [d.playerId] : [])))];
  // The answers as they stand before this run: one query per table on its primary key.
  const current = new Map<string, string>();
  const [own, players] = await Promise.all([
    userIds.length === 0
      ? []
      : db
          .selectFrom('calendar_rsvps')
          .select(['event_id', 'occurrence_date', 'user_id', 'status'])
          .where('event_id', 'in', eventIds)
          .where('user_id', 'in', userIds)
          .execute(),
    playerIds.length === 0
      ? []
      : db
          .selectFrom('calendar_player_rsvps')
          .select(['event_id', 'occurrence_date', 'player_id', 'status'])
          .where('event_id', 'in', eventIds)
          .where('player_id', 'in', playerIds)
          .execute(),
  ]);
  for (const r of own) current.set(`${r.event_id}|${r.occurrence_date.toISOString()}|u:${r.user_id}`, r.status);
  for (const r of players) current.set(`${r.event_id}|${r.occurrence_date.toISOString()}|p:${r.player_id}`, r.status);

  const ledger: Insertable<CalendarTables['rsvp_ledger']>[] = [];
  const lastOwn = new Map<string, Insertable<CalendarTables['calendar_rsvps']>>();
  const lastPlayer = new Map<string, Insertable<CalendarTables['calendar_player_rsvps']>>();
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
    // The account that gave it: the event's actor (its `userId` where a test recorded none).
    const answeredBy = e.metadata.actorId ?? d.userId;
    ledger.push({
      id: e.id,
      event_id: d.eventId,
      team_id: d.teamId,
      occurrence_date: occurrence,
      user_id: d.playerId ? null : d.userId,
      player_id: d.playerId ?? null,
      answered_by: e.metadata.actorId,
      status: d.status,
      previous_status: previous,
      recorded_at: recordedAt,
      late: isLate,
    });
    current.set(key, d.status);
    // The last answer per key in the run wins: one statement per table.
    if (d.playerId) {
      lastPlayer.set(key, {
        event_id: d.eventId,
        occurrence_date: occurrence,
        player_id: d.playerId,
        team_id: d.teamId,
        id: lastPlayer.get(key)?.id ?? e.id,
        status: d.status,
        answered_by: answeredBy,
        updated_at: recordedAt,
        late_change: isLate,
      });
    } else {
      lastOwn.set(key, {
        event_id: d.eventId,
        occurrence_date: occurrence,
        user_id: d.userId,
        id: lastOwn.get(key)?.id ?? e.id,
        status: d.status,
        updated_at: recordedAt,
        late_change: isLate,
        answered_by: answeredBy,
      });
    }
  }
  for (let i = 0; i < ledger.length; i += 1000) {
    await db
      .insertInto('rsvp_ledger')
      .values(ledger.slice(i, i + 1000))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  if (lastOwn.size > 0) {
    await db
      .insertInto('calendar_rsvps')
      .values([...lastOwn.values()])
      .onConflict((oc) =>
        oc.columns(['event_id', 'occurrence_date', 'user_id']).doUpdateSet((eb) => ({
          status: eb.ref('excluded.status'),
          updated_at: eb.ref('excluded.updated_at'),
          late_change: eb.ref('excluded.late_change'),
          answered_by: eb.ref('excluded.answered_by'),
        })),
      )
      .execute();
  }
  if (lastPlayer.size > 0) {
    await db
      .insertInto('calendar_player_rsvps')
      .values([...lastPlayer.values()])
      .onConflict((oc) =>
        oc.columns(['event_id', 'occurrence_date', 'player_id']).doUpdateSet((eb) => ({
          status: eb.ref('excluded.status'),
          updated_at: eb.ref('excluded.updated_at'),
          late_change: eb.ref('excluded.late_change'),
          answered_by: eb.ref('excluded.answered_by'),
        })),
      )
      .execute();
  }
  if (late.length > 0) await findLateNotices(db, late);
}

/** The coaches of the teams concerned, and the names of who dropped out, for the notices. */
async function findLateNotices(db: Kysely<DB>, late: readonly RecordedEvent[]): Promise<void> {
  const lateData = late.map((e) => e.data as RsvpRecorded['data']);
  const teamIds = [...new Set(lateData.map((d) => d.teamId))];
  const userIds = [...new Set(lateData.filter((d) => !d.playerId).map((d) => d.userId))];
  const playerIds = [...new Set(lateData.flatMap((d) => (d.playerId ? [d.playerId] : [])))];
  const [coaches, names, playerNames, titles] = await Promise.all([
    db
      .selectFrom('team_members')
      .select(['team_id', 'user_id'])
      .where('team_id', 'in', teamIds)
      .where('assigned_role', '=', 'coach')
      .execute(),
    userIds.length === 0 ? [] : db.selectFrom('users').select(['id', 'name']).where('id', 'in', userIds).execute(),
    playerIds.length === 0
      ? []
      : db.selectFrom('players').select(['id', 'name']).where('id', 'in', playerIds).execute(),
    db
      .selectFrom('calendar_events')
      .select(['id', 'title'])
      .where('id', 'in', [...new Set(lateData.map((d) => d.eventId))])
      .execute(),
  ]);
  for (const e of late) {
    const d = e.data as RsvpRecorded['data'];
    const name = d.playerId
      ? playerNames.find((n) => n.id === d.playerId)?.name
      : names.find((n) => n.id === d.userId)?.name;
    lateChanges.set(e, {
      coachIds: coaches.filter((c) => c.team_id === d.teamId).map((c) => c.user_id),
      userName: name ?? 'Someone',
      eventTitle: titles.find((t) => t.id === d.eventId)?.title ?? 'an event',
    });
  }
}
