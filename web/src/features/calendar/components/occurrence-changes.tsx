import { Ban } from 'lucide-react';
import { formatEventDate, formatEventTime, sameDay } from '../lib/event-dates.ts';
import type { TeamEvent } from '../types.ts';

/** The time moved since it was first set (or since the last change of time or place). */
export function timeMoved(event: TeamEvent): boolean {
  return Boolean(event.previous && event.previous.startsAt !== event.date);
}

/** The place changed. */
export function placeMoved(event: TeamEvent): boolean {
  return Boolean(event.previous && event.previous.location !== event.location);
}

/**
 * When it is: the new time with the old one struck through when it moved (and the old date, when
 * it moved to another day). The struck text is named "was …" for screen readers.
 */
export function OccurrenceTime({ event }: { event: TeamEvent }) {
  const moved = timeMoved(event);
  const previous = event.previous?.startsAt ?? '';
  const otherDay = moved && !sameDay(previous, event.date);
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-1.5">
      <span className={moved ? 'font-semibold text-slate-900' : undefined}>{formatEventTime(event.date)}</span>
      {moved ? (
        <del className="text-slate-600" data-testid="previous-time">
          <span className="sr-only">was </span>
          {otherDay ? `${formatEventDate(previous)}, ` : ''}
          {formatEventTime(previous)}
        </del>
      ) : null}
    </span>
  );
}

/** Where it is: the new place with the old one struck through when it changed. */
export function OccurrencePlace({ event }: { event: TeamEvent }) {
  const moved = placeMoved(event);
  if (!event.location && !moved) return null;
  return (
    <span className="inline-flex min-w-0 flex-wrap items-baseline gap-x-1.5">
      <span className={moved ? 'font-semibold text-slate-900' : 'truncate'}>{event.location || 'No place set'}</span>
      {moved && event.previous?.location ? (
        <del className="text-slate-600" data-testid="previous-place">
          <span className="sr-only">was </span>
          {event.previous.location}
        </del>
      ) : null}
    </span>
  );
}

/** "Cancelled", with the reason when one was given; "Moved" for an occurrence whose time or place changed. */
export function OccurrenceStatusNote({ event }: { event: TeamEvent }) {
  if (event.status === 'cancelled') {
    return (
      <p
        className="flex items-start gap-1.5 rounded-lg bg-red-50 px-2.5 py-1.5 text-sm text-red-800"
        data-testid="cancelled-note"
      >
        <Ban className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          <span className="font-semibold">Cancelled</span>
          {event.cancelReason ? `: ${event.cancelReason}` : ''}
        </span>
      </p>
    );
  }
  return null;
}

/** A small "Moved" / "Cancelled" chip for a card's title line. */
export function OccurrenceStatusChip({ event }: { event: TeamEvent }) {
  if (event.status === 'cancelled') {
    return (
      <span className="shrink-0 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-700 ring-1 ring-red-200 ring-inset">
        Cancelled
      </span>
    );
  }
  if (event.status === 'moved' && (timeMoved(event) || placeMoved(event))) {
    return (
      <span className="shrink-0 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200 ring-inset">
        Moved
      </span>
    );
  }
  return null;
}
