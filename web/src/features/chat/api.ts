import { MESSAGES_PAGE_SIZE, type Message, type SendMessageInput } from '@sideline/domain';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { apiKey, apiPaths } from '../../lib/query-keys.ts';

/**
 * A team chat's reads. `latest(teamId)` (Home's latest page, `dashboardKeys.teamMessages`) is also
 * the prefix of the paged history and of the pinned messages: invalidating it refreshes the chat.
 */
export const chatKeys = {
  latest: (teamId: string) => apiKey(apiPaths.teamMessages(teamId)),
  pages: (teamId: string) => [...chatKeys.latest(teamId), 'pages'] as const,
  pinned: (teamId: string) => apiKey(apiPaths.teamPinnedMessages(teamId)),
};

/**
 * GET /api/teams/{teamId}/messages?before=&limit=50, as the chat's paged history (the latest
 * page alone, for the dashboard, is `teamMessagesQueryOptions` in features/dashboard/api.ts): page 0 is the latest page, each next page the
 * 50 messages `before` the oldest one loaded. Its key starts with the messages path's, so
 * invalidating `chatKeys.latest(teamId)` (a new_message) refetches it too, and a refetch
 * recomputes every page's cursor from fresh data (no gaps when new messages shift the pages).
 */
export function messagePagesQueryOptions(teamId: string) {
  return infiniteQueryOptions({
    queryKey: chatKeys.pages(teamId),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(MESSAGES_PAGE_SIZE) });
      if (pageParam) params.set('before', pageParam);
      return api.get<Message[]>(`${apiPaths.teamMessages(teamId)}?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    // A full page may have older messages before it; a short one is the beginning.
    getNextPageParam: (lastPage) => (lastPage.length >= MESSAGES_PAGE_SIZE ? (lastPage[0]?.id ?? null) : null),
  });
}

export function useMessagePages(teamId: string | undefined) {
  return useInfiniteQuery({ ...messagePagesQueryOptions(teamId ?? ''), enabled: Boolean(teamId) });
}

/** The loaded history, oldest → newest. */
export function flattenPages(pages: readonly Message[][] | undefined): Message[] {
  if (!pages) return [];
  const seen = new Set<string>();
  const out: Message[] = [];
  for (let i = pages.length - 1; i >= 0; i--) {
    for (const message of pages[i]!) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      out.push(message);
    }
  }
  return out;
}

/**
 * Puts a message the server confirmed (an HTTP answer or a new_message) into the cached history
 * at once, without waiting for the refetch that the invalidation starts.
 */
export function insertMessage(queryClient: QueryClient, message: Message) {
  queryClient.setQueryData(messagePagesQueryOptions(message.teamId).queryKey, (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((page) => page.some((m) => m.id === message.id))) return data;
    const [latest, ...older] = data.pages;
    return { ...data, pages: [[...latest!, message], ...older] };
  });
}

/** GET /api/teams/{teamId}/messages/pinned */
export function pinnedMessagesQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: chatKeys.pinned(teamId),
    queryFn: () => api.get<Message[]>(apiPaths.teamPinnedMessages(teamId)),
  });
}

export function usePinnedMessages(teamId: string | undefined) {
  return useQuery({ ...pinnedMessagesQueryOptions(teamId ?? ''), enabled: Boolean(teamId) });
}

/** POST /api/teams/{teamId}/messages → 201 Message (idempotent by clientId). */
export function postMessage(teamId: string, input: SendMessageInput): Promise<Message> {
  return api.post<Message>(apiPaths.teamMessages(teamId), input);
}

/** /api/teams/{teamId}/messages/{messageId}/pin */
export function messagePinPath(teamId: string, messageId: string): string {
  return `${apiPaths.teamMessages(teamId)}/${encodeURIComponent(messageId)}/pin`;
}

/**
 * POST (pin) or DELETE (unpin) /api/teams/{teamId}/messages/{messageId}/pin → 200 Message.
 * Coaches and team admins only (`canManageChat`); anyone else gets 403.
 */
export function setMessagePinned(teamId: string, messageId: string, pinned: boolean): Promise<Message> {
  const path = messagePinPath(teamId, messageId);
  return pinned ? api.post<Message>(path) : api.delete<Message>(path);
}

/**
 * A message with its safeguarding state: deleted ones keep their place and show 'Message
 * deleted' (the server no longer sends their text to members); edited ones say "edited" (every
 * version stays in the organization's audit).
 */
export type ChatMessage = Message & {
  deletedAt?: string | null;
  deleted?: boolean;
  editedAt?: string | null;
  edited?: boolean;
};

export function isDeleted(message: ChatMessage): boolean {
  return Boolean(message.deletedAt) || message.deleted === true;
}

export function isEdited(message: ChatMessage): boolean {
  return !isDeleted(message) && (Boolean(message.editedAt) || message.edited === true);
}

/** /api/teams/{teamId}/messages/{messageId} */
export function messagePath(teamId: string, messageId: string): string {
  return `${apiPaths.teamMessages(teamId)}/${encodeURIComponent(messageId)}`;
}

/** DELETE /api/teams/{teamId}/messages/{messageId}: the sender, or the team's coaches and admins. */
export function deleteMessage(teamId: string, messageId: string): Promise<ChatMessage | undefined> {
  return api.delete<ChatMessage | undefined>(messagePath(teamId, messageId));
}

/** PATCH /api/teams/{teamId}/messages/{messageId} {text}: the sender only. */
export function editMessage(teamId: string, messageId: string, text: string): Promise<ChatMessage> {
  return api.patch<ChatMessage>(messagePath(teamId, messageId), { text });
}
