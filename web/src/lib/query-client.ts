import { QueryClient } from '@tanstack/react-query';

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
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
