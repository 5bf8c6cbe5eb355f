import {
  MutationCache,
  QueryClient,
  type InvalidateQueryFilters,
  type Mutation,
  type QueryKey,
} from '@tanstack/react-query';

/** One set of cached reads a change makes stale: a key (that read and every read below it) or filters. */
export type Stale = QueryKey | InvalidateQueryFilters;

/** The one read `queryKey` names, without the reads below it (`['api', 'teams']` is also every team's prefix). */
export const only = (queryKey: QueryKey): InvalidateQueryFilters => ({ queryKey, exact: true });

/**
 * What a mutation makes stale, declared where it is made (`meta.invalidates`). A function reads
 * the mutation's answer and variables (declared with the parameter types the mutation has; after
 * a failure, with `invalidatesOnError`, the answer is `undefined`).
 */
type StaleFor = { bivarianceHack(data: unknown, variables: unknown): readonly Stale[] }['bivarianceHack'];

interface SidelineMutationMeta extends Record<string, unknown> {
  invalidates?: readonly Stale[] | StaleFor;
  /** Also after a failure: the server's state may have moved anyway (a refusal names a newer state). */
  invalidatesOnError?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: SidelineMutationMeta;
  }
}

/**
 * The mutations' one invalidation (TkDodo, "Automatic Query Invalidation after Mutations"): what
 * `meta.invalidates` names is invalidated once the mutation is settled, after its own `onSuccess`
 * (so an answer it put in the cache is there first), and returned, so the mutation stays pending
 * until the reads on screen are fetched again.
 */
function invalidateAfter(
  queryClient: QueryClient,
  data: unknown,
  error: unknown,
  variables: unknown,
  mutation: Pick<Mutation<unknown, unknown, unknown, unknown>, 'meta'>,
): Promise<unknown> | undefined {
  const meta = mutation.meta;
  if (!meta?.invalidates || (error !== null && !meta.invalidatesOnError)) return undefined;
  const stale = typeof meta.invalidates === 'function' ? meta.invalidates(data, variables) : meta.invalidates;
  return stale.length === 0 ? undefined : invalidateStale(queryClient, stale);
}

/** Marks `stale` stale; the reads on screen among them are fetched again (resolves when they are). */
export function invalidateStale(queryClient: QueryClient, stale: readonly Stale[]): Promise<unknown> {
  return Promise.all(stale.map((filters) => queryClient.invalidateQueries(filtersOf(filters))));
}

const isQueryKey = (stale: Stale): stale is QueryKey => Array.isArray(stale);

/** `stale` as filters: a key becomes `{queryKey}` (that read and every read below it). */
export const filtersOf = (stale: Stale): InvalidateQueryFilters => (isQueryKey(stale) ? { queryKey: stale } : stale);

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
  const queryClient: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      onSettled: (data, error, variables, _context, mutation) =>
        invalidateAfter(queryClient, data, error, variables, mutation),
    }),
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
  return queryClient;
}

export const queryClient = createQueryClient();
