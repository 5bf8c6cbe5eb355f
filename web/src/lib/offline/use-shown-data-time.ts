import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * When the answers on screen were fetched: the oldest among the queries the mounted screen
 * observes that hold data (0 when none does). It follows any screen, including ones built later,
 * since every screen reads through the query cache.
 */
export function useShownDataTime(): number {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const read = useCallback(() => {
    let oldest = 0;
    for (const query of queryClient.getQueryCache().findAll({ type: 'active' })) {
      const at = query.state.dataUpdatedAt;
      if (at > 0 && (oldest === 0 || at < oldest)) oldest = at;
    }
    return oldest;
  }, [queryClient]);
  return useSyncExternalStore(subscribe, read, read);
}
