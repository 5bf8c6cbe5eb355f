import { WifiOff } from 'lucide-react';
import { useIsOnline } from './online.ts';
import { useShownDataTime } from './use-shown-data-time.ts';

const time = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const dayAndTime = new Intl.DateTimeFormat(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' });

/** "10:42", or "Sat 10:42" when it was not today. */
export function formatSeenAt(at: number, now = new Date()): string {
  const seen = new Date(at);
  return seen.toDateString() === now.toDateString() ? time.format(seen) : dayAndTime.format(seen);
}

/**
 * While the browser is offline: the screen shows what was fetched when it was last seen on this
 * device, and says since when.
 */
export function OfflineBanner({ className = '' }: { className?: string }) {
  const online = useIsOnline();
  const seenAt = useShownDataTime();
  if (online) return null;
  return (
    <div
      role="status"
      className={`flex items-center gap-2 rounded-xl border border-slate-300 bg-slate-100 px-3 py-2 text-sm text-slate-700 ${className}`}
    >
      <WifiOff className="size-4 shrink-0" aria-hidden="true" />
      <span>
        {seenAt > 0
          ? `Offline: showing what you saw at ${formatSeenAt(seenAt)}`
          : 'Offline: this screen will load when you are back online'}
      </span>
    </div>
  );
}
