import type { PushSubscriptionInput } from '@sideline/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { deletePushSubscription, notificationKeys, postPushSubscription, pushPublicKeyQueryOptions } from './api.ts';
import {
  applicationServerKey,
  currentPushSubscription,
  isPushSupported,
  notificationPermission,
  pushRegistration,
} from './push-support.ts';

/** What this device does about notifications. */
export type PushState = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on';

interface Snapshot {
  state: PushState;
  endpoint: string | null;
  busy: boolean;
}

// One state for the whole page: the offer after an answer and Settings show the same device.
let snapshot: Snapshot = { state: 'checking', endpoint: null, busy: false };
const listeners = new Set<() => void>();
const set = (next: Partial<Snapshot>) => {
  snapshot = { ...snapshot, ...next };
  listeners.forEach((listener) => listener());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

async function check(): Promise<void> {
  if (!isPushSupported()) return set({ state: 'unsupported', endpoint: null });
  if (notificationPermission() === 'denied') return set({ state: 'blocked', endpoint: null });
  const subscription = await currentPushSubscription().catch(() => null);
  set({ state: subscription ? 'on' : 'off', endpoint: subscription?.endpoint ?? null });
}

/**
 * This browser's notifications: its state (not supported, blocked, off, on), turning them on
 * (asks the permission, subscribes with the server's VAPID key and hands the subscription to the
 * server) and off (the server forgets it, then the browser). Errors are thrown to the caller,
 * which shows them.
 */
export function usePushSubscription() {
  const queryClient = useQueryClient();
  const current = useSyncExternalStore(subscribe, () => snapshot);

  useEffect(() => {
    void check();
  }, []);

  const turnOn = useCallback(async () => {
    if (!isPushSupported()) throw new Error('This browser cannot show notifications.');
    set({ busy: true });
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        set({ state: permission === 'denied' ? 'blocked' : 'off' });
        throw new Error(
          permission === 'denied'
            ? 'Notifications are blocked for Sideline. Allow them in your browser’s site settings.'
            : 'Notifications stay off until you allow them.',
        );
      }
      const { publicKey } = await queryClient.fetchQuery(pushPublicKeyQueryOptions);
      const registration = await pushRegistration();
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager
          .subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) })
          .catch((error: unknown) => {
            // The browser's push service said no (offline, or a browser without one): say it was the browser.
            const reason = error instanceof Error && error.message ? ` (${error.message})` : '';
            throw new Error(`This browser could not turn notifications on${reason}. Try again later.`);
          }));
      await postPushSubscription(subscription.toJSON() as PushSubscriptionInput);
      set({ state: 'on', endpoint: subscription.endpoint });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.subscriptions });
    } finally {
      set({ busy: false });
    }
  }, [queryClient]);

  const turnOff = useCallback(async () => {
    set({ busy: true });
    try {
      const subscription = await currentPushSubscription();
      if (subscription) {
        await deletePushSubscription(subscription.endpoint);
        await subscription.unsubscribe();
      }
      set({ state: 'off', endpoint: null });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.subscriptions });
    } finally {
      set({ busy: false });
    }
  }, [queryClient]);

  return { ...current, turnOn, turnOff };
}
