import { vi } from 'vitest';

/** jsdom has no Push API: a stand-in for Notification, PushManager and the service worker registration. */
export const FAKE_ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1';
const p256dh = btoa(String.fromCharCode(4, ...new Array<number>(64).fill(7)))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');
const auth = btoa(String.fromCharCode(...new Array<number>(16).fill(9)))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');

export function fakePushApi({
  permission = 'default' as NotificationPermission,
  answer = 'granted' as NotificationPermission,
  subscribed = false,
} = {}) {
  const state = { permission, subscription: null as PushSubscription | null };
  const makeSubscription = () =>
    ({
      endpoint: FAKE_ENDPOINT,
      toJSON: () => ({ endpoint: FAKE_ENDPOINT, expirationTime: null, keys: { p256dh, auth } }),
      unsubscribe: vi.fn(async () => {
        state.subscription = null;
        return true;
      }),
    }) as unknown as PushSubscription;
  if (subscribed) state.subscription = makeSubscription();
  const pushManager = {
    getSubscription: vi.fn(async () => state.subscription),
    subscribe: vi.fn(async () => {
      state.subscription = makeSubscription();
      return state.subscription;
    }),
  };
  const registration = { active: {}, pushManager } as unknown as ServiceWorkerRegistration;
  const requestPermission = vi.fn(async () => {
    state.permission = answer;
    return answer;
  });
  const notification = {
    get permission() {
      return state.permission;
    },
    requestPermission,
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  return { state, pushManager, requestPermission };
}

/** Back to a browser without the Push API. */
export function removePushApi() {
  Reflect.deleteProperty(navigator, 'serviceWorker');
}
