import type { HouseholdAnswer, MyUpcomingItem, RsvpStatus } from '@sideline/domain';
import { Clock3, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useOutboxEntries } from '../../../lib/offline/outbox-store.ts';
import { discardOutboxEntry } from '../../../lib/offline/send-or-queue.ts';
import { householdRsvpScope, RSVP_KIND, useHouseholdRsvp } from '../api.ts';
import { rsvpOptions } from '../../events/components/rsvp-buttons.tsx';

/** The group's accessible name: the user's own answer, or a child's. */
export function answerLabel(item: Pick<MyUpcomingItem, 'title'>, person: HouseholdAnswer): string {
  return person.relation === 'self' ? `Your RSVP: ${item.title}` : `RSVP for ${person.name}: ${item.title}`;
}

/**
 * One row of Going / Maybe / Not Going for one person of the household. The choice being sent, or
 * waiting in the outbox while offline, shows at once; a refused one falls back to the server's.
 */
function AnswerRow({ item, person, userId }: { item: MyUpcomingItem; person: HouseholdAnswer; userId: string }) {
  const rsvp = useHouseholdRsvp();
  const queued = useOutboxEntries({ kind: RSVP_KIND, scope: householdRsvpScope(item, person), userId });
  const waiting = queued.filter((entry) => entry.state !== 'failed').at(-1);
  const refused = queued.filter((entry) => entry.state === 'failed');
  const current: RsvpStatus | null = waiting
    ? (waiting.data?.status as RsvpStatus)
    : rsvp.variables && !rsvp.isError
      ? rsvp.variables.status
      : person.status;
  const cancelled = item.status === 'cancelled';
  const name = person.relation === 'self' ? 'You' : person.name;
  return (
    <li className="space-y-1.5">
      <p className="flex flex-wrap items-baseline justify-between gap-x-2 text-sm">
        <span className="font-medium text-slate-900">{name}</span>
        {person.answeredBeforeChange && !waiting && !rsvp.variables ? (
          <span className="text-xs font-medium text-amber-800">Time changed: still going?</span>
        ) : null}
      </p>
      <div
        role="group"
        aria-label={answerLabel(item, person)}
        aria-busy={rsvp.isPending || undefined}
        className="grid grid-cols-3 gap-2"
      >
        {rsvpOptions.map(({ status, label, icon: Icon, active }) => (
          <Button
            key={status}
            variant="outline"
            aria-pressed={current === status}
            aria-disabled={rsvp.isPending || cancelled || undefined}
            onClick={() => {
              if (!rsvp.isPending && !cancelled) rsvp.mutate({ item, person, status });
            }}
            className={cn(
              'h-auto min-h-11 border-2 px-1.5 py-1.5 text-[13px] leading-tight whitespace-normal sm:text-sm',
              'aria-disabled:cursor-progress',
              current === status && active,
            )}
          >
            <Icon className="size-4 shrink-0" aria-hidden="true" />
            {label}
          </Button>
        ))}
      </div>
      {waiting ? (
        <p role="status" className="flex items-center gap-1.5 text-sm text-amber-800">
          <Clock3 className="size-4 shrink-0" aria-hidden="true" />
          Waiting to send
        </p>
      ) : null}
      {refused.map((entry) => (
        <p key={entry.id} role="alert" className="flex items-center gap-1 text-sm text-red-600">
          <span className="min-w-0 flex-1">
            {person.relation === 'self' ? 'Your' : `${person.name}'s`} RSVP was not saved: {entry.error?.message}
          </span>
          <button
            type="button"
            onClick={() => void discardOutboxEntry(entry.id)}
            aria-label="Dismiss"
            className="-my-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-red-50"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </p>
      ))}
      {rsvp.isError ? (
        <p role="alert" className="text-sm text-red-600">
          The RSVP could not be saved. Please try again.
        </p>
      ) : null}
    </li>
  );
}

/** An answer row per child on the occurrence's team (or for the user themself). */
export function HouseholdRows({ item, userId }: { item: MyUpcomingItem; userId: string }) {
  if (item.household.length === 0) return null;
  return (
    <ul aria-label={`Answers for ${item.title}`} className="space-y-2.5">
      {item.household.map((person) => (
        <AnswerRow key={person.playerId ?? `self:${person.userId}`} item={item} person={person} userId={userId} />
      ))}
    </ul>
  );
}
