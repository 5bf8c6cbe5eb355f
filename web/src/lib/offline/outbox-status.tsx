import { AlertCircle, Clock3, X } from 'lucide-react';
import { useOutboxEntries } from './outbox-store.ts';
import { discardOutboxEntry } from './send-or-queue.ts';

/**
 * Every write of the signed-in user that waits in the outbox, whatever screen is open: how many
 * wait to be sent, and each one the server refused, with its own message, until dismissed.
 */
export function OutboxStatus({ userId }: { userId: string }) {
  const entries = useOutboxEntries({ userId });
  const waiting = entries.filter((entry) => entry.state !== 'failed').length;
  const failed = entries.filter((entry) => entry.state === 'failed');
  if (waiting === 0 && failed.length === 0) return null;
  return (
    <div className="space-y-2">
      {waiting > 0 ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-xl border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          <Clock3 className="size-4 shrink-0" aria-hidden="true" />
          Waiting to send: {waiting === 1 ? '1 change' : `${waiting} changes`}
        </p>
      ) : null}
      {failed.map((entry) => (
        <div
          key={entry.id}
          role="alert"
          className="flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
        >
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p className="min-w-0 flex-1">
            <span className="font-semibold">Not sent: {entry.label}.</span> {entry.error?.message}
          </p>
          <button
            type="button"
            onClick={() => void discardOutboxEntry(entry.id)}
            aria-label={`Dismiss: ${entry.label}`}
            className="-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-red-100"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      ))}
    </div>
  );
}
