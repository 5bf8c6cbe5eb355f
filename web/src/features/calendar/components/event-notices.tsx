import type { EventNotice, FamilyNotice } from '@sideline/domain';
import { Bell, Mail, MinusCircle, RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatShortDateTime } from '../lib/event-dates.ts';
import { useRefetchOnChange } from '../lib/refetch-on-change.ts';
import { useEventNotices } from '../notices-api.ts';
import type { TeamEvent } from '../types.ts';

const channels = {
  push: { label: 'Push', icon: Bell, tone: 'bg-sky-50 text-sky-800' },
  email: { label: 'Email', icon: Mail, tone: 'bg-violet-50 text-violet-800' },
  none: { label: 'Not told', icon: MinusCircle, tone: 'bg-slate-100 text-slate-600' },
} as const;

export const seenText = (notice: EventNotice) =>
  `Seen by ${notice.seen} of ${notice.families.length} ${notice.families.length === 1 ? 'family' : 'families'}`;

function Moment({ label, at }: { label: string; at: string | null }) {
  return (
    <span className={cn(!at && 'text-slate-400')}>
      {label} {at ? <time dateTime={at}>{formatShortDateTime(at)}</time> : '—'}
    </span>
  );
}

function FamilyRow({ family }: { family: FamilyNotice }) {
  const channel = channels[family.channel];
  const Icon = channel.icon;
  return (
    <li className="flex min-h-11 flex-col gap-1 py-2 text-sm" data-testid="notice-family">
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium text-slate-900 wrap-anywhere">{family.name}</span>
        <span className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs', channel.tone)}>
          <Icon className="size-3.5" aria-hidden="true" />
          {channel.label}
        </span>
      </div>
      <div className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-600">
        <Moment label="Sent" at={family.sentAt} />
        <Moment label="Delivered" at={family.deliveredAt} />
        <Moment label="Seen" at={family.seenAt} />
      </div>
    </li>
  );
}

/**
 * Proof of who was told (managers): per schedule change, newest first, how many families saw it,
 * and each family's channel with its sent, delivered and seen times. The newest is open.
 */
export function EventNotices({ event }: { event: TeamEvent }) {
  const notices = useEventNotices(event, true);
  useRefetchOnChange(notices.refetch, `${event.status}|${event.changedAt ?? ''}`);
  return (
    <section aria-labelledby="event-notices-title" className="space-y-2">
      <h3 id="event-notices-title" className="text-sm font-semibold text-slate-900">
        Who was told
      </h3>
      {notices.isPending ? (
        <Spinner label="Loading who was told" />
      ) : notices.isError ? (
        <div role="alert" className="flex items-center justify-between gap-2 text-sm text-red-600">
          <span>Who was told could not be loaded.</span>
          <Button variant="outline" size="sm" className="min-h-11" onClick={() => void notices.refetch()}>
            <RefreshCw className="size-4" aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : notices.data.length === 0 ? (
        <p className="text-sm text-slate-500">No notices yet: families are told when the schedule changes.</p>
      ) : (
        <ol className="space-y-2" aria-label="Notices, newest first">
          {notices.data.map((notice, i) => (
            <li key={notice.changeId} className="rounded-xl border border-slate-200">
              <details open={i === 0}>
                <summary className="flex min-h-11 cursor-pointer list-none flex-col justify-center px-3 py-2">
                  <span className="text-sm font-semibold text-slate-900" data-testid="notice-seen">
                    {seenText(notice)}
                  </span>
                  <span className="text-xs text-slate-500 wrap-anywhere">
                    <time dateTime={notice.at}>{formatShortDateTime(notice.at)}</time> · {notice.summary}
                  </span>
                  <span className="text-xs text-slate-500">
                    Sent to {notice.sent} · delivered to {notice.delivered}
                  </span>
                </summary>
                {notice.families.length === 0 ? (
                  <p className="px-3 pb-3 text-sm text-slate-500">The team has no families yet.</p>
                ) : (
                  <ul className="divide-y divide-slate-100 px-3 pb-1" aria-label="Families">
                    {notice.families.map((family, j) => (
                      <FamilyRow key={`${family.name}-${j}`} family={family} />
                    ))}
                  </ul>
                )}
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
