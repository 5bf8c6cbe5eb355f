import { dropHomeSnapshot } from '../../app/boot/home-snapshot.ts';

/**
 * Signing out empties everything kept for offline use, since a family tablet is shared: the
 * stored answers of every user, the outbox, the picture of Home kept for the next visit, and any
 * service worker cache that holds API answers (every Cache Storage cache but the precache, which
 * holds only the app's own files).
 */
export async function clearOfflineData(): Promise<void> {
  dropHomeSnapshot();
  const [{ clearPersistedCaches }, { clearOutbox }] = await Promise.all([
    import('./persisted-cache.ts'),
    import('./outbox.ts'),
  ]);
  await Promise.all([clearPersistedCaches(), clearOutbox(), clearRuntimeCaches()]);
}

async function clearRuntimeCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => !name.startsWith('workbox-precache')).map((name) => caches.delete(name)));
}
