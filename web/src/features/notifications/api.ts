import type { PushSubscriptionInput, PushSubscriptionView, QuietHours } from '@sideline/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { apiKey } from '../../lib/query-keys.ts';

const enc = encodeURIComponent;

export const notificationPaths = {
  publicKey: '/api/push/public-key',
  subscriptions: '/api/push/subscriptions',
  test: '/api/push/test',
  quietHours: '/api/user/quiet-hours',
  mutedTeams: '/api/user/muted-teams',
  teamNotifications: (teamId: string) => `/api/teams/${enc(teamId)}/notifications`,
} as const;

/** The push keys and subscriptions, and the person's quiet hours and muted teams (below `authKeys.user`). */
export const notificationKeys = {
  publicKey: apiKey(notificationPaths.publicKey),
  subscriptions: apiKey(notificationPaths.subscriptions),
  quietHours: apiKey(notificationPaths.quietHours),
  mutedTeams: apiKey(notificationPaths.mutedTeams),
};

/** GET /api/push/public-key: the VAPID key; it never changes while the server runs. */
export const pushPublicKeyQueryOptions = queryOptions({
  queryKey: notificationKeys.publicKey,
  queryFn: () => api.get<{ publicKey: string }>(notificationPaths.publicKey),
  staleTime: Infinity,
});

/** POST /api/push/subscriptions with the browser's PushSubscription JSON. */
export function postPushSubscription(input: PushSubscriptionInput): Promise<PushSubscriptionView> {
  return api.post<PushSubscriptionView>(notificationPaths.subscriptions, input);
}

/** DELETE /api/push/subscriptions {endpoint} */
export function deletePushSubscription(endpoint: string): Promise<void> {
  return api.delete<void>(notificationPaths.subscriptions, { body: { endpoint } });
}

/** POST /api/push/test: a test notification to this device (or all of the person's). */
export function useSendTestPush() {
  return useMutation({
    mutationFn: (endpoint?: string) =>
      api.post<{ sent: number; delivered: number }>(notificationPaths.test, endpoint ? { endpoint } : {}),
  });
}

export interface QuietHoursView {
  quietHours: QuietHours | null;
}

export function useQuietHours() {
  return useQuery({
    queryKey: notificationKeys.quietHours,
    queryFn: () => api.get<QuietHoursView>(notificationPaths.quietHours),
  });
}

/** PUT /api/user/quiet-hours {quietHours} (null clears them). */
export function useSaveQuietHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (quietHours: QuietHours | null) =>
      api.put<QuietHoursView>(notificationPaths.quietHours, { quietHours }),
    onSuccess: (view) => queryClient.setQueryData(notificationKeys.quietHours, view),
  });
}

/** GET /api/user/muted-teams: the ids of the teams the person muted. */
export function useMutedTeams() {
  return useQuery({
    queryKey: notificationKeys.mutedTeams,
    queryFn: () => api.get<string[]>(notificationPaths.mutedTeams),
  });
}

/** PUT /api/teams/{teamId}/notifications {muted} */
export function useMuteTeam(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (muted: boolean) =>
      api.put<{ teamId: string; muted: boolean }>(notificationPaths.teamNotifications(teamId), { muted }),
    onSuccess: ({ muted }) =>
      queryClient.setQueryData<string[]>(notificationKeys.mutedTeams, (ids = []) =>
        muted ? [...new Set([...ids, teamId])] : ids.filter((id) => id !== teamId),
      ),
  });
}
