/**
 * The browser side of Web Push: whether this browser can, its service worker registration, and
 * the PushSubscription it holds. Each function answers quietly where the browser has no Push API.
 */

/** How long to wait for the service worker (registered once the page is idle) before giving up. */
const READY_TIMEOUT_MS = 10_000;

export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

export function notificationPermission(): NotificationPermission {
  return isPushSupported() ? Notification.permission : 'denied';
}

/** The app's service worker registration, waiting for it to be registered when needed. */
export async function pushRegistration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing?.active) return existing;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error('The app is still getting ready on this device. Try again in a moment.')),
      READY_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The PushSubscription this browser holds, if any (without waiting for a worker that is not there). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!isPushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The endpoint to name when signing out, so the server stops pushing to this browser. */
export async function pushEndpointForSignOut(): Promise<string | null> {
  try {
    return (await currentPushSubscription())?.endpoint ?? null;
  } catch {
    return null;
  }
}

/** After signing out, the browser drops its subscription too: the next person here starts off. */
export async function dropBrowserPushSubscription(): Promise<void> {
  try {
    await (await currentPushSubscription())?.unsubscribe();
  } catch {
    // Nothing more to do: the server has already forgotten this browser.
  }
}

/** A base64url VAPID key as the bytes PushManager.subscribe takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}
