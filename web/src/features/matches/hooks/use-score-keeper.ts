import type { RecordStatInput, Stat } from '@sideline/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { useOutboxEntries } from '../../../lib/offline/outbox-store.ts';
import { discardOutboxEntry } from '../../../lib/offline/send-or-queue.ts';
import { STAT_KIND, UNDO_REASON, useRetractStat, useScoreStat, type ScoredStat } from '../api.ts';
import { newClientId } from '../lib/client-id.ts';

/** How long the scorer's Undo stays offered after a stat is recorded. */
export const UNDO_WINDOW_MS = 10_000;
/** How long "Undone" stays on screen. */
const UNDONE_SHOWN_MS = 3_000;

export type LastStatState =
  | 'sending'
  | 'recorded'
  | 'failed'
  | 'undoing'
  | 'undone'
  | 'undo-failed'
  // Offline (or the network failed): kept on this phone in the outbox until it can be sent.
  | 'queued'
  // Sent from the outbox later: recorded, but its Undo window has passed with the connection.
  | 'sent';

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
  /** Its entry in the outbox while it waits there. */
  outboxId?: string;
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
      scoreAsync({ stat: entry.input, shown: { what: entry.what, who: entry.who } }).then(
        (outcome) => {
          if (outcome.status === 'queued') {
            patch(entry.clientId, { state: 'queued', outboxId: outcome.entry.id });
            if (undoWhenRecorded.current.delete(entry.clientId)) {
              void discardOutboxEntry(outcome.entry.id).then(() => patch(entry.clientId, { state: 'undone' }));
            }
            return;
          }
          const stat = outcome.data;
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

  // A queued stat leaves the outbox once it is sent (or discarded): say so.
  const waiting = useOutboxEntries({ kind: STAT_KIND, scope: matchId });
  const queuedEntry = last?.outboxId ? waiting.find((e) => e.id === last.outboxId) : undefined;
  useEffect(() => {
    if (last?.state === 'queued' && !queuedEntry) patch(last.clientId, { state: 'sent' });
  }, [last, queuedEntry, patch]);

  const undo = useCallback(() => {
    if (!last) return;
    if (last.state === 'queued' && last.outboxId) {
      // Only a stat still waiting is taken back; one on its way is recorded (undo it then).
      if (queuedEntry?.state === 'sending') return;
      const { clientId, outboxId } = last;
      void discardOutboxEntry(outboxId).then(() => patch(clientId, { state: 'undone' }));
    } else if (last.state === 'sending') {
      undoWhenRecorded.current.add(last.clientId);
      patch(last.clientId, { state: 'undoing' });
    } else if ((last.state === 'recorded' || last.state === 'undo-failed') && last.stat) {
      retractStat(last.clientId, last.stat.id);
    }
  }, [last, patch, queuedEntry, retractStat]);

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
    } else if (last.state === 'undone' || last.state === 'sent') {
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
