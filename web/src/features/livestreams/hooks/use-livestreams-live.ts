import { useQueryClient } from '@tanstack/react-query';
import { isFrame } from '../../../lib/socket/protocol.ts';
import { useSocketSubscription } from '../../../lib/socket/socket-context.ts';
import { invalidateStale } from '../../../lib/query-client.ts';
import { apiKey, apiPaths } from '../../../lib/query-keys.ts';
import { applyViewerCounts, insertChatMessage, livestreamStale } from '../api.ts';

/**
 * Keeps the /livestream screen live from the socket (the gateway sends these frames, defined in
 * domain/src/livestreams/schemas.ts, to the members of the stream's team): a status change
 * refetches the stream and its lists (and, once it ended, the team's media, where its recording
 * lands); viewer counts go straight into the cache; chat messages are appended to its chat.
 */
export function useLivestreamsLive() {
  const queryClient = useQueryClient();
  useSocketSubscription((frame) => {
    if (isFrame(frame, 'livestream_viewers')) {
      applyViewerCounts(queryClient, frame);
    } else if (isFrame(frame, 'livestream_chat')) {
      insertChatMessage(queryClient, frame.message);
    } else if (isFrame(frame, 'livestream_updated')) {
      const stale = livestreamStale({ id: frame.livestreamId, teamId: frame.teamId });
      // The recording joins the team's Media Hub (`mediaKeys.all`, from the same path).
      if (frame.status === 'ended') stale.push(apiKey(apiPaths.teamMedia(frame.teamId)));
      void invalidateStale(queryClient, stale);
    }
  });
}
