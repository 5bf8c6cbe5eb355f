import { Check, CircleAlert, RotateCcw, Undo2, X } from 'lucide-react';
import { cn } from '../../../../lib/cn.ts';
import { UNDO_WINDOW_MS, type LastStat } from '../../hooks/use-score-keeper.ts';
import { useNow } from '../../lib/match-clock.ts';
import { bigButtonBoxClassName } from './scorer-subject.ts';

function message(last: LastStat): string {
  const what = `${last.what} · ${last.who}`;
  switch (last.state) {
    case 'sending':
      return `Recording ${what}…`;
    case 'recorded':
      return `Recorded: ${what}`;
    case 'undoing':
      return `Undoing ${what}…`;
    case 'undone':
      return `Undone: ${what}`;
    case 'failed':
      return `Not recorded: ${what}. ${last.error ?? ''}`.trim();
    case 'undo-failed':
      return `Couldn't undo ${what}. ${last.error ?? ''}`.trim();
    case 'queued':
      return `Waiting to send: ${what}. Saved on this phone; it is sent when the connection is back.`;
    case 'sent':
      return `Recorded: ${what}`;
  }
}

/**
 * The confirmation of the stat just sent, with Undo for 10 seconds (counting down), or, when it
 * failed, why and Try again (the same stat, recorded once).
 */
export function UndoBar({
  last,
  onUndo,
  onRetry,
  onDismiss,
}: {
  last: LastStat;
  onUndo: () => void;
  onRetry: () => void;
  onDismiss: () => void;
}) {
  const now = useNow(1000, last.state === 'recorded');
  const secondsLeft =
    last.recordedAt === undefined ? null : Math.max(0, Math.ceil((UNDO_WINDOW_MS - (now - last.recordedAt)) / 1000));
  const failed = last.state === 'failed' || last.state === 'undo-failed';
  const canUndo =
    last.state === 'sending' || last.state === 'recorded' || last.state === 'undo-failed' || last.state === 'queued';
  return (
    <div
      className={cn(
        'flex items-center gap-3 rounded-2xl px-4 py-2 text-sm shadow-sm',
        failed ? 'bg-red-50 text-red-900 ring-1 ring-red-200' : 'bg-slate-900 text-white',
      )}
      data-testid="scorer-confirmation"
    >
      {failed ? (
        <CircleAlert className="size-5 shrink-0" aria-hidden="true" />
      ) : (
        <Check className="size-5 shrink-0" aria-hidden="true" />
      )}
      <p role="status" className="min-w-0 flex-1 break-words">
        {message(last)}
      </p>
      {canUndo ? (
        <button
          type="button"
          onClick={onUndo}
          className={cn(
            bigButtonBoxClassName,
            'shrink-0 gap-2 px-4 text-base',
            failed ? 'bg-red-600 text-white hover:bg-red-700' : 'bg-white text-slate-900 hover:bg-slate-100',
          )}
        >
          <Undo2 className="size-5" aria-hidden="true" />
          Undo
          {last.state === 'recorded' && secondsLeft !== null ? (
            <span className="text-xs font-normal tabular-nums" aria-hidden="true">
              {secondsLeft}s
            </span>
          ) : null}
        </button>
      ) : null}
      {last.state === 'failed' && last.retryable ? (
        <button
          type="button"
          onClick={onRetry}
          className={cn(bigButtonBoxClassName, 'shrink-0 gap-2 bg-red-600 px-4 text-base text-white hover:bg-red-700')}
        >
          <RotateCcw className="size-5" aria-hidden="true" />
          Try again
        </button>
      ) : null}
      {failed ? (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          className="flex size-11 shrink-0 items-center justify-center rounded-xl hover:bg-red-100"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
