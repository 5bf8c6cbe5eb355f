import type {
  ChangePasswordInput,
  AllNotificationPreferences as NotificationPreferences,
  SessionsEnded,
  UpdateProfileInput,
  User,
} from '@sideline/domain';
import { hashKey, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { apiKey, apiPaths } from '../../lib/query-keys.ts';
import { authKeys } from '../auth/api.ts';

/** The person's settings, below the user's key (`authKeys.user`). */
export const settingsKeys = {
  notificationPreferences: apiKey(apiPaths.notificationPreferences),
};

/** Every read but the user itself: names and pictures show beside messages, members and media everywhere. */
const everythingButTheUser = {
  predicate: ({ queryHash }: { queryHash: string }) => queryHash !== hashKey(authKeys.user),
};

/** Every change to the person answers with the new user, which replaces the cached one. */
function useUserChange<V>(mutationFn: (variables: V) => Promise<User>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { invalidates: [everythingButTheUser] },
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.user, user);
    },
  });
}

/** PATCH /api/user {name} → the user. */
export function useUpdateName() {
  return useUserChange((input: UpdateProfileInput) => api.patch<User>(apiPaths.user, input));
}

/** POST /api/user/avatar (multipart: file) → the user with their new picture. */
export function useUploadAvatar() {
  return useUserChange((file: File) => {
    const form = new FormData();
    form.set('file', file, file.name);
    return api.post<User>(apiPaths.userAvatar, form);
  });
}

/** DELETE /api/user/avatar → the user, shown with initials again. */
export function useRemoveAvatar() {
  return useUserChange(() => api.delete<User>(apiPaths.userAvatar));
}

/** GET /api/user/notification-preferences */
export const notificationPreferencesQueryOptions = queryOptions({
  queryKey: settingsKeys.notificationPreferences,
  queryFn: () => api.get<NotificationPreferences>(apiPaths.notificationPreferences),
});

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions);
}

/** PUT /api/user/notification-preferences → the stored preferences. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) =>
      api.put<NotificationPreferences>(apiPaths.notificationPreferences, preferences),
    onSuccess: (preferences) => queryClient.setQueryData(settingsKeys.notificationPreferences, preferences),
  });
}

/** POST /api/user/password → how many other sessions were signed out. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post<SessionsEnded>(apiPaths.userPassword, input),
  });
}

/** DELETE /api/user/sessions → every session ended, this one too: the cache is dropped. */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<SessionsEnded>(apiPaths.userSessions),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(authKeys.user, null);
    },
  });
}
