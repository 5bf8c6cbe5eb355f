import type { MyRewards, RewardTableResponse, User } from '@sideline/domain';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api-client.ts';
import { apiKey, apiPaths } from '../../lib/query-keys.ts';

/** The rewards' reads: `me` (and, below it, its history's pages) and what each action earns. */
export const rewardKeys = {
  me: apiKey(apiPaths.rewardsMe),
  pages: () => [...rewardKeys.me, 'pages'] as const,
  table: apiKey(apiPaths.rewardsTable),
};

/** The signed-in user's read (`authKeys.user`), from the same path: rewards does not import auth. */
const userKey = apiKey(apiPaths.user);

export const HISTORY_PAGE_SIZE = 20;

/** GET /api/rewards/me — totals, badges (earned and locked) and the newest history page. */
export function myRewardsQueryOptions() {
  return queryOptions({
    queryKey: rewardKeys.me,
    queryFn: () => api.get<MyRewards>(`${apiPaths.rewardsMe}?limit=${HISTORY_PAGE_SIZE}`),
  });
}

/**
 * Rewards change as a side effect of other actions (a message, an RSVP, an upload), with no
 * socket notice yet, so screens showing them refetch whenever they mount or open.
 */
export function useMyRewards(options: { enabled?: boolean } = {}) {
  return useQuery({ ...myRewardsQueryOptions(), enabled: options.enabled ?? true, refetchOnMount: 'always' });
}

/**
 * The same endpoint paged back through the history with `before` (its key starts with the path,
 * so invalidating `rewardKeys.me` refreshes both).
 */
export function myRewardsPagesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: rewardKeys.pages(),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      api.get<MyRewards>(
        `${apiPaths.rewardsMe}?limit=${HISTORY_PAGE_SIZE}${pageParam ? `&before=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useMyRewardsPages() {
  return useInfiniteQuery({ ...myRewardsPagesQueryOptions(), refetchOnMount: 'always' });
}

/** GET /api/rewards/table — what each action earns (for display). */
export function rewardTableQueryOptions() {
  return queryOptions({
    queryKey: rewardKeys.table,
    queryFn: () => api.get<RewardTableResponse>(apiPaths.rewardsTable),
  });
}

export function useRewardTable() {
  return useQuery(rewardTableQueryOptions());
}

/**
 * Copies fresh totals into the cached current user (GET /api/user), so the header's XP and the
 * profile agree with what the rewards screens just loaded. Only writes when something differs.
 */
export function useSyncUserTotals(totals: Pick<MyRewards, 'xp' | 'dulars' | 'streak'> | undefined) {
  const queryClient = useQueryClient();
  const xp = totals?.xp;
  const dulars = totals?.dulars;
  const streak = totals?.streak;
  useEffect(() => {
    if (xp === undefined || dulars === undefined || streak === undefined) return;
    const user = queryClient.getQueryData<User | null>(userKey);
    if (!user || (user.xp === xp && user.dulars === dulars && user.streak === streak)) return;
    const next: User = { ...user, xp, dulars, streak };
    queryClient.setQueryData(userKey, next);
  }, [queryClient, xp, dulars, streak]);
}
