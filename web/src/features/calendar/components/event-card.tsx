import type { HouseholdAnswer } from '@sideline/domain';
import { Clock, Flag, MapPin, Repeat } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { dateBadge, formatEventDate } from '../lib/event-dates.ts';
import { lateBadgeText, lateNotGoingCount } from '../lib/late-changes.ts';
import type { TeamEvent } from '../types.ts';
import { AttendeeAvatars } from './attendee-avatars.tsx';
import { answersClosed } from '../lib/answers-closed.ts';
import { HouseholdAnswerRows } from './household-answer-rows.tsx';
import { OccurrencePlace, OccurrenceStatusChip, OccurrenceStatusNote, OccurrenceTime } from './occurrence-changes.tsx';

interface EventCardProps {
  event: TeamEvent;
  /** Shown as a chip when the list merges several teams. */
  teamName?: string | undefined;
  myStatus?: string | undefined;
  /** Whom the user answers for: the card then takes the answers itself, a row per person. */
  household?: readonly HouseholdAnswer[] | undefined;
  userId?: string | undefined;
  onOpen: () => void;
}

const statusLabel: Record<string, string> = { yes: 'Going', maybe: 'Maybe', no: 'Not Going' };

/** "3 going · 1 maybe · 2 not going · 4 no reply": the occurrence's counts. */
export function countsText(counts: TeamEvent['counts']): string {
  return `${counts.going} going · ${counts.maybe} maybe · ${counts.notGoing} not going · ${counts.noReply} no reply`;
}

/**
 * One occurrence in the list; the card opens the detail dialog. The button holds only the title
 * (and, for screen readers, the date), stretched over the card: its accessible name starts with
 * what it shows, and the rest of the card is read as the article's content. The answer rows sit
 * above the stretched button, so a press on them answers rather than opens.
 */
export function EventCard({ event, teamName, myStatus, household, userId, onOpen }: EventCardProps) {
  const badge = dateBadge(event.date);
  const late = lateNotGoingCount(event);
  const cancelled = event.status === 'cancelled';
  return (
    <article
      aria-label={event.title}
      data-status={event.status}
      className={cn(
        'relative space-y-3 rounded-2xl border border-slate-200 p-4 shadow-xs transition-colors focus-within:ring-2 focus-within:ring-brand-500/40 hover:bg-slate-50',
        cancelled ? 'bg-slate-50' : 'bg-white',
      )}
    >
      <div className="flex gap-3">
        <span
          data-testid="date-badge"
          className={cn(
            'flex h-14 w-18 shrink-0 items-center justify-center rounded-xl px-1 text-center text-[13px] leading-tight font-bold',
            cancelled
              ? 'bg-slate-100 text-slate-700'
              : badge === 'Today'
                ? 'bg-emerald-100 text-emerald-800'
                : 'bg-brand-50 text-brand-700',
          )}
        >
          {badge}
        </span>
        <span className="min-w-0 flex-1 space-y-1">
          <span className="flex items-center gap-2">
            <button
              type="button"
              onClick={onOpen}
              className={cn(
                "min-w-0 truncate text-left font-semibold outline-none after:absolute after:inset-0 after:rounded-2xl after:content-['']",
                cancelled ? 'text-slate-600 line-through' : 'text-slate-900',
              )}
            >
              {event.title}
              <span className="sr-only">, {formatEventDate(event.date)}</span>
            </button>
            {event.isRecurring ? <Repeat className="size-3.5 shrink-0 text-slate-500" aria-label="Repeats" /> : null}
            <OccurrenceStatusChip event={event} />
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
          {teamName ? (
            <span
              data-testid="team-chip"
              className="inline-block max-w-full truncate rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700"
            >
              {teamName}
            </span>
          ) : null}
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
            <span className="inline-flex items-center gap-1">
              <Clock className="size-3.5 shrink-0" aria-hidden="true" />
              <OccurrenceTime event={event} />
            </span>
            {event.location || event.previous?.location ? (
              <span className="inline-flex min-w-0 items-center gap-1">
                <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
                <OccurrencePlace event={event} />
              </span>
            ) : null}
          </span>
          {cancelled ? (
            <OccurrenceStatusNote event={event} />
          ) : (
            <span className="flex flex-wrap items-center justify-between gap-2 pt-1">
              <AttendeeAvatars rsvps={event.rsvps} max={3} />
              <span className="text-xs text-slate-600" data-testid="card-counts">
                {countsText(event.counts)}
              </span>
              {myStatus && !household ? (
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                  You: {statusLabel[myStatus] ?? myStatus}
                </span>
              ) : null}
            </span>
          )}
        </span>
      </div>
      {household && !cancelled ? (
        <HouseholdAnswerRows
          event={event}
          household={household}
          userId={userId}
          context={event.title}
          closed={answersClosed(event)}
        />
      ) : null}
    </article>
  );
}
