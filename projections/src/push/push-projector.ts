import type { Kysely } from 'kysely';
import { pushEventTypes, type PushEvent } from '@sideline/domain';
import type { Projector } from '../runner/projector.ts';
import type { ReadModelChanges } from '../runner/read-model-changes.ts';
import type { PushTables } from './push-read-model.ts';

/** Push subscriptions, team mutes and quiet hours, from the user streams. */
export const pushProjector: Projector<PushTables> = {
  name: 'push',
  handles: pushEventTypes,
  tables: ['push_subscriptions', 'team_notification_mutes', 'quiet_hours'],
  async apply(trx, events) {
    const db: Kysely<PushTables> = trx;
    for (const recorded of events) {
      const e = { type: recorded.type, data: recorded.data } as PushEvent;
      switch (e.type) {
        case 'PushSubscriptionAdded': {
          const { userId, endpoint, keys } = e.data;
          await db
            .insertInto('push_subscriptions')
            .values({
              user_id: userId,
              endpoint,
              p256dh: keys.p256dh,
              auth: keys.auth,
              created_at: new Date(recorded.metadata.occurredAt),
            })
            .onConflict((oc) =>
              oc.columns(['user_id', 'endpoint']).doUpdateSet({ p256dh: keys.p256dh, auth: keys.auth }),
            )
            .execute();
          break;
        }
        case 'PushSubscriptionRemoved':
          await db
            .deleteFrom('push_subscriptions')
            .where('user_id', '=', e.data.userId)
            .where('endpoint', '=', e.data.endpoint)
            .execute();
          break;
        case 'TeamNotificationsMuted':
          if (e.data.muted) {
            await db
              .insertInto('team_notification_mutes')
              .values({ user_id: e.data.userId, team_id: e.data.teamId })
              .onConflict((oc) => oc.doNothing())
              .execute();
          } else {
            await db
              .deleteFrom('team_notification_mutes')
              .where('user_id', '=', e.data.userId)
              .where('team_id', '=', e.data.teamId)
              .execute();
          }
          break;
        case 'QuietHoursSet':
          if (e.data.quietHours) {
            const value = JSON.stringify(e.data.quietHours);
            await db
              .insertInto('quiet_hours')
              .values({ user_id: e.data.userId, quiet_hours: value })
              .onConflict((oc) => oc.column('user_id').doUpdateSet({ quiet_hours: value }))
              .execute();
          } else {
            await db.deleteFrom('quiet_hours').where('user_id', '=', e.data.userId).execute();
          }
          break;
      }
    }
  },
  changes(events): ReadModelChanges {
    return { teams: [], users: events.map((e) => (e.data as { userId: string }).userId) };
  },
  // Nobody watches these live: fewer, larger batches.
  batchIntervalMs: 100,
};
