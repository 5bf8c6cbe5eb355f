/// <reference lib="webworker" />
/**
 * Sideline's service worker (built by vite-plugin-pwa into /sw.js, scope /):
 * - precaches the page and every hashed file of this build, so moving between screens offline
 *   never fails on a screen's code, and a reload offline shows the app;
 * - answers every navigation with the precached page (the app routes itself), except /api/…
 *   and /ws, which always go to the server;
 * - leaves API reads and writes to the network: offline reading comes from the app's stored
 *   query cache and writes wait in its outbox (web/src/lib/offline), both per signed-in user;
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

// The first install takes the open page at once (there is no older version to wait for).
clientsClaim();
