import { setUpdateWaiting } from './update-store.ts';

/** How often an open app asks whether a new version was deployed (on becoming visible). */
const UPDATE_CHECK_EVERY_MS = 10 * 60 * 1000;

/**
 * Registers the service worker (/sw.js, web/src/sw/sw.ts) once the page has loaded and the
 * browser is idle: its precaching of the whole app must not compete with the first screen.
 * When a new deploy's worker is installed and waits, the page offers "Reload for the new
 * version" (UpdateBanner); accepting activates it and reloads once it controls the page.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const start = () => {
    void import('workbox-window').then(({ Workbox }) => {
      const workbox = new Workbox('/sw.js', { scope: '/' });
      workbox.addEventListener('waiting', () =>
        setUpdateWaiting(() => {
          workbox.addEventListener('controlling', () => window.location.reload());
          workbox.messageSkipWaiting();
        }),
      );
      void workbox.register();
      let checkedAt = Date.now();
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState !== 'visible' || Date.now() - checkedAt < UPDATE_CHECK_EVERY_MS) return;
        checkedAt = Date.now();
        void workbox.update();
      });
    });
  };
  const whenIdle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(start, { timeout: 3_000 }) : setTimeout(start, 1_000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
