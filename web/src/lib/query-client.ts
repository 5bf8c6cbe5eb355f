import { QueryClient } from '@tanstack/react-query';

/**
 * How long what a person saw stays readable offline (lib/offline/persisted-cache.ts): answers are
 * kept in memory as long as they are kept on the device, or a screen left a while ago would drop
 * out of the stored copy.
 */
export const PERSISTED_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Spec §7: client data is never considered stale, never refetched on a timer or on window focus,
 * and never retried after a failure. Freshness comes from explicit invalidation (mutations and
 * realtime "this changed" events).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
        // A failure (say, of a request a route loader started) stays on screen with its Try again;
        // mounting a screen does not quietly send it again.
        retryOnMount: false,
        gcTime: PERSISTED_MAX_AGE_MS,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
