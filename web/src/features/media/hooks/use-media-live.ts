import { useQueryClient } from '@tanstack/react-query';
import { useSocketSubscription } from '../../../lib/socket/socket-context.ts';
import { mediaKeys } from '../api.ts';

/**
 * `media_changed {teamId}` (the media projector announces uploads, likes and deletions): the
 * team's lists refetch, so another member's upload appears without a reload.
 */
export function useMediaLive(teamId: string) {
  const queryClient = useQueryClient();
  useSocketSubscription((frame) => {
    const changed = frame as { type: string; teamId?: unknown };
    if (changed.type === 'media_changed' && changed.teamId === teamId) {
      void queryClient.invalidateQueries({ queryKey: mediaKeys.all(teamId) });
    }
  });
}
