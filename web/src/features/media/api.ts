import type { MediaFilter, MediaItem } from '@sideline/domain';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { apiKey, apiPaths } from '../../lib/query-keys.ts';

/** A team's Media Hub: `all(teamId)` and, below it, each filter's pages (`{ type }` as in the query string). */
export const mediaKeys = {
  all: (teamId: string) => apiKey(apiPaths.teamMedia(teamId)),
  list: (teamId: string, filter: MediaFilter) => [...mediaKeys.all(teamId), { type: filter }] as const,
};

export const MEDIA_PAGE_SIZE = 30;

/** GET /api/teams/{teamId}/media?type=&before=&limit= — newest first, a page at a time. */
export function teamMediaQueryOptions(teamId: string, filter: MediaFilter) {
  return infiniteQueryOptions({
    queryKey: mediaKeys.list(teamId, filter),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(MEDIA_PAGE_SIZE) });
      if (filter !== 'all') params.set('type', filter);
      if (pageParam) params.set('before', pageParam);
      return api.get<MediaItem[]>(`${apiPaths.teamMedia(teamId)}?${params}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: MediaItem[]) => (last.length < MEDIA_PAGE_SIZE ? null : (last.at(-1)?.id ?? null)),
  });
}

export function useTeamMedia(teamId: string, filter: MediaFilter) {
  return useInfiniteQuery(teamMediaQueryOptions(teamId, filter));
}

type Pages = InfiniteData<MediaItem[], string | null>;

/** Puts the server's answer for one item into every cached filter of its team. */
function replaceItem(queryClient: ReturnType<typeof useQueryClient>, teamId: string, item: MediaItem) {
  queryClient.setQueriesData<Pages>({ queryKey: mediaKeys.all(teamId) }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => page.map((m) => (m.id === item.id ? item : m))) } : data,
  );
}

/** POST / DELETE /api/teams/{teamId}/media/{mediaId}/like → the item with its new count. */
export function useToggleLike(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mediaId, like }: { mediaId: string; like: boolean }) =>
      like
        ? api.post<MediaItem>(apiPaths.teamMediaLike(teamId, mediaId))
        : api.delete<MediaItem>(apiPaths.teamMediaLike(teamId, mediaId)),
    onSuccess: (item) => replaceItem(queryClient, teamId, item),
  });
}

/** DELETE /api/teams/{teamId}/media/{mediaId} (the uploader or a team manager). */
export function useDeleteMedia(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mediaId: string) => api.delete<void>(apiPaths.teamMediaItem(teamId, mediaId)),
    meta: { invalidates: [mediaKeys.all(teamId)] },
    onSuccess: (_void, mediaId) => {
      queryClient.setQueriesData<Pages>({ queryKey: mediaKeys.all(teamId) }, (data) =>
        data ? { ...data, pages: data.pages.map((page) => page.filter((m) => m.id !== mediaId)) } : data,
      );
    },
  });
}
