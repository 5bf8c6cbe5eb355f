import type {
  CreateLivestreamInput,
  Livestream,
  LivestreamChatMessage,
  LivestreamViewersFrame,
} from '@sideline/domain';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { only, type Stale } from '../../lib/query-client.ts';
import { apiKey, apiPaths } from '../../lib/query-keys.ts';

/**
 * The livestreams' reads: a team's, the live ones, and each stream with its chat below it.
 * `stream(id)` is also the chat's prefix; `only(…)` names the stream alone.
 */
export const livestreamKeys = {
  team: (teamId: string) => apiKey(apiPaths.teamLivestreams(teamId)),
  active: apiKey(apiPaths.activeLivestreams),
  stream: (id: string) => apiKey(apiPaths.livestream(id)),
  chat: (id: string) => apiKey(apiPaths.livestreamChat(id)),
};

/** GET /api/teams/{teamId}/livestreams: the team's streams, newest first (only when a team is chosen). */
export function teamLivestreamsQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: livestreamKeys.team(teamId),
    queryFn: ({ signal }) => api.get<Livestream[]>(apiPaths.teamLivestreams(teamId), { signal }),
  });
}

export function useTeamLivestreams(teamId: string | null) {
  return useQuery({ ...teamLivestreamsQueryOptions(teamId ?? ''), enabled: Boolean(teamId) });
}

/** GET /api/livestreams/active: live now, in the caller's teams and public ones. */
export const activeLivestreamsQueryOptions = queryOptions({
  queryKey: livestreamKeys.active,
  queryFn: ({ signal }) => api.get<Livestream[]>(apiPaths.activeLivestreams, { signal }),
});

export function useActiveLivestreams() {
  return useQuery(activeLivestreamsQueryOptions);
}

/** GET /api/livestreams/{id}: one stream (members; a public one for anyone signed in). */
export function livestreamQueryOptions(id: string) {
  return queryOptions({
    queryKey: livestreamKeys.stream(id),
    queryFn: ({ signal }) => api.get<Livestream>(apiPaths.livestream(id), { signal }),
  });
}

/**
 * How often a stream's panel refetches when the socket cannot tell it about changes: a public
 * stream of a team the viewer is not in (the gateway sends frames to the team's members only).
 */
export const LIVESTREAM_POLL_MS = 10_000;

/** One stream; it polls when it belongs to none of `memberTeamIds` (a public stream of another team). */
export function useLivestream(id: string | null, memberTeamIds: ReadonlySet<string>) {
  return useQuery({
    ...livestreamQueryOptions(id ?? ''),
    enabled: Boolean(id),
    refetchInterval: (query) => {
      const teamId = query.state.data?.teamId;
      return teamId && !memberTeamIds.has(teamId) ? LIVESTREAM_POLL_MS : false;
    },
  });
}

/** GET /api/livestreams/{id}/chat: the stream's chat so far, oldest first. */
export function livestreamChatQueryOptions(id: string) {
  return queryOptions({
    queryKey: livestreamKeys.chat(id),
    queryFn: ({ signal }) => api.get<LivestreamChatMessage[]>(apiPaths.livestreamChat(id), { signal }),
  });
}

export function useLivestreamChat(id: string, options: { poll?: boolean } = {}) {
  return useQuery({
    ...livestreamChatQueryOptions(id),
    refetchInterval: options.poll ? LIVESTREAM_POLL_MS / 2 : false,
  });
}

/** Every list a stream appears in, and the stream itself (not its chat). */
export const livestreamStale = (stream: Pick<Livestream, 'id' | 'teamId'>): Stale[] => [
  only(livestreamKeys.stream(stream.id)),
  livestreamKeys.team(stream.teamId),
  livestreamKeys.active,
];

/**
 * Puts a stream the server answered with into the cache at once (and into its team's list); the
 * mutation's `meta` then refetches the lists it may have entered or left.
 */
function storeLivestream(queryClient: QueryClient, stream: Livestream) {
  // The full key is shown once, from the mutation's answer: the cache keeps only the hint.
  const cached: Livestream = { ...stream, streamKey: null };
  queryClient.setQueryData(livestreamKeys.stream(stream.id), cached);
  queryClient.setQueryData<Livestream[]>(livestreamKeys.team(stream.teamId), (list) =>
    list
      ? list.some((s) => s.id === stream.id)
        ? list.map((s) => (s.id === stream.id ? cached : s))
        : [cached, ...list]
      : list,
  );
}

/** POST /api/livestreams → 201 Livestream, with its stream key (shown once). */
export function useCreateLivestream() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateLivestreamInput) => api.post<Livestream>(apiPaths.livestreams, input),
    onSuccess: (stream) => storeLivestream(queryClient, stream),
    meta: { invalidates: livestreamStale },
  });
}

export type LivestreamAction = 'cancel' | 'end' | 'key';

/**
 * POST /api/livestreams/{id}/cancel (scheduled), /end (live) or /key (a new stream key, shown
 * once) → the stream.
 */
export function useLivestreamAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: LivestreamAction }) =>
      api.post<Livestream>(`${apiPaths.livestream(id)}/${action}`),
    onSuccess: (stream) => storeLivestream(queryClient, stream),
    meta: { invalidates: livestreamStale },
  });
}

/** Appends a chat message to the cached chat (from the POST answer or a socket frame), once. */
export function insertChatMessage(queryClient: QueryClient, message: LivestreamChatMessage) {
  queryClient.setQueryData<LivestreamChatMessage[]>(livestreamKeys.chat(message.livestreamId), (list) =>
    list && !list.some((m) => m.id === message.id) ? [...list, message] : list,
  );
}

/** POST /api/livestreams/{id}/chat `{ message, clientId }` → 201 the message. */
export function useSendLivestreamChat(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { message: string; clientId: string }) =>
      api.post<LivestreamChatMessage>(apiPaths.livestreamChat(id), input),
    onSuccess: (message) => insertChatMessage(queryClient, message),
  });
}

/** Writes live viewer counters into every cached copy of the stream (no refetch). */
export function applyViewerCounts(queryClient: QueryClient, frame: LivestreamViewersFrame) {
  const update = (stream: Livestream): Livestream =>
    stream.id === frame.livestreamId
      ? { ...stream, viewerCount: frame.viewerCount, maxViewers: frame.maxViewers }
      : stream;
  queryClient.setQueryData<Livestream>(livestreamKeys.stream(frame.livestreamId), (s) => (s ? update(s) : s));
  queryClient.setQueryData<Livestream[]>(livestreamKeys.team(frame.teamId), (list) => list?.map(update));
  queryClient.setQueryData<Livestream[]>(livestreamKeys.active, (list) => list?.map(update));
}
