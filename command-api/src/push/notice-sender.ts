import { sql, type Kysely } from 'kysely';
import { inQuietHours, notificationPreferencesSchema, withAllNotificationPreferences } from '@sideline/domain';
import type { Logger } from '@sideline/infra';
import { quietHoursOfUsers } from '@sideline/projections';
import { composeNotice, teamAudience } from './notice-messages.ts';
import {
  deliverNotice,
  recordScheduleNotice,
  SCHEDULE_CHANGE_TYPES,
  type EmailFallback,
  type NoticeTables,
} from './notice-delivery.ts';
import type { PushDelivery } from './push-delivery.ts';

export interface NoticeSenderOptions {
  db: Kysely<NoticeTables>;
  delivery: PushDelivery;
  logger: Logger;
  clock?: () => Date;
  /** How often the outbox is looked at while it is empty. */
  pollMs?: number;
  /** A notice older than this when first looked at (a replay, a long outage) is dropped. */
  maxAgeMs?: number;
  /** Email for people without a working push subscription (schedule changes and reminders). */
  email?: EmailFallback | null;
}

interface OutboxRow {
  seq: string;
  event_id: string;
  event_type: string;
  data: unknown;
  actor_id: string | null;
  occurred_at: Date;
}

const CLAIM_SECONDS = 60;
const BATCH = 20;
const SENDING_AT_ONCE = 5;

/**
 * Sends the notices the notices projector queued. Rows are claimed with FOR UPDATE SKIP LOCKED
 * and a lease, so two processes never work on the same notice; each push is recorded in
 * push_deliveries before it is sent, so a notice taken up again after a crash or by another
 * process skips the devices already told. Runs beside the projection runner.
 */
export function startNoticeSender(options: NoticeSenderOptions): { stop(): Promise<void>; drain(): Promise<void> } {
  const { db, delivery, logger } = options;
  const clock = options.clock ?? (() => new Date());
  const pollMs = options.pollMs ?? 250;
  const maxAgeMs = options.maxAgeMs ?? 60 * 60 * 1000;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;

  async function claim(): Promise<OutboxRow[]> {
    const { rows } = await sql<OutboxRow>`
      UPDATE notice_outbox SET claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS})
       WHERE seq IN (
         SELECT seq FROM notice_outbox
          WHERE done_at IS NULL AND (claimed_until IS NULL OR claimed_until < now())
          ORDER BY seq LIMIT ${BATCH}
          FOR UPDATE SKIP LOCKED)
      RETURNING seq, event_id, event_type, data, actor_id, occurred_at`.execute(db);
    return [...rows].sort((a, b) => Number(a.seq) - Number(b.seq));
  }

  const recorded = async (noticeId: string) =>
    (await db.selectFrom('notice_records').select('notice_id').where('notice_id', '=', noticeId).executeTakeFirst()) !==
    undefined;

  async function send(row: OutboxRow): Promise<void> {
    const now = clock();
    // Too old to send (a replay, a long outage). A schedule change still enters the proof of who
    // was told (with nobody told), unless it is there already (a rebuild's replay).
    const old = now.getTime() - new Date(row.occurred_at).getTime() > maxAgeMs;
    if (old && (!SCHEDULE_CHANGE_TYPES.has(row.event_type) || (await recorded(row.event_id)))) return;
    const notice = await composeNotice(db, row, now);
    if (!notice) return;
    await recordScheduleNotice(db, row, notice);
    if (old) return;
    const audience = notice.userIds
      ? new Map(notice.userIds.map((userId) => [userId, notice.teamIds]))
      : await teamAudience(db, notice.teamIds);
    if (row.actor_id) audience.delete(row.actor_id);
    const userIds = [...audience.keys()];
    if (userIds.length === 0) return;
    const [preferences, mutes, quiet] = await Promise.all([
      db.selectFrom('users').select(['id', 'notification_preferences']).where('id', 'in', userIds).execute(),
      db
        .selectFrom('team_notification_mutes')
        .select(['user_id', 'team_id'])
        .where('user_id', 'in', userIds)
        .where('team_id', 'in', notice.teamIds)
        .execute(),
      quietHoursOfUsers(db, userIds),
    ]);
    const wants = new Set(
      preferences
        .filter((p: { notification_preferences: unknown }) => {
          const parsed = notificationPreferencesSchema.safeParse(p.notification_preferences);
          return parsed.success ? withAllNotificationPreferences(parsed.data)[notice.preference] : true;
        })
        .map((p: { id: string }) => p.id),
    );
    const muted = new Map<string, Set<string>>();
    for (const m of mutes as { user_id: string; team_id: string }[]) {
      muted.set(m.user_id, (muted.get(m.user_id) ?? new Set()).add(m.team_id));
    }
    const told = userIds.filter((userId) => {
      if (!wants.has(userId)) return false;
      // Told when one of their teams in it is not muted (a match between two of their teams).
      if (audience.get(userId)!.every((teamId) => muted.get(userId)?.has(teamId))) return false;
      return notice.urgent || !inQuietHours(quiet.get(userId) ?? null, now);
    });
    await deliverNotice({ db, delivery, email: options.email ?? null, logger, clock }, row, notice, told);
  }

  async function round(): Promise<number> {
    const rows = await claim();
    // A few subjects at a time (each waits mostly on the database and the push services), but a
    // subject's notices in log order: they share a tag, and a device shows the last one it got.
    const bySubject = new Map<string, OutboxRow[]>();
    for (const row of rows) {
      const key = subjectOf(row);
      bySubject.set(key, [...(bySubject.get(key) ?? []), row]);
    }
    const queues = [...bySubject.values()];
    let next = 0;
    const worker = async () => {
      for (let queue = queues[next++]; queue !== undefined; queue = queues[next++]) {
        for (const row of queue) {
          try {
            await send(row);
          } catch (err) {
            logger.warn({ err, eventId: row.event_id }, 'could not send a notice');
          }
          await db.updateTable('notice_outbox').set({ done_at: clock() }).where('seq', '=', row.seq).execute();
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(SENDING_AT_ONCE, queues.length) }, worker));
    return rows.length;
  }

  async function loop(): Promise<void> {
    if (stopped) return;
    let found = 0;
    try {
      found = await round();
    } catch (err) {
      if (!stopped) logger.warn({ err }, 'notice outbox unavailable; trying again');
    }
    if (stopped) return;
    timer = setTimeout(
      () => {
        running = loop();
      },
      found > 0 ? 0 : pollMs,
    );
    timer.unref();
  }

  running = loop();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
    /** Sends whatever is queued now (tests). */
    async drain() {
      while ((await round()) > 0);
    },
  };
}

/** What a notice is about (a match, an event, a stream, a team's chat): its notices go out in order. */
function subjectOf(row: OutboxRow): string {
  const data = (row.data ?? {}) as Record<string, unknown>;
  for (const key of ['matchId', 'eventId', 'livestreamId', 'teamId']) {
    if (typeof data[key] === 'string') return `${key}:${data[key]}`;
  }
  return row.event_id;
}
