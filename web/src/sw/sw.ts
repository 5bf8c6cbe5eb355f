/// <reference lib="webworker" />
/**
 * Sideline's service worker (built by vite-plugin-pwa into /sw.js, scope /):
 * - precaches the page and every hashed file of this build, so moving between screens offline
 *   never fails on a screen's code, and a reload offline shows the app;
 * - answers every navigation with the precached page (the app routes itself), except /api/…
 *   and /ws, which always go to the server;
 * - leaves API reads and writes to the network: offline reading comes from the app's stored
 *   query cache and writes wait in its outbox (web/src/lib/offline), both per signed-in user;
 * - shows each Web Push as a notification ({title, body, url, tag}, as the server sends it) and
 *   opens its url on a tap, in an open window of the app when there is one;
 * - a new deploy installs beside the running one and waits until the page asks it to take over
 *   ("Reload for the new version"); the previous build's precache is removed when it does.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(?:\/|$)/, /^\/ws(?:\/|$)/],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  /** The notice it tells of: a tap is reported with it (proof that the family saw it). */
  noticeId?: string;
}

/** A payload that is not the server's JSON still shows something rather than nothing. */
function readPush(data: PushMessageData | null): PushPayload {
  const fallback: PushPayload = { title: 'Sideline', body: data?.text() ?? '', url: '/', tag: 'sideline' };
  if (!data) return fallback;
  try {
    const parsed = data.json() as Partial<PushPayload>;
    return {
      title: typeof parsed.title === 'string' && parsed.title ? parsed.title : fallback.title,
      body: typeof parsed.body === 'string' ? parsed.body : '',
      url: typeof parsed.url === 'string' && parsed.url.startsWith('/') ? parsed.url : '/',
      tag: typeof parsed.tag === 'string' && parsed.tag ? parsed.tag : fallback.tag,
      ...(typeof parsed.noticeId === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(parsed.noticeId)
        ? { noticeId: parsed.noticeId }
        : {}),
    };
  } catch {
    return fallback;
  }
}

self.addEventListener('push', (event) => {
  const { title, body, url, tag, noticeId } = readPush(event.data);
  // renotify: a newer message with the same tag (a second goal) replaces the old one and still alerts.
  const options: NotificationOptions & { renotify?: boolean } = {
    body,
    tag,
    renotify: true,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { url, noticeId },
  };
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: string; noticeId?: string } | null;
  const path = data?.url ?? '/';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      // Seen: the coach's proof of who was told. Not reported is no reason to keep the page closed.
      if (data?.noticeId) {
        await fetch(`/api/notices/${encodeURIComponent(data.noticeId)}/seen`, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        }).catch(() => undefined);
      }
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        // A browser may refuse the focus (it saw no activation it counts); the window still goes
        // to the notice's screen, and only a window that cannot be navigated gives way to a new one.
        const focused = await open.focus().catch(() => open);
        if (await focused.navigate(target).catch(() => null)) return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});

// The first install takes the open page at once (there is no older version to wait for).
clientsClaim();
