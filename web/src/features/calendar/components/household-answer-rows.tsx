import type { HouseholdAnswer } from '@sideline/domain';
import { cn } from '../../../lib/cn.ts';
import { useOutboxEntries } from '../../../lib/offline/outbox-store.ts';
import { RSVP_KIND, rsvpScope, useRsvp } from '../api.ts';
import type { RsvpStatus, TeamEvent } from '../types.ts';
import { AnswerSendState } from './answer-send-state.tsx';
import { rsvpOptions } from './rsvp-buttons.tsx';

export interface HouseholdAnswerRowsProps {
  /** The occurrence answered (an item of GET /api/me/upcoming is one too). */
  event: TeamEvent;
  /**
   * Whom the user answers for, in order: `household` of a GET /api/me/upcoming item, or
   * `householdAnswers(event, user, householdPeople(user, players))` from lib/household.ts.
   */
  household: readonly HouseholdAnswer[];
  /** The signed-in user: their answers waiting offline show as chosen until sent. */
  userId: string | undefined;
  /** Where the rows are read ("Practice, Sat 28 Nov"): each group is named "{name}: {context}". */
  context?: string | undefined;
  /**
   * Answers closed (the event's rsvpDeadlineHours before its start): the rows give way to
   * "Answers closed", as the server refuses members' answers then (a coach records them in the
   * event's detail).
   */
  closed?: boolean | undefined;
}

/**
 * One row of Going / Maybe / Not going per person of the household (each child, or the user
 * themself) for one occurrence: a press answers at once, or waits in the outbox while offline.
 * An answer given before the time or place changed asks "Time changed: still going?" until the
 * person answers again. Nothing shows for a cancelled occurrence.
 */
export function HouseholdAnswerRows({ event, household, userId, context, closed }: HouseholdAnswerRowsProps) {
  if (event.status === 'cancelled' || household.length === 0) return null;
  if (closed) {
    return (
      <p className="text-sm font-semibold text-slate-700" data-testid="answers-closed">
        Answers closed
      </p>
    );
  }
  const single = household.length === 1 && household[0]!.relation === 'self';
  return (
    <div className="space-y-2.5" data-testid="household-answers">
      {household.map((person) => (
        <AnswerRow
          key={person.playerId ?? `self:${person.userId ?? ''}`}
          event={event}
          person={person}
          userId={userId}
          heading={single ? 'Your RSVP' : person.relation === 'self' && !person.playerId ? 'You' : person.name}
          context={context}
        />
      ))}
    </div>
  );
}

function AnswerRow({
  event,
  person,
  userId,
  heading,
  context,
}: {
  event: TeamEvent;
  person: HouseholdAnswer;
  userId: string | undefined;
  heading: string;
  context: string | undefined;
}) {
  const rsvp = useRsvp();
  const scope = rsvpScope(event, person.playerId);
  const queued = useOutboxEntries({ kind: RSVP_KIND, scope, ...(userId ? { userId } : {}) });
  const waiting = queued.filter((entry) => entry.state !== 'failed').at(-1);
  const refused = queued.filter((entry) => entry.state === 'failed');
  const pressed = rsvp.variables && !rsvp.isError ? rsvp.variables.status : undefined;
  const current: RsvpStatus | null = waiting ? (waiting.data?.status as RsvpStatus) : (pressed ?? person.status);
  // Answered again (now, or waiting to be sent): the question is settled.
  const askAgain = person.answeredBeforeChange && !waiting && !pressed;
  const name = context ? `${heading}: ${context}` : heading;
  return (
    <div className="space-y-1.5">
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-medium text-slate-900">{heading}</span>
        {askAgain ? (
          <span className="font-medium text-amber-800" data-testid="answer-again">
            Time changed: still going?
          </span>
        ) : null}
      </p>
      <div role="group" aria-label={name} aria-busy={rsvp.isPending || undefined} className="grid grid-cols-3 gap-2">
        {rsvpOptions.map(({ status, label, icon: Icon, active }) => (
          <button
            key={status}
            type="button"
            aria-pressed={current === status}
            aria-disabled={rsvp.isPending || undefined}
            onClick={() => {
              if (!rsvp.isPending) {
                rsvp.mutate({
                  event,
                  status,
                  playerId: person.playerId,
                  ...(person.relation === 'child' ? { name: person.name } : {}),
                });
              }
            }}
            className={cn(
              'relative z-10 inline-flex min-h-11 items-center justify-center gap-1 rounded-xl border-2 px-1.5 py-1.5',
              'text-[13px] leading-tight font-semibold transition-colors aria-disabled:cursor-progress',
              current === status ? active : 'border-slate-200 bg-white text-slate-900 hover:bg-slate-50',
            )}
          >
            <Icon className="size-4 shrink-0" aria-hidden="true" />
            {label}
          </button>
        ))}
      </div>
      <AnswerSendState waiting={Boolean(waiting)} refused={refused} refusedPrefix="Not saved" />
      {rsvp.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {heading === 'Your RSVP' ? 'Your RSVP' : `The answer for ${heading}`} could not be saved. Please try again.
        </p>
      ) : null}
    </div>
  );
}
