import type { MyUpcomingItem } from '@sideline/domain';
import { Clock, MapPin, UsersRound } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { mapsHref, zonedDateTime, zonedParts } from '../upcoming.ts';
import { HouseholdAnswerRows } from '../../calendar/components/household-answer-rows.tsx';
import { answersClosed } from '../../calendar/lib/answers-closed.ts';

/** The place as a link that opens the phone's maps app. */
function Place({ location }: { location: string }) {
  return (
    <a
      href={mapsHref(location)}
      target="_blank"
      rel="noreferrer"
      className="inline-flex min-h-11 min-w-0 items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
    >
      <MapPin className="size-4 shrink-0" aria-hidden="true" />
      <span className="truncate">{location}</span>
      <span className="sr-only"> (opens maps)</span>
    </a>
  );
}

/** Moved: the old time struck through beside the new one. Cancelled: the reason. */
function ChangeNote({ item }: { item: MyUpcomingItem }) {
  if (item.status === 'cancelled') {
    return (
      <p className="text-sm font-medium text-red-700">Cancelled{item.cancelReason ? `: ${item.cancelReason}` : ''}</p>
    );
  }
  if (item.status === 'moved' && item.previous && item.previous.startsAt !== item.date) {
    return (
      <p className="text-xs text-slate-600">
        Moved from <s>{zonedDateTime(item.previous.startsAt, item.timeZone)}</s>
      </p>
    );
  }
  return null;
}

/**
 * One upcoming occurrence of any of the user's teams: when (weekday, date and time in the event's
 * zone), where (opens maps), the team, the counts and an answer row per child (or for the user).
 * `lead`: Home's first card, larger; the week's cards are compact.
 */
export function UpcomingArticle({
  item,
  userId,
  lead = false,
}: {
  item: MyUpcomingItem;
  userId: string;
  lead?: boolean;
}) {
  const parts = zonedParts(item.date, item.timeZone);
  const cancelled = item.status === 'cancelled';
  return (
    <article
      aria-label={item.title}
      className={cn(
        'space-y-2 rounded-xl border border-slate-200/80 bg-white p-3 shadow-sm shadow-slate-900/5',
        cancelled && 'opacity-70',
      )}
    >
      <div className="flex items-start gap-3">
        <time
          dateTime={item.date}
          className={cn(
            'flex shrink-0 flex-col items-center justify-center rounded-lg bg-brand-50 px-2 py-1 text-brand-700',
            lead ? 'min-w-14' : 'min-w-12',
          )}
        >
          <span className="text-xs font-semibold uppercase">{parts?.weekday ?? 'TBD'}</span>
          <span className={cn('font-bold whitespace-nowrap', lead ? 'text-sm' : 'text-xs')}>{parts?.day ?? ''}</span>
        </time>
        <div className="min-w-0 flex-1">
          <h3
            className={cn(
              'font-semibold wrap-anywhere text-slate-900',
              lead ? 'text-lg leading-6' : 'text-base',
              cancelled && 'line-through',
            )}
          >
            {item.title}
          </h3>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm text-slate-600">
            <span className="inline-flex items-center gap-1">
              <Clock className="size-3.5" aria-hidden="true" />
              {parts?.time ?? 'Time TBD'}
            </span>
            <span className="inline-flex min-w-0 items-center gap-1">
              <UsersRound className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="truncate">{item.team.name}</span>
            </span>
          </p>
        </div>
      </div>
      <ChangeNote item={item} />
      {item.location ? <Place location={item.location} /> : null}
      <p className="text-xs text-slate-600">
        <span className="font-semibold text-emerald-700">{item.counts.going} going</span> · {item.counts.maybe} maybe ·{' '}
        {item.counts.notGoing} not going · {item.counts.noReply} no reply
      </p>
      <HouseholdAnswerRows
        event={item}
        household={item.household}
        userId={userId}
        context={item.title}
        closed={answersClosed(item)}
      />
    </article>
  );
}
