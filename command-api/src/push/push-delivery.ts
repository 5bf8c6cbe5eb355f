import type { Kysely } from 'kysely';
import { pushDecider, userStream, type PushMessage } from '@sideline/domain';
import type { Logger } from '@sideline/infra';
import { pushSubscriptionsOfUsers, type ReadModels, type StoredPushSubscription } from '@sideline/projections';
import type { CommandHandler } from '../shared/command-handler.ts';
import type { PushOutcome, SendPush } from './push-sender.ts';

export interface DeliveryOutcome {
  userId: string;
  endpoint: string;
  outcome: PushOutcome;
}

export interface PushDelivery {
  /** Sends `message` to every device of these people; a device the push service forgot is removed. */
  toUsers(
    userIds: readonly string[],
    message: PushMessage,
    options?: { onlyEndpoint?: string | undefined; urgency?: 'normal' | 'high' },
  ): Promise<DeliveryOutcome[]>;
  /** Sends to the given devices (already chosen). */
  toSubscriptions(
    targets: readonly StoredPushSubscription[],
    message: PushMessage,
    options?: { urgency?: 'normal' | 'high' },
  ): Promise<DeliveryOutcome[]>;
}

/** At most this many pushes in flight at once per process. */
const CONCURRENCY = 16;

export function createPushDelivery(deps: {
  db: Kysely<ReadModels>;
  handle: CommandHandler;
  send: SendPush;
  logger: Logger;
}): PushDelivery {
  const { db, handle, send, logger } = deps;

  async function toSubscriptions(
    targets: readonly StoredPushSubscription[],
    message: PushMessage,
    options: { urgency?: 'normal' | 'high' } = {},
  ): Promise<DeliveryOutcome[]> {
    const outcomes: DeliveryOutcome[] = [];
    let next = 0;
    const worker = async () => {
      while (next < targets.length) {
        const target = targets[next++]!;
        const outcome = await send(target, message, {
          topic: message.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
          ...(options.urgency ? { urgency: options.urgency } : {}),
        });
        outcomes.push({ userId: target.userId, endpoint: target.endpoint, outcome });
        if (outcome.kind === 'gone') await forget(target);
        else if (outcome.kind === 'failed') {
          logger.warn({ endpoint: new URL(target.endpoint).origin, reason: outcome.reason }, 'push not delivered');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, targets.length) }, worker));
    return outcomes;
  }

  async function forget(target: StoredPushSubscription): Promise<void> {
    try {
      await handle(
        pushDecider,
        userStream(target.userId),
        { type: 'RemovePushSubscription', data: { userId: target.userId, endpoint: target.endpoint, reason: 'gone' } },
        { actorId: null },
        { waitFor: null },
      );
    } catch (err) {
      logger.warn({ err, userId: target.userId }, 'could not remove a push subscription the push service forgot');
    }
  }

  return {
    toSubscriptions,
    async toUsers(userIds, message, options = {}) {
      const all = await pushSubscriptionsOfUsers(db, userIds);
      const targets = options.onlyEndpoint ? all.filter((s) => s.endpoint === options.onlyEndpoint) : all;
      return toSubscriptions(targets, message, options.urgency ? { urgency: options.urgency } : {});
    },
  };
}
