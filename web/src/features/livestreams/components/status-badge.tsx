import { CalendarClock, CheckCircle2, Radio, RefreshCw, XCircle, type LucideIcon } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import type { LivestreamPhase } from '../hooks/use-livestream-lifecycle.ts';

const looks: Record<LivestreamPhase, { icon: LucideIcon; className: string; label: string }> = {
  scheduled: { icon: CalendarClock, className: 'bg-blue-50 text-blue-700 ring-blue-200', label: 'scheduled' },
  live: { icon: Radio, className: 'bg-red-600 text-white ring-red-600', label: 'live' },
  reconnecting: { icon: RefreshCw, className: 'bg-amber-50 text-amber-800 ring-amber-300', label: 'reconnecting' },
  ended: { icon: CheckCircle2, className: 'bg-slate-100 text-slate-700 ring-slate-200', label: 'ended' },
  cancelled: { icon: XCircle, className: 'bg-slate-100 text-slate-600 ring-slate-200', label: 'cancelled' },
};

/**
 * The stream's status (spec part 2 §4): live with a live icon, ended with a check icon, text
 * upper-cased; a publisher that dropped and may come back shows as reconnecting.
 */
export function LivestreamStatusBadge({
  phase,
  className,
  testId,
}: {
  phase: LivestreamPhase;
  className?: string;
  testId?: string;
}) {
  const { icon: Icon, className: tone, label } = looks[phase];
  return (
    <span
      data-testid={testId}
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold tracking-wide uppercase ring-1 ring-inset',
        tone,
        className,
      )}
    >
      <Icon className={cn('size-3.5', phase === 'live' && 'animate-pulse')} aria-hidden="true" />
      {label}
    </span>
  );
}
