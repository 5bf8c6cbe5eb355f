import type { Kysely } from 'kysely';
import type { PushMessage } from '@sideline/domain';
import type { Logger, Mailer } from '@sideline/infra';
import { pushSubscriptionsOfUsers, type ReadModels } from '@sideline/projections';
import type { ChatPushTables } from './chat-push.ts';
import type { ComposedNotice } from './notice-messages.ts';
import type { NoticeProofTables } from './notice-proof-tables.ts';
import type { NoticeDeliveryTables } from './notice-tables.ts';
import type { PushDelivery } from './push-delivery.ts';
import type { UnsubscribeTokens } from './unsubscribe-tokens.ts';

/** The changes to a team's schedule: each is a notice per family, and the proof lists them. */
export const SCHEDULE_CHANGE_TYPES = new Set([
  'EventScheduled',
  'EventChanged',
  'EventCancelled',
  'OccurrenceCancelled',
  'OccurrenceRestored',
]);

/** Email for those without a working push subscription: set when this process sends notices. */
export interface EmailFallback {
  mailer: Mailer;
  tokens: UnsubscribeTokens;
  /**
   * Where links in an email point: PUBLIC_ORIGIN, else the address this server listens on (known
   * only once it listens, hence asked for each email).
   */
  publicOrigin: () => string;
}

export interface NoticeDeliveryDeps {
  db: Kysely<NoticeTables>;
  delivery: PushDelivery;
  email: EmailFallback | null;
  logger: Logger;
  clock: () => Date;
}

interface Row {
  event_id: string;
  event_type: string;
  data: unknown;
  occurred_at: Date;
}

/** What sending a notice reads and writes: the read models and the sender's own tables. */
export type NoticeTables = ReadModels &
  NoticeDeliveryTables &
  NoticeProofTables &
  ChatPushTables & { push_deliveries: { channel: string } };

/** Keeps a schedule change for the proof of who was told (once, whoever sends it). */
export async function recordScheduleNotice(db: Kysely<NoticeTables>, row: Row, notice: ComposedNotice): Promise<void> {
  if (!SCHEDULE_CHANGE_TYPES.has(row.event_type)) return;
  const { eventId } = row.data as { eventId: string };
  await db
    .insertInto('notice_records')
    .values({
      notice_id: row.event_id,
      team_id: notice.teamIds[0]!,
      subject_id: eventId,
      at: new Date(row.occurred_at),
      summary: `${notice.message.title} · ${notice.message.body}`,
    })
    .onConflict((oc) => oc.column('notice_id').doNothing())
    .execute();
}

/**
 * Hands a notice to the people told of it: a push to each of their devices, and an email to each
 * without a working one (none, or every one gone) when it is about the schedule or a reminder.
 * Every push and every email is recorded in push_deliveries before it is sent, so a notice taken
 * up again after a crash or by another process skips whoever was already told. Resolves with the
 * people reached this time: a push service took a push to one of their devices, or the mail
 * server (or the outbox) took their email.
 */
export async function deliverNotice(
  deps: NoticeDeliveryDeps,
  row: Row,
  notice: ComposedNotice,
  told: readonly string[],
): Promise<Set<string>> {
  const { delivery, clock } = deps;
  const { db } = deps;
  const reached = new Set<string>();
  if (told.length === 0) return reached;
  const now = clock();
  const message: PushMessage = { ...notice.message, noticeId: row.event_id };
  const devices = await pushSubscriptionsOfUsers(deps.db, [...told]);
  const working = new Set(devices.map((d) => d.userId));
  if (devices.length > 0) {
    const recorded = await db
      .insertInto('push_deliveries')
      .values(
        devices.map((d) => ({
          event_id: row.event_id,
          user_id: d.userId,
          endpoint: d.endpoint,
          channel: 'push',
          sent_at: now,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .returning(['user_id', 'endpoint'])
      .execute();
    const fresh = new Set(recorded.map((r) => `${r.user_id} ${r.endpoint}`));
    const outcomes = await delivery.toSubscriptions(
      devices.filter((d) => fresh.has(`${d.userId} ${d.endpoint}`)),
      message,
      notice.urgent ? { urgency: 'high' } : {},
    );
    for (const o of outcomes) {
      if (o.outcome.kind === 'delivered') reached.add(o.userId);
      await db
        .updateTable('push_deliveries')
        .set({ status: o.outcome.status, delivered_at: o.outcome.kind === 'delivered' ? clock() : null })
        .where('event_id', '=', row.event_id)
        .where('user_id', '=', o.userId)
        .where('endpoint', '=', o.endpoint)
        .execute();
    }
    // A person whose every device the push service forgot just now has no working one left.
    const gone = new Set(outcomes.filter((o) => o.outcome.kind === 'gone').map((o) => `${o.userId} ${o.endpoint}`));
    for (const userId of working) {
      if (devices.filter((d) => d.userId === userId).every((d) => gone.has(`${d.userId} ${d.endpoint}`))) {
        working.delete(userId);
      }
    }
  }
  const mails = notice.preference === 'eventReminders' || SCHEDULE_CHANGE_TYPES.has(row.event_type);
  const unreached = told.filter((userId) => !working.has(userId));
  if (deps.email && mails && unreached.length > 0) {
    for (const userId of await mail(deps, deps.email, row, notice, message, unreached)) reached.add(userId);
  }
  return reached;
}

async function mail(
  deps: NoticeDeliveryDeps,
  email: EmailFallback,
  row: Row,
  notice: ComposedNotice,
  message: PushMessage,
  userIds: string[],
): Promise<string[]> {
  const { db } = deps;
  const mailed: string[] = [];
  const people = await db.selectFrom('users').select(['id', 'email', 'name']).where('id', 'in', userIds).execute();
  if (people.length === 0) return mailed;
  const recorded = await db
    .insertInto('push_deliveries')
    .values(
      people.map((p) => ({
        event_id: row.event_id,
        user_id: p.id,
        endpoint: `mailto:${p.email}`,
        channel: 'email',
        sent_at: deps.clock(),
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .returning(['user_id'])
    .execute();
  const fresh = new Set(recorded.map((r) => r.user_id));
  const link = new URL(message.url, email.publicOrigin()).toString();
  for (const person of people.filter((p) => fresh.has(p.id))) {
    const unsubscribe = new URL('/api/notifications/unsubscribe', email.publicOrigin());
    unsubscribe.searchParams.set('token', email.tokens.make(person.id, notice.preference));
    try {
      await email.mailer.send({
        to: person.email,
        subject: message.title,
        text:
          `${message.body}\n\n${link}\n\n` +
          'You get this by email because no device of yours has Sideline notifications turned on.\n' +
          `Stop these emails: ${unsubscribe.toString()}\n`,
        link,
        headers: {
          'List-Unsubscribe': `<${unsubscribe.toString()}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      await db
        .updateTable('push_deliveries')
        .set({ status: 250, delivered_at: deps.clock() })
        .where('event_id', '=', row.event_id)
        .where('user_id', '=', person.id)
        .where('endpoint', '=', `mailto:${person.email}`)
        .execute();
      mailed.push(person.id);
    } catch (err) {
      deps.logger.warn({ err, userId: person.id }, 'notice email not sent');
    }
  }
  return mailed;
}
