import { Clock, Flag, MapPin, Repeat } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { dateBadge, formatEventDate, formatEventTime } from '../lib/event-dates.ts';
import { lateBadgeText, lateNotGoingCount } from '../lib/late-changes.ts';
import type { TeamEvent } from '../types.ts';
import { AttendeeAvatars } from './attendee-avatars.tsx';

interface EventCardProps {
  event: TeamEvent;
  /** Shown when the list merges several teams. */
  teamName?: string | undefined;
  myStatus?: string | undefined;
  onOpen: () => void;
}

const statusLabel: Record<string, string> = { yes: 'Going', maybe: 'Maybe', no: 'Not Going' };

/**
 * One occurrence in the list; the whole card opens the detail dialog. The button holds only the
 * title (and, for screen readers, the date), stretched over the card: its accessible name starts
 * with what it shows, and the rest of the card is read as the article's content.
 */
export function EventCard({ event, teamName, myStatus, onOpen }: EventCardProps) {
  const badge = dateBadge(event.date);
  const late = lateNotGoingCount(event);
  return (
    <article
      aria-label={event.title}
      className="relative flex gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-xs transition-colors focus-within:ring-2 focus-within:ring-brand-500/40 hover:bg-slate-50"
    >
      <span
        data-testid="date-badge"
        className={cn(
          'flex h-14 w-18 shrink-0 items-center justify-center rounded-xl px-1 text-center text-[13px] leading-tight font-bold',
          badge === 'Today' ? 'bg-emerald-100 text-emerald-800' : 'bg-brand-50 text-brand-700',
        )}
      >
        {badge}
      </span>
      <span className="min-w-0 flex-1 space-y-1">
        <span className="flex items-center gap-2">
          <button
            type="button"
            onClick={onOpen}
            className="min-w-0 truncate text-left font-semibold text-slate-900 outline-none after:absolute after:inset-0 after:rounded-2xl after:content-['']"
          >
            {event.title}
            <span className="sr-only">, {formatEventDate(event.date)}</span>
          </button>
          {event.isRecurring ? <Repeat className="size-3.5 shrink-0 text-slate-500" aria-label="Repeats" /> : null}
          {late > 0 ? (
            <span
              data-testid="late-rsvp-badge"
              title="Changed to Not Going within 24 hours of the start"
              className="inline-flex shrink-0 items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700 ring-1 ring-red-200 ring-inset"
            >
              <Flag className="size-3" aria-hidden="true" />
              {lateBadgeText(late)}
            </span>
          ) : null}
        </span>
        {teamName ? <span className="block truncate text-xs font-medium text-brand-700">{teamName}</span> : null}
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
          <span className="inline-flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden="true" />
            {formatEventTime(event.date)}
          </span>
          {event.location ? (
            <span className="inline-flex min-w-0 items-center gap-1">
              <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="truncate">{event.location}</span>
            </span>
          ) : null}
        </span>
        <span className="flex flex-wrap items-center justify-between gap-2 pt-1">
          <AttendeeAvatars rsvps={event.rsvps} max={3} />
          {myStatus ? (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
              You: {statusLabel[myStatus] ?? myStatus}
            </span>
          ) : null}
        </span>
      </span>
    </article>
  );
}
