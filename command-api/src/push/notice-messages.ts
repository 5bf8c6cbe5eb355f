import { sql, type Kysely } from 'kysely';
import type { ReadModels } from '@sideline/projections';
import type {
  AllNotificationPreferences,
  EventChanged,
  LivestreamStarted,
  MatchCompleted,
  MatchStarted,
  MediaUploaded,
  MessageSent,
  OccurrenceCancelled,
  OccurrenceRestored,
  PushMessage,
  ReminderSent,
  StatRecorded,
} from '@sideline/domain';
import { firstInWindow, inTeamRoom, type ChatPushTables } from './chat-push.ts';

/** A notice ready to address: whose members hear it, under which switch, and what it says. */
export interface ComposedNotice {
  teamIds: string[];
  preference: keyof AllNotificationPreferences;
  message: PushMessage;
  /** A change to an occurrence starting within 24 hours: told even in quiet hours. */
  urgent: boolean;
  /** Exactly these people (of those teams), instead of every member and guardian: a reminder's. */
  userIds?: string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

function when(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(at);
}

async function teamNames(db: Kysely<ReadModels>, teamIds: readonly string[]): Promise<Map<string, string>> {
  if (teamIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('teams')
    .select(['id', 'name'])
    .where('id', 'in', [...teamIds])
    .execute();
  return new Map(rows.map((r: { id: string; name: string }) => [r.id, r.name]));
}

async function calendarEvent(db: Kysely<ReadModels>, eventId: string) {
  return (await db.selectFrom('notice_events').selectAll().where('event_id', '=', eventId).executeTakeFirst()) as
    { event_id: string; team_id: string; title: string; time_zone: string; starts_at: Date } | undefined;
}

/** What a queued event tells, and to which teams; null when it tells nobody (its event is gone). */
export async function composeNotice(
  db: Kysely<ReadModels & ChatPushTables>,
  row: { event_type: string; data: unknown },
  now: Date,
): Promise<ComposedNotice | null> {
  const data = row.data as never as Record<string, unknown>;
  switch (row.event_type) {
    case 'EventScheduled':
    case 'EventChanged':
    case 'EventCancelled':
    case 'OccurrenceCancelled':
    case 'OccurrenceRestored': {
      const eventId = data.eventId as string;
      const event = await calendarEvent(db, eventId);
      if (!event) return null;
      const team = (await teamNames(db, [event.team_id])).get(event.team_id) ?? 'your team';
      const base = { teamIds: [event.team_id], preference: 'eventChanges' as const };
      const url = `/events/${event.team_id}?event=${eventId}`;
      const tag = `event-${eventId}`;
      const zone = event.time_zone;
      if (row.event_type === 'EventScheduled') {
        return {
          ...base,
          urgent: false,
          message: { title: `New: ${event.title}`, body: `${team} · ${when(event.starts_at, zone)}`, url, tag },
        };
      }
      if (row.event_type === 'EventCancelled') {
        const soon = event.starts_at.getTime() - now.getTime() < DAY_MS && event.starts_at > now;
        return { ...base, urgent: soon, message: { title: `Cancelled: ${event.title}`, body: team, url, tag } };
      }
      if (row.event_type === 'OccurrenceCancelled' || row.event_type === 'OccurrenceRestored') {
        const d = data as OccurrenceCancelled['data'] | OccurrenceRestored['data'];
        const at = new Date(d.occurrenceDate);
        const reason = 'reason' in d && d.reason ? ` · ${d.reason}` : '';
        const title =
          row.event_type === 'OccurrenceCancelled' ? `Cancelled: ${event.title}` : `On again: ${event.title}`;
        return {
          ...base,
          urgent: startsWithinADay(at, now),
          message: { title, body: `${team} · ${when(at, zone)}${reason}`, url, tag },
        };
      }
      const d = data as EventChanged['data'];
      const before = d.occurrenceDate ? new Date(d.occurrenceDate) : event.starts_at;
      const after = d.changes.startsAt ? new Date(d.changes.startsAt.to) : before;
      const parts: string[] = [];
      if (d.changes.startsAt) parts.push(`Now ${when(after, zone)}`);
      if (d.changes.location) parts.push(`Now at ${d.changes.location.to}`);
      if (d.changes.title) parts.push(`Renamed from ${d.changes.title.from}`);
      if (parts.length === 0) parts.push('Details changed');
      if (d.reason) parts.push(d.reason);
      const scope = d.scope === 'series' ? 'every occurrence' : when(before, zone);
      return {
        ...base,
        urgent: startsWithinADay(before, now) || startsWithinADay(after, now),
        message: { title: `Changed: ${event.title} (${scope})`, body: `${team} · ${parts.join(' · ')}`, url, tag },
      };
    }
    case 'ReminderSent': {
      const d = data as unknown as ReminderSent['data'];
      const event = await calendarEvent(db, d.eventId);
      if (!event) return null;
      const team = (await teamNames(db, [d.teamId])).get(d.teamId) ?? 'your team';
      return {
        teamIds: [d.teamId],
        userIds: d.userIds,
        preference: 'eventReminders',
        urgent: false,
        message: {
          title: `Please answer: ${event.title}`,
          body: `${team} · ${when(new Date(d.startsAt), event.time_zone)}`,
          url: `/events/${d.teamId}?event=${d.eventId}`,
          tag: `remind-${d.eventId}`,
        },
      };
    }
    case 'MessageSent': {
      const d = data as unknown as MessageSent['data'];
      const members = await teamAudience(db, [d.teamId]);
      members.delete(d.userId);
      const connected = await inTeamRoom(db, d.teamId, [...members.keys()]);
      const away = [...members.keys()].filter((u) => !connected.has(u));
      const userIds = await firstInWindow(db, d.teamId, away, now);
      const team = (await teamNames(db, [d.teamId])).get(d.teamId) ?? 'your team';
      const sender = (await db.selectFrom('users').select('name').where('id', '=', d.userId).executeTakeFirst()) as
        { name: string } | undefined;
      const text = d.text.length > 120 ? `${d.text.slice(0, 119)}…` : d.text;
      return {
        teamIds: [d.teamId],
        userIds,
        preference: 'chatMessages',
        urgent: false,
        message: {
          title: `${sender?.name ?? 'Someone'} in ${team}`,
          body: text || 'Sent a photo',
          url: `/chat/${d.teamId}`,
          tag: `chat-${d.teamId}`,
        },
      };
    }
    case 'ChatDigest': {
      const d = data as { teamId: string; userId: string; count: number };
      const team = (await teamNames(db, [d.teamId])).get(d.teamId) ?? 'your team';
      return {
        teamIds: [d.teamId],
        userIds: [d.userId],
        preference: 'chatMessages',
        urgent: false,
        message: {
          title: `${d.count} new ${d.count === 1 ? 'message' : 'messages'} in ${team}`,
          body: 'Tap to read them',
          url: `/chat/${d.teamId}`,
          tag: `chat-${d.teamId}`,
        },
      };
    }
    case 'MediaUploaded': {
      const d = data as MediaUploaded['data'];
      const team = (await teamNames(db, [d.teamId])).get(d.teamId) ?? 'your team';
      const what = d.kind === 'video' ? 'video' : 'photo';
      return {
        teamIds: [d.teamId],
        preference: 'mediaShared',
        urgent: false,
        message: {
          title: `New ${what} in ${team}`,
          body: d.title || 'Tap to see it',
          url: `/media/${d.teamId}`,
          tag: `media-${d.teamId}`,
        },
      };
    }
    case 'MatchStarted':
    case 'StatRecorded':
    case 'MatchCompleted': {
      const d = data as unknown as (MatchStarted | StatRecorded | MatchCompleted)['data'];
      const names = await teamNames(db, d.teamIds);
      const [a, b] = [
        names.get(d.teamIds[0]) ?? 'Home',
        d.teamIds[1] ? (names.get(d.teamIds[1]) ?? 'Away') : 'Opponent',
      ];
      const base = {
        teamIds: [...d.teamIds],
        preference: 'matchUpdates' as const,
        urgent: false,
      };
      const url = `/matches/${d.matchId}`;
      const tag = `match-${d.matchId}`;
      if (row.event_type === 'MatchStarted') {
        return { ...base, message: { title: `Kick-off: ${a} vs ${b}`, body: 'The match has started', url, tag } };
      }
      if (row.event_type === 'MatchCompleted') {
        const r = d as MatchCompleted['data'];
        return { ...base, message: { title: `Final: ${a} ${r.scoreA}–${r.scoreB} ${b}`, body: 'Full time', url, tag } };
      }
      const s = d as StatRecorded['data'];
      const scorer = s.teamId ? (names.get(s.teamId) ?? 'Your team') : b;
      return { ...base, message: { title: `Goal! ${scorer}`, body: `${a} vs ${b}`, url, tag } };
    }
    case 'LivestreamStarted': {
      const d = data as unknown as LivestreamStarted['data'];
      const stream = (await db
        .selectFrom('livestreams')
        .select(['title'])
        .where('id', '=', d.livestreamId)
        .executeTakeFirst()) as { title: string } | undefined;
      const team = (await teamNames(db, [d.teamId])).get(d.teamId) ?? 'your team';
      return {
        teamIds: [d.teamId],
        preference: 'livestreams',
        urgent: false,
        message: {
          title: `Live now: ${stream?.title ?? team}`,
          body: `${team} is streaming`,
          url: `/livestream?id=${d.livestreamId}`,
          tag: `live-${d.livestreamId}`,
        },
      };
    }
    default:
      return null;
  }
}

function startsWithinADay(at: Date, now: Date): boolean {
  const ahead = at.getTime() - now.getTime();
  return ahead >= -2 * 60 * 60 * 1000 && ahead <= DAY_MS;
}

/** Every member of these teams and every guardian of a child on their rosters. */
export async function teamAudience(db: Kysely<ReadModels>, teamIds: readonly string[]): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>();
  if (teamIds.length === 0) return byUser;
  const { rows } = await sql<{ user_id: string; team_id: string }>`
    SELECT user_id, team_id FROM team_members WHERE team_id IN (${sql.join([...teamIds])})
    UNION
    SELECT user_id, team_id FROM player_guardians WHERE valid_to IS NULL AND team_id IN (${sql.join([...teamIds])})`.execute(
    db,
  );
  for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r.team_id]);
  return byUser;
}
