import type { RecordStatInput, Stat } from '@sideline/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useOutboxEntries } from '../../lib/offline/outbox-store.ts';
import { newIdempotencyKey, sendOrQueue } from '../../lib/offline/send-or-queue.ts';
import { apiPaths } from '../../lib/query-keys.ts';
import { invalidateMatch } from './api.ts';

/** The outbox's kind for a scorer's stats; their scope is the match id. */
export const MATCH_STAT_KIND = 'match.stat';

/**
 * POST /api/matches/{matchId}/stats for a scorer at the touchline: sent at once when it can be,
 * else kept in the outbox (lib/offline/outbox.ts) and sent in order when the connection returns.
 * Each stat gets its own Idempotency-Key when it is recorded; the server derives the stat's id
 * from it, so a stat sent twice (an answer lost on the way) is recorded once.
 *
 * `mutate({ input, label })` resolves `{ status: 'sent', data: Stat }` or `{ status: 'queued' }`;
 * a refusal of a stat sent at once is the mutation's error (ApiError, with the server's message).
 * `label` names it in the list of writes not sent ("Goal: Jordan Rivera").
 */
export function useRecordStatOrQueue(matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline the stat must still reach the outbox, not wait paused in memory.
    networkMode: 'always',
    mutationFn: ({ input, label }: { input: RecordStatInput; label: string }) =>
      sendOrQueue<Stat>({
        kind: MATCH_STAT_KIND,
        scope: matchId,
        label,
        method: 'POST',
        path: apiPaths.match(matchId, 'stats'),
        body: input,
        idempotencyKey: newIdempotencyKey(),
        refresh: [apiPaths.matches],
        data: { ...input },
      }),
    onSuccess: (outcome) => {
      if (outcome.status === 'sent') void invalidateMatch(queryClient, matchId);
    },
  });
}

/**
 * A match's stats that wait in the outbox (`waiting`, `sending`) or were refused (`failed`, with
 * `error.message` from the server), oldest first; each entry's `data` is the RecordStatInput sent.
 */
export function useQueuedStats(matchId: string) {
  return useOutboxEntries({ kind: MATCH_STAT_KIND, scope: matchId });
}
