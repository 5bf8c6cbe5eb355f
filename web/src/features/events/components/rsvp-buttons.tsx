import { Check, HelpCircle, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useRsvp } from '../api.ts';
import type { RsvpStatus, TeamEvent } from '../types.ts';

const options: { status: RsvpStatus; label: string; icon: typeof Check; active: string }[] = [
  { status: 'yes', label: 'Going', icon: Check, active: 'border-emerald-500 bg-emerald-50 text-emerald-700' },
  { status: 'maybe', label: 'Maybe', icon: HelpCircle, active: 'border-amber-500 bg-amber-50 text-amber-700' },
  { status: 'no', label: 'Not Going', icon: X, active: 'border-red-500 bg-red-50 text-red-700' },
];

export function myRsvp(event: TeamEvent, userId: string | undefined): RsvpStatus | undefined {
  return event.rsvps.find((r) => r.userId === userId)?.status;
}

/** Going / Maybe / Not Going; the current choice is pressed; all disabled while one is pending. */
export function RsvpButtons({ event, userId }: { event: TeamEvent; userId: string | undefined }) {
  const rsvp = useRsvp();
  // The choice being sent (or just sent) shows at once; a failed one falls back to the server's.
  const current = rsvp.variables && !rsvp.isError ? rsvp.variables.status : myRsvp(event, userId);
  return (
    <div className="space-y-2">
      <div role="group" aria-label="Your RSVP" className="grid grid-cols-3 gap-2">
        {options.map(({ status, label, icon: Icon, active }) => (
          <Button
            key={status}
            variant="outline"
            aria-pressed={current === status}
            disabled={rsvp.isPending}
            onClick={() => rsvp.mutate({ event, status })}
            className={cn('border-2 px-2', current === status && active)}
          >
            <Icon className="size-4 shrink-0" aria-hidden="true" />
            {label}
          </Button>
        ))}
      </div>
      {rsvp.isError ? (
        <p role="alert" className="text-sm text-red-600">
          Your RSVP could not be saved. Please try again.
        </p>
      ) : null}
    </div>
  );
}
