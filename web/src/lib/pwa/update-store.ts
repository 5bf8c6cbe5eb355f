import { useSyncExternalStore } from 'react';

/**
 * A new version of the app waits (its service worker is installed): how to switch to it. Set by
 * register-service-worker.ts, read by the update banner, without loading either's code.
 */
let activate: (() => void) | null = null;
const listeners = new Set<() => void>();

export function setUpdateWaiting(next: (() => void) | null): void {
  activate = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const read = () => activate;

/** The switch to the waiting version, or null while none waits. */
export function useWaitingUpdate(): (() => void) | null {
  return useSyncExternalStore(subscribe, read, read);
}
