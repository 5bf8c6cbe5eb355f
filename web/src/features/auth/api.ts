import type { LoginInput, RegisterUserInput, User } from '@sideline/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dropHomeSnapshot } from '../../app/boot/home-snapshot.ts';
import { api, getCurrentUser } from '../../lib/api-client.ts';
import { clearOfflineData } from '../../lib/offline/clear-offline-data.ts';
import { apiKey, apiPaths } from '../../lib/query-keys.ts';

/** The signed-in person's reads: `user` is also the prefix of their settings (/api/user/…). */
export const authKeys = {
  user: apiKey(apiPaths.user),
};

/** GET /api/user — `null` when signed out. */
export const userQueryOptions = queryOptions({
  queryKey: authKeys.user,
  queryFn: getCurrentUser,
});

export function useUser() {
  return useQuery(userQueryOptions);
}

/** POST /api/login → the user, who is put in the cache (spec §4: login success sets the user). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<User>(apiPaths.login, input),
    onSuccess: (user) => {
      // Whoever used this device before keeps no picture of their Home on it.
      dropHomeSnapshot();
      queryClient.setQueryData(authKeys.user, user);
    },
  });
}

/** POST /api/register → the new user, who is put in the cache. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterUserInput) => api.post<User>(apiPaths.register, input),
    onSuccess: (user) => {
      dropHomeSnapshot();
      queryClient.setQueryData(authKeys.user, user);
    },
  });
}

/** Mutation key of sign-out, so every sign-out control can show that one is pending. */
export const logoutMutationKey = ['logout'] as const;

/**
 * POST /api/logout → user `null` and every other cached datum dropped (spec §4), and everything
 * kept on the device for offline use emptied: the stored answers, the outbox and the service
 * worker's caches of API answers (a family tablet is shared).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: logoutMutationKey,
    mutationFn: async () => {
      // The server stops pushing to this browser, and the browser forgets the subscription.
      const push = await import('../notifications/push-support.ts');
      const pushEndpoint = await push.pushEndpointForSignOut();
      await api.post<void>(apiPaths.logout, pushEndpoint ? { pushEndpoint } : undefined);
      if (pushEndpoint) await push.dropBrowserPushSubscription();
    },
    onSuccess: async () => {
      await clearOfflineData().catch((error: unknown) =>
        console.warn('[offline] could not empty what was kept for offline use', error),
      );
      queryClient.clear();
      queryClient.setQueryData(authKeys.user, null);
    },
  });
}
