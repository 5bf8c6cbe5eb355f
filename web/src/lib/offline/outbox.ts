/**
 * The outbox: writes made while the connection is down wait here, in IndexedDB (they survive a
 * reload and the app being closed), and go out in the order they were made once it is back,
 * each exactly once: every write carries an idempotency key that the server honours, so sending
 * one again after a lost answer records nothing twice.
 *
 * How a screen uses it (import from `./send-or-queue.ts`, which loads this module on first use):
 *
 *   const outcome = await sendOrQueue<Stat>({
 *     kind: 'match.stat', scope: matchId, label: 'Goal: Jordan',
 *     method: 'POST', path: `/api/matches/${matchId}/stats`, body: input,
 *     idempotencyKey: crypto.randomUUID(),          // one key per write, made when it is made
 *     refresh: [`/api/matches/${matchId}`],         // cached reads refetched once it is sent
 *     data: { statType, value },                    // what the screen shows while it waits
 *   });
 *   // outcome.status === 'sent' (with the server's answer) or 'queued' (it waits, shown below)
 *
 * - Online with nothing waiting, it is sent at once; a refusal (4xx) is thrown as the ApiError
 *   the screen already handles. Offline, after a network failure, or behind earlier waiting
 *   writes (order is kept), it is queued and `sendOrQueue` resolves `queued`.
 * - `useOutboxEntries({ kind, scope })` (outbox-store.ts) lists a screen's queued writes with
 *   their state: `waiting` ("Waiting to send"), `sending`, or `failed` with the server's own
 *   message (`entry.error.message`). A refused write stays until the person retries or dismisses
 *   it (`retryOutboxEntry`, `discardOutboxEntry`): it is never dropped silently. The app shell
 *   also lists every waiting and refused write (OutboxStatus), whatever screen is open.
 * - The key: routes that honour `Idempotency-Key` (stats, uploads) need nothing more; the chat
 *   takes its key in the body (`clientId`), set by the caller to the same value. RSVPs are
 *   idempotent by meaning (the same answer twice records nothing).
 * - Entries belong to the signed-in user and are sent only with that user's session; signing
 *   out empties the outbox (`clearOutbox`), as it empties every offline cache.
 *
 * Sending is tried when the outbox starts (after the first paint of a signed-in screen), when a
 * write is queued, when the browser comes back online or the live connection reconnects
 * (`flushOutbox`), when the page becomes visible, and on a backoff timer after a failure. One tab
 * sends at a time (a Web Lock), re-reading the stored entries inside the lock.
 */
import type { User } from '@sideline/domain';
import { hashKey, onlineManager, type QueryClient } from '@tanstack/react-query';
import { clear, createStore, del, entries as storedEntries, set } from 'idb-keyval';
import { isApiError, request } from '../api-client.ts';
import { apiKey, apiPaths } from '../query-keys.ts';
import { invalidateStale } from '../query-client.ts';
import { hasWaitingWrites, outboxSnapshot, setOutboxSnapshot } from './outbox-store.ts';
import type { OutboxEntry, OutboxWrite, SendOutcome } from './outbox-types.ts';

interface Storage {
  all(): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  remove(id: string): Promise<void>;
  clear(): Promise<void>;
}

function indexedDbStorage(): Storage {
  const store = createStore('sideline-outbox', 'writes');
  return {
    all: async () =>
      (await storedEntries<string, OutboxEntry>(store)).sort(([a], [b]) => (a < b ? -1 : 1)).map(([, e]) => e),
    put: (entry) => set(entry.id, entry, store),
    remove: (id) => del(id, store),
    clear: () => clear(store),
  };
}

/** Where IndexedDB is missing (some private modes): the outbox lasts as long as the page. */
function memoryStorage(): Storage {
  const kept = new Map<string, OutboxEntry>();
  return {
    all: async () => [...kept.values()].sort((a, b) => (a.id < b.id ? -1 : 1)),
    put: async (entry) => void kept.set(entry.id, entry),
    remove: async (id) => void kept.delete(id),
    clear: async () => kept.clear(),
  };
}

const storage: Storage = typeof indexedDB === 'undefined' ? memoryStorage() : indexedDbStorage();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('sideline-outbox');

let queryClient: QueryClient | null = null;
let loaded: Promise<void> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retryDelayMs = 0;
let flushing: Promise<void> | null = null;
let flushAgain = false;
let sequence = 0;
let listening = false;
let stopFollowingUser: (() => void) | null = null;

const MIN_RETRY_MS = 2_000;
const MAX_RETRY_MS = 60_000;

function currentUserId(): string | null {
  return queryClient?.getQueryData<User | null>(apiKey(apiPaths.user))?.id ?? null;
}

async function reload(): Promise<void> {
  setOutboxSnapshot(await storage.all());
}

function changed(): void {
  channel?.postMessage('changed');
}

/** An id that sorts in the order writes were made (and apart between tabs). */
function nextId(): string {
  sequence = (sequence + 1) % 1_000_000;
  const random = Math.random().toString(36).slice(2, 8);
  return `${Date.now().toString().padStart(15, '0')}-${sequence.toString().padStart(6, '0')}-${random}`;
}

async function save(entry: OutboxEntry): Promise<void> {
  await storage.put(entry);
  setOutboxSnapshot(
    outboxSnapshot().some((e) => e.id === entry.id)
      ? outboxSnapshot().map((e) => (e.id === entry.id ? entry : e))
      : [...outboxSnapshot(), entry],
  );
  changed();
}

async function remove(id: string): Promise<void> {
  await storage.remove(id);
  setOutboxSnapshot(outboxSnapshot().filter((e) => e.id !== id));
  changed();
}

function send<T>(write: OutboxWrite): Promise<T> {
  return request<T>(write.method, write.path, {
    body: write.body,
    headers: { 'Idempotency-Key': write.idempotencyKey },
  });
}

/** No answer came: the network, not the server. */
function isNetworkFailure(error: unknown): boolean {
  return !isApiError(error) && (error instanceof TypeError || (error as { name?: string })?.name === 'AbortError');
}

/** The server is there but cannot take it now: send it again later, in its turn. */
function isTransient(error: unknown): boolean {
  if (isNetworkFailure(error)) return true;
  return (
    isApiError(error) && (error.status === 401 || error.status === 408 || error.status === 429 || error.status >= 500)
  );
}

function refreshAfter(write: OutboxWrite): void {
  const prefixes = write.refresh ?? [];
  if (!queryClient || prefixes.length === 0) return;
  // Each path is a prefix: the read and every read below it (its pages, its filters).
  void invalidateStale(queryClient, prefixes.map(apiKey));
}

function scheduleRetry(): void {
  if (retryTimer) return;
  retryDelayMs = Math.min(MAX_RETRY_MS, Math.max(MIN_RETRY_MS, retryDelayMs * 2));
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void flushOutbox();
  }, retryDelayMs);
}

async function withLock(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks) await locks.request('sideline-outbox', work);
  else await work();
}

/** Sends the signed-in user's waiting writes in order; see the module comment for when. */
async function flushOnce(): Promise<void> {
  await withLock(async () => {
    const userId = currentUserId();
    if (!userId) return;
    for (const stored of await storage.all()) {
      if (stored.userId !== userId || stored.state === 'failed') continue;
      if (!onlineManager.isOnline()) return;
      const entry: OutboxEntry = { ...stored, state: 'sending' };
      await save(entry);
      try {
        await send(entry);
        await remove(entry.id);
        retryDelayMs = 0;
        refreshAfter(entry);
      } catch (error) {
        if (isTransient(error)) {
          await save({ ...entry, state: 'waiting' });
          // Signed out: sent again once this user is back (the user query changes).
          if (!(isApiError(error) && error.status === 401)) scheduleRetry();
          return;
        }
        const message = isApiError(error) ? (error.serverMessage ?? error.message) : String(error);
        const status = isApiError(error) ? error.status : 0;
        const code = isApiError(error) ? error.code : undefined;
        await save({ ...entry, state: 'failed', error: { status, message, ...(code ? { code } : {}) } });
        // Not the network: whatever the server said about this one, the next may go through.
        refreshAfter(entry);
      }
    }
  });
}

/** Sends what waits, now (the connection is back). Resolves when this round is done. */
export function flushOutbox(): Promise<void> {
  if (flushing) {
    flushAgain = true;
    return flushing;
  }
  flushing = (async () => {
    await loaded;
    do {
      flushAgain = false;
      await flushOnce().catch((error: unknown) => console.warn('[outbox] could not send', error));
    } while (flushAgain);
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/**
 * Starts the outbox for the app's query client: loads what waits, sends it, and listens for the
 * moments it can be sent. Safe to call again.
 */
export function startOutbox(client: QueryClient): Promise<void> {
  if (queryClient === client && loaded) return loaded;
  queryClient = client;
  loaded = reload();
  if (!listening) {
    listening = true;
    channel?.addEventListener('message', () => void reload());
    window.addEventListener('online', () => void flushOutbox());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void flushOutbox();
    });
  }
  stopFollowingUser?.();
  let lastUser = currentUserId();
  stopFollowingUser = client.getQueryCache().subscribe((event) => {
    if (event.query.queryHash !== hashKey(apiKey(apiPaths.user))) return;
    const userId = currentUserId();
    if (userId !== lastUser) {
      lastUser = userId;
      if (userId) void flushOutbox();
    }
  });
  void flushOutbox();
  return loaded;
}

/** Puts a write in the outbox (as the signed-in user) and tries to send what waits. */
export async function enqueue(write: OutboxWrite): Promise<OutboxEntry> {
  await loaded;
  const userId = currentUserId();
  if (!userId) throw new Error('Sign in to send this');
  const entry: OutboxEntry = { ...write, id: nextId(), userId, createdAt: new Date().toISOString(), state: 'waiting' };
  await save(entry);
  void flushOutbox();
  return entry;
}

/**
 * Sends a write now when that can work, else keeps it in the outbox (see the module comment).
 * A refusal of a write sent at once is thrown, as a direct request would throw it.
 */
export async function sendOrQueue<T>(write: OutboxWrite): Promise<SendOutcome<T>> {
  await loaded;
  if (onlineManager.isOnline() && !hasWaitingWrites(currentUserId())) {
    try {
      const data = await send<T>(write);
      refreshAfter(write);
      return { status: 'sent', data };
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
    }
  }
  return { status: 'queued', entry: await enqueue(write) };
}

/** Sends a refused write again (after the person changed something, or to try once more). */
export async function retryOutboxEntry(id: string): Promise<void> {
  const entry = outboxSnapshot().find((e) => e.id === id);
  if (!entry) return;
  const { error: _error, ...rest } = entry;
  await save({ ...rest, state: 'waiting' });
  await flushOutbox();
}

/** Drops a write the person no longer wants sent (a refused one, typically). */
export async function discardOutboxEntry(id: string): Promise<void> {
  await remove(id);
}

/** Empties the outbox (signing out: the device may be shared). */
export async function clearOutbox(): Promise<void> {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  await storage.clear();
  setOutboxSnapshot([]);
  changed();
}
