import type { Kysely } from 'kysely';
import type { ReadModels } from '../read-models.ts';
import { quietHoursSchema, type PushSubscriptionView, type QuietHours } from '@sideline/domain';

export interface StoredPushSubscription {
  userId: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A person's devices, oldest first. */
export async function pushSubscriptionsOfUser(db: Kysely<ReadModels>, userId: string): Promise<PushSubscriptionView[]> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .select(['endpoint', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({ endpoint: r.endpoint, createdAt: new Date(r.created_at).toISOString() }));
}

/** Every device of these people. */
export async function pushSubscriptionsOfUsers(
  db: Kysely<ReadModels>,
  userIds: readonly string[],
): Promise<StoredPushSubscription[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('push_subscriptions')
    .select(['user_id', 'endpoint', 'p256dh', 'auth'])
    .where('user_id', 'in', [...userIds])
    .execute();
  return rows.map((r) => ({ userId: r.user_id, endpoint: r.endpoint, keys: { p256dh: r.p256dh, auth: r.auth } }));
}

export async function mutedTeamIdsOfUser(db: Kysely<ReadModels>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('team_notification_mutes').select('team_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.team_id);
}

export async function quietHoursOfUsers(
  db: Kysely<ReadModels>,
  userIds: readonly string[],
): Promise<Map<string, QuietHours>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('quiet_hours')
    .select(['user_id', 'quiet_hours'])
    .where('user_id', 'in', [...userIds])
    .execute();
  const found = new Map<string, QuietHours>();
  for (const r of rows) {
    const parsed = quietHoursSchema.safeParse(r.quiet_hours);
    if (parsed.success) found.set(r.user_id, parsed.data);
  }
  return found;
}
