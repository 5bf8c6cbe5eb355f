/**
 * What a person saw stays readable offline: the query cache (every screen's API answers, keyed
 * by their paths' segments, ADR 0029) is kept in IndexedDB per signed-in user and put back when the app starts, so
 * any screen that was seen on this device shows offline, screens built later included. Restored
 * answers are marked stale: a screen that mounts online fetches them again and shows the stored
 * ones meanwhile.
 *
 * - One stored copy per user, kept 7 days at most, dropped when the build's data shapes change
 *   (the buster: a hash of the domain schemas and the web app's API modules, made at build time).
 * - A paged list (the chat's history) keeps its latest two pages: a team chat's last 100 messages.
 * - Another user signing in, or the server saying nobody is signed in, drops the previous user's
 *   copy and answers; signing out empties every copy (`clearPersistedCaches`).
 */
import type { User } from '@sideline/domain';
import { dehydrate, hashKey, type Query, type QueryClient } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core';
import { clear, createStore, del, get, set } from 'idb-keyval';
import { PERSISTED_MAX_AGE_MS } from '../query-client.ts';
import { apiKey, apiPaths } from '../query-keys.ts';

/** Pages of a paged list kept: the chat's last 100 messages at 50 a page. */
const KEPT_PAGES = 2;
const LAST_USER_KEY = 'sideline:offline-user';

declare const __SIDELINE_CACHE_VERSION__: string;
const buster = typeof __SIDELINE_CACHE_VERSION__ === 'string' ? __SIDELINE_CACHE_VERSION__ : 'dev';

const store = typeof indexedDB === 'undefined' ? null : createStore('sideline-query-cache', 'clients');

function readLastUser(): string | null {
  try {
    return window.localStorage.getItem(LAST_USER_KEY);
  } catch {
    return null;
  }
}

function writeLastUser(userId: string | null): void {
  try {
    if (userId) window.localStorage.setItem(LAST_USER_KEY, userId);
    else window.localStorage.removeItem(LAST_USER_KEY);
  } catch {
    // Storage unavailable: nothing is restored at the next start, which is safe.
  }
}

function isPaged(data: unknown): data is { pages: unknown[]; pageParams: unknown[] } {
  const d = data as { pages?: unknown; pageParams?: unknown } | null;
  return typeof d === 'object' && d !== null && Array.isArray(d.pages) && Array.isArray(d.pageParams);
}

function trimmed(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((query) => {
    const data = query.state.data;
    if (!isPaged(data) || data.pages.length <= KEPT_PAGES) return query;
    const kept = { pages: data.pages.slice(0, KEPT_PAGES), pageParams: data.pageParams.slice(0, KEPT_PAGES) };
    return { ...query, state: { ...query.state, data: kept } };
  });
  return { ...client, clientState: { ...client.clientState, queries } };
}

const storageKey = (userId: string) => `user:${userId}`;
const dehydrateOptions = {
  // Only answers: a paused write belongs to the outbox, which keeps it itself.
  shouldDehydrateMutation: () => false,
};

function persisterFor(userId: string): Persister | null {
  if (!store) return null;
  return createAsyncStoragePersister({
    storage: {
      getItem: (key) => get<string>(key, store).then((value) => value ?? null),
      // A save throttled into the moment after signing out (or after another user signed in)
      // must not write the cache back.
      setItem: (key, value: string) => (persisting?.userId === userId ? set(key, value, store) : Promise.resolve()),
      removeItem: (key) => del(key, store),
    },
    key: storageKey(userId),
    // Often enough that a screen just seen is kept even if the app is closed at once.
    throttleTime: 300,
    serialize: (client) => JSON.stringify(trimmed(client)),
  });
}

/** The user's own read (`authKeys.user`), not the settings below it. */
const userKey = apiKey(apiPaths.user);
const userHash = hashKey(userKey);
const isUserQuery = (query: Query) => query.queryHash === userHash;

let persisting: { userId: string; stop: () => void; persister: Persister } | null = null;
let following: (() => void) | null = null;

function stopPersisting(): void {
  persisting?.stop();
  persisting = null;
}

function persist(queryClient: QueryClient, userId: string): void {
  if (persisting?.userId === userId) return;
  stopPersisting();
  const persister = persisterFor(userId);
  if (!persister) return;
  const stop = persistQueryClientSubscribe({
    queryClient,
    persister,
    buster,
    dehydrateOptions,
  });
  persisting = { userId, stop, persister };
  writeLastUser(userId);
  // What arrived before this moment (while the stored copy was being read) is kept too.
  void persistQueryClientSave({ queryClient, persister, buster, dehydrateOptions });
}

/** The app is being closed or hidden: what is on screen is stored now, not after the throttle. */
function saveNow(queryClient: QueryClient): void {
  const userId = persisting?.userId;
  if (!store || !userId) return;
  const client: PersistedClient = {
    buster,
    timestamp: Date.now(),
    clientState: dehydrate(queryClient, dehydrateOptions),
  };
  void set(storageKey(userId), JSON.stringify(trimmed(client)), store);
}

/** The answers of another user (or of nobody) must not stay on screen or on the device. */
function dropAnswers(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => !isUserQuery(query) });
}

/**
 * Puts the last user's answers back and keeps the cache stored from then on, following who is
 * signed in. Resolves once the stored answers are back (or there were none).
 */
export async function startPersistedCache(queryClient: QueryClient): Promise<void> {
  if (!store) return;
  const lastUser = readLastUser();
  // Answers fetched by this page are newer than its start; stored ones are older.
  const pageStartedAt = performance.timeOrigin;
  if (lastUser) {
    const persister = persisterFor(lastUser)!;
    await persistQueryClientRestore({ queryClient, persister, maxAge: PERSISTED_MAX_AGE_MS, buster }).catch(
      (error: unknown) => console.warn('[offline] the stored answers could not be read', error),
    );
    // Stored answers are as old as their fetch: a screen that mounts online asks again.
    void queryClient.invalidateQueries({
      predicate: (query) => query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < pageStartedAt,
      refetchType: 'none',
    });
  }

  const follow = () => {
    const state = queryClient.getQueryState<User | null>(userKey);
    if (state?.status !== 'success') return;
    const user = state.data ?? null;
    const known = persisting?.userId ?? readLastUser();
    if (!user) {
      // The server says nobody is signed in: this device keeps nothing of the last user.
      stopPersisting();
      if (known) void persisterFor(known)?.removeClient();
      writeLastUser(null);
      dropAnswers(queryClient);
      return;
    }
    if (known && known !== user.id) {
      stopPersisting();
      void persisterFor(known)?.removeClient();
      dropAnswers(queryClient);
    }
    persist(queryClient, user.id);
  };
  following?.();
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && isUserQuery(event.query)) follow();
  });
  const leaving = () => {
    if (document.visibilityState === 'hidden') saveNow(queryClient);
  };
  document.addEventListener('visibilitychange', leaving);
  window.addEventListener('pagehide', leaving);
  following = () => {
    unsubscribe();
    document.removeEventListener('visibilitychange', leaving);
    window.removeEventListener('pagehide', leaving);
  };
  follow();
}

/** Signing out: every stored copy goes, and nothing is stored until someone signs in again. */
export async function clearPersistedCaches(): Promise<void> {
  stopPersisting();
  writeLastUser(null);
  if (store) await clear(store);
}
