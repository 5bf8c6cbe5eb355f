import type { RecordStatInput, Stat } from '@sideline/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { UNDO_REASON, useRetractStat, useScoreStat, type ScoredStat } from '../api.ts';
import { newClientId } from '../lib/client-id.ts';

/** How long the scorer's Undo stays offered after a stat is recorded. */
export const UNDO_WINDOW_MS = 10_000;
/** How long "Undone" stays on screen. */
const UNDONE_SHOWN_MS = 3_000;

export type LastStatState = 'sending' | 'recorded' | 'failed' | 'undoing' | 'undone' | 'undo-failed';

/** The stat the scorer just sent, as its confirmation shows it. */
export interface LastStat {
  clientId: string;
  input: ScoredStat;
  /** "Goal", "Time 12.5". */
  what: string;
  /** The player, or the opponent's name. */
  who: string;
  state: LastStatState;
  stat?: Stat;
  /** When the server recorded it: the Undo window starts then. */
  recordedAt?: number;
  error?: string;
  /** Whether sending it again may help (the network or the server failed, not the input). */
  retryable?: boolean;
}

/**
 * The scorer's sends and its Undo. Each stat gets a `clientId` before it is sent, so "Try again"
 * sends the same stat and the server records it once. Undo retracts it with the reason "Undone by
 * scorer" for UNDO_WINDOW_MS after it was recorded; an Undo tapped while the stat is still on its
 * way retracts it as soon as it is recorded.
 */
export function useScoreKeeper(matchId: string) {
  const score = useScoreStat(matchId);
  const retract = useRetractStat(matchId);
  const [last, setLast] = useState<LastStat | null>(null);
  const undoWhenRecorded = useRef(new Set<string>());

  const patch = useCallback((clientId: string, next: Partial<LastStat>) => {
    setLast((current) => (current?.clientId === clientId ? { ...current, ...next } : current));
  }, []);

  const { mutateAsync: retractAsync } = retract;
  const retractStat = useCallback(
    (clientId: string, statId: string) => {
      patch(clientId, { state: 'undoing' });
      retractAsync({ statId, reason: UNDO_REASON }).then(
        () => patch(clientId, { state: 'undone' }),
        (error: unknown) => patch(clientId, { state: 'undo-failed', error: getErrorMessage(error) }),
      );
    },
    [patch, retractAsync],
  );

  const { mutateAsync: scoreAsync } = score;
  const send = useCallback(
    (entry: LastStat) => {
      setLast({ ...entry, state: 'sending' });
      scoreAsync(entry.input).then(
        (stat) => {
          patch(entry.clientId, { stat, recordedAt: Date.now(), state: 'recorded' });
          if (undoWhenRecorded.current.delete(entry.clientId)) retractStat(entry.clientId, stat.id);
        },
        (error: unknown) => {
          undoWhenRecorded.current.delete(entry.clientId);
          patch(entry.clientId, {
            state: 'failed',
            error: getErrorMessage(error),
            retryable: !isApiError(error) || error.status >= 500,
          });
        },
      );
    },
    [patch, retractStat, scoreAsync],
  );

  /** Records a stat now: `input` without its clientId, `what` and `who` for the confirmation. */
  const record = useCallback(
    (input: RecordStatInput, what: string, who: string) => {
      const clientId = newClientId();
      send({ clientId, input: { ...input, clientId }, what, who, state: 'sending' });
    },
    [send],
  );

  const undo = useCallback(() => {
    if (!last) return;
    if (last.state === 'sending') {
      undoWhenRecorded.current.add(last.clientId);
      patch(last.clientId, { state: 'undoing' });
    } else if ((last.state === 'recorded' || last.state === 'undo-failed') && last.stat) {
      retractStat(last.clientId, last.stat.id);
    }
  }, [last, patch, retractStat]);

  /** Sends a failed stat again, with the same clientId. */
  const retry = useCallback(() => {
    if (last?.state === 'failed') send(last);
  }, [last, send]);

  const dismiss = useCallback(() => setLast(null), []);

  // The confirmation goes away once its Undo window has passed, or a while after an Undo.
  useEffect(() => {
    if (!last) return;
    let wait: number | null = null;
    if (last.state === 'recorded' && last.recordedAt !== undefined) {
      wait = UNDO_WINDOW_MS - (Date.now() - last.recordedAt);
    } else if (last.state === 'undone') {
      wait = UNDONE_SHOWN_MS;
    }
    if (wait === null) return;
    const { clientId, state } = last;
    const timer = setTimeout(
      () => setLast((current) => (current?.clientId === clientId && current.state === state ? null : current)),
      Math.max(0, wait),
    );
    return () => clearTimeout(timer);
  }, [last]);

  return { last, record, undo, retry, dismiss };
}
