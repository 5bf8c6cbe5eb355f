import type { OutboxEntry } from '../../../lib/offline/outbox-types.ts';
import { Clock3, X } from 'lucide-react';
import { discardOutboxEntry } from '../../../lib/offline/send-or-queue.ts';

/**
 * Under an answer row: "Waiting to send" while an answer waits in the outbox, and each answer the
 * server refused with its own message (`refusedPrefix` names whose), until dismissed.
 */
export function AnswerSendState({
  waiting,
  refused,
  refusedPrefix,
}: {
  waiting: boolean;
  refused: readonly OutboxEntry[];
  refusedPrefix: string;
}) {
  return (
    <>
      {waiting ? (
        <p role="status" className="flex items-center gap-1.5 text-sm text-amber-800">
          <Clock3 className="size-4 shrink-0" aria-hidden="true" />
          Waiting to send
        </p>
      ) : null}
      {refused.map((entry) => (
        <p key={entry.id} role="alert" className="relative z-10 flex items-center gap-1 text-sm text-red-600">
          <span className="min-w-0 flex-1">
            {refusedPrefix}: {entry.error?.message}
          </span>
          <button
            type="button"
            onClick={() => void discardOutboxEntry(entry.id)}
            aria-label="Dismiss"
            className="-my-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-red-50"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </p>
      ))}
    </>
  );
}
