import { Loader2, WifiOff } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { useSocket } from '../../../lib/socket/socket-context.ts';

/**
 * Spec §4: while the live connection is down, 'Reconnecting to live chat...'. Messages still go
 * out over HTTP meanwhile. After the retries are used up (error) a 'Try again' button retries
 * at once. It fades in after a moment, so a quick first connect does not flash it.
 */
export function ReconnectBanner() {
  const { status, retry } = useSocket();
  if (status === 'connected') return null;
  const gaveUp = status === 'error';
  return (
    <div
      role="status"
      className="mb-2 flex items-center gap-2 rounded-xl border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 motion-safe:animate-[fade-in_200ms_ease-out_800ms_both]"
    >
      {gaveUp ? (
        <WifiOff className="size-4 shrink-0" aria-hidden="true" />
      ) : (
        <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden="true" />
      )}
      <span className="flex-1">Reconnecting to live chat...</span>
      {gaveUp ? (
        <Button
          variant="bare"
          size="sm"
          onClick={retry}
          className="border border-amber-300 bg-white text-slate-900 hover:bg-slate-50"
        >
          Try again
        </Button>
      ) : null}
    </div>
  );
}
