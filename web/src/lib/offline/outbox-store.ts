import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { OutboxEntry } from './outbox-types.ts';

/**
 * The outbox's entries as screens see them: a snapshot kept in memory by the outbox (`outbox.ts`,
 * which loads after the first paint), read here without loading it or IndexedDB.
 */
let entries: readonly OutboxEntry[] = [];
const listeners = new Set<() => void>();

export function setOutboxSnapshot(next: readonly OutboxEntry[]): void {
  entries = next;
  for (const listener of listeners) listener();
}

export function outboxSnapshot(): readonly OutboxEntry[] {
  return entries;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => entries;

/** Whether a user has writes waiting: a new write of theirs goes behind them, to keep the order. */
export function hasWaitingWrites(userId: string | null | undefined): boolean {
  return userId != null && entries.some((e) => e.userId === userId && e.state !== 'failed');
}

export interface OutboxFilter {
  kind?: string;
  scope?: string;
  userId?: string;
}

export function matchesFilter(entry: OutboxEntry, filter: OutboxFilter): boolean {
  return (
    (filter.kind === undefined || entry.kind === filter.kind) &&
    (filter.scope === undefined || entry.scope === filter.scope) &&
    (filter.userId === undefined || entry.userId === filter.userId)
  );
}

/** The outbox's entries (oldest first) of a kind and scope, as they wait, send or fail. */
export function useOutboxEntries(filter: OutboxFilter = {}): OutboxEntry[] {
  const { kind, scope, userId } = filter;
  const all = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const keep = useCallback(
    (entry: OutboxEntry) => matchesFilter(entry, { kind, scope, userId }),
    [kind, scope, userId],
  );
  return useMemo(() => all.filter(keep), [all, keep]);
}
