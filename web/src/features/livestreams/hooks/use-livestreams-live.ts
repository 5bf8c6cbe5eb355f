import { useQueryClient } from '@tanstack/react-query';
import { useSocketSubscription } from '../../../lib/socket/socket-context.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { applyViewerCounts, insertChatMessage, invalidateLivestream } from '../api.ts';
import { isLivestreamChat, isLivestreamUpdated, isLivestreamViewers } from '../lib/frames.ts';

/**
 * Keeps the /livestream screen live from the socket (the gateway sends these to the members of
 * the stream's team): a status change refetches the stream and its lists (and the team's media,
 * where an ended stream's recording lands); viewer counts are written straight into the cache;
 * chat messages are appended to the stream's chat.
 */
export function useLivestreamsLive() {
  const queryClient = useQueryClient();
  useSocketSubscription((frame) => {
    if (isLivestreamViewers(frame)) {
      applyViewerCounts(queryClient, frame);
    } else if (isLivestreamChat(frame)) {
      insertChatMessage(queryClient, frame.message);
    } else if (isLivestreamUpdated(frame)) {
      void invalidateLivestream(queryClient, { id: frame.livestreamId, teamId: frame.teamId });
      if (frame.status === 'ended') void queryClient.invalidateQueries({ queryKey: queryKeys.teamMedia(frame.teamId) });
    }
  });
}
