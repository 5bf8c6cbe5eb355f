import { Check, HelpCircle, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useOutboxEntries } from '../../../lib/offline/outbox-store.ts';
import { RSVP_KIND, rsvpScope, useRsvp } from '../api.ts';
import type { RsvpStatus, TeamEvent } from '../types.ts';
import { AnswerSendState } from './answer-send-state.tsx';

export const rsvpOptions: { status: RsvpStatus; label: string; icon: typeof Check; active: string }[] = [
  {
    status: 'yes',
    label: 'Going',
    icon: Check,
    active: 'border-emerald-600 bg-emerald-50 text-emerald-800 hover:bg-emerald-100',
  },
  {
    status: 'maybe',
    label: 'Maybe',
    icon: HelpCircle,
    active: 'border-amber-500 bg-amber-50 text-amber-800 hover:bg-amber-100',
  },
  { status: 'no', label: 'Not Going', icon: X, active: 'border-red-600 bg-red-50 text-red-800 hover:bg-red-100' },
];

export function myRsvp(event: TeamEvent, userId: string | undefined): RsvpStatus | undefined {
  return event.rsvps.find((r) => r.userId === userId)?.status;
}

/**
 * Going / Maybe / Not Going; the current choice is pressed and coloured. While one is saving the
 * group is aria-disabled rather than disabled, so keyboard focus stays on the button just pressed.
 */
export function RsvpButtons({
  event,
  userId,
  label = 'Your RSVP',
}: {
  event: TeamEvent;
  userId: string | undefined;
  /** The group's accessible name (Home names each event's group after it). */
  label?: string;
}) {
  const rsvp = useRsvp();
  // Answers made offline wait in the outbox: the latest one shows as the choice until it is sent.
  const queued = useOutboxEntries({ kind: RSVP_KIND, scope: rsvpScope(event), ...(userId ? { userId } : {}) });
  const waiting = queued.filter((entry) => entry.state !== 'failed').at(-1);
  const refused = queued.filter((entry) => entry.state === 'failed');
  // The choice being sent (or just sent) shows at once; a failed one falls back to the server's.
  const current = waiting
    ? (waiting.data?.status as RsvpStatus)
    : rsvp.variables && !rsvp.isError
      ? rsvp.variables.status
      : myRsvp(event, userId);
  return (
    <div className="space-y-2">
      <div role="group" aria-label={label} aria-busy={rsvp.isPending || undefined} className="grid grid-cols-3 gap-2">
        {rsvpOptions.map(({ status, label, icon: Icon, active }) => (
          <Button
            key={status}
            variant="bare"
            size="bare"
            aria-pressed={current === status}
            aria-disabled={rsvp.isPending || undefined}
            onClick={() => {
              if (!rsvp.isPending) rsvp.mutate({ event, status });
            }}
            className={cn(
              'min-h-11 min-w-11 justify-center gap-2 rounded-xl border-2 px-1.5 py-2 text-[13px] leading-tight sm:text-sm',
              'aria-disabled:cursor-progress',
              current === status ? active : 'border-slate-200 bg-white text-slate-900 hover:bg-slate-50',
            )}
          >
            <Icon className="size-4 shrink-0" aria-hidden="true" />
            {label}
          </Button>
        ))}
      </div>
      <AnswerSendState waiting={Boolean(waiting)} refused={refused} refusedPrefix="Your RSVP was not saved" />
      {rsvp.isError ? (
        <p role="alert" className="text-sm text-red-600">
          Your RSVP could not be saved. Please try again.
        </p>
      ) : null}
    </div>
  );
}
