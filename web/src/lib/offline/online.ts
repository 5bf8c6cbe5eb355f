import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * Whether the browser has a network connection, as TanStack Query sees it (queries pause
 * offline instead of failing, and resume when it is back). Its manager starts as "online" and
 * follows the browser's online and offline events; `startOnlineTracking` gives it the browser's
 * state at start, for an app opened while offline.
 */
export function startOnlineTracking(): void {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
}

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
