import type { Match } from '@sideline/domain';
import { Ban, CirclePlay, Flag } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useSetMatchStatus, type MatchStatusChange } from '../api.ts';
import { useMatchMachine } from './match-actions.tsx';

const transitions = [
  {
    command: 'StartMatch',
    status: 'in_progress',
    label: 'Start Match',
    done: 'Kick-off! The match is live',
    icon: CirclePlay,
  },
  {
    command: 'CompleteMatch',
    status: 'complete',
    label: 'Complete Match',
    done: 'Full time: the result is in',
    icon: Flag,
  },
  { command: 'CancelMatch', status: 'cancelled', label: 'Cancel Match', done: 'The match was cancelled', icon: Ban },
] as const satisfies ReadonlyArray<{
  command: string;
  status: MatchStatusChange;
  label: string;
  done: string;
  icon: typeof Flag;
}>;

/**
 * Start Match, Complete Match and Cancel Match, each shown only when the domain's match machine
 * allows it in the match's status (the server refuses the rest). Cancelling is final, so it asks
 * once more. Keyed by status where it is used, so a change from elsewhere starts the machine again.
 */
export function LifecycleActions({ match, className }: { match: Match; className?: string }) {
  const { can, send } = useMatchMachine(match);
  // The toasts go with the mutation: this component remounts when the status changes.
  const setStatus = useSetMatchStatus(match.id, {
    onSuccess: (changed) => {
      const done = transitions.find((t) => t.status === changed.status)?.done;
      if (done) toast({ title: done });
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: "Couldn't change the match", description: getErrorMessage(error) }),
  });
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  if (!match.canManage) return null;
  const allowed = transitions.filter((t) => can(t.command));
  if (allowed.length === 0) return null;
  const change = (t: (typeof transitions)[number]) =>
    setStatus.mutate(t.status, { onSuccess: () => send({ type: t.command }) });
  return (
    <div className={cn('space-y-2', className)} role="group" aria-label="Match status">
      <div className="flex flex-col gap-2 sm:flex-row">
        {allowed.map((t) => (
          <Button
            key={t.command}
            size="lg"
            variant={t.command === 'CancelMatch' ? 'outline' : 'primary'}
            className="w-full sm:w-auto sm:flex-1"
            disabled={setStatus.isPending}
            onClick={() => (t.command === 'CancelMatch' ? setConfirmingCancel(true) : change(t))}
          >
            <t.icon className="size-5" aria-hidden="true" />
            {t.label}
          </Button>
        ))}
      </div>
      {confirmingCancel ? (
        <div role="alert" className="space-y-2 rounded-xl bg-red-50 p-3 text-sm">
          <p className="text-red-800">Cancel this match? A cancelled match cannot be restarted.</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button
              variant="destructive"
              size="lg"
              className="w-full sm:w-auto sm:flex-1"
              disabled={setStatus.isPending}
              onClick={() => change(transitions[2])}
            >
              Yes, cancel the match
            </Button>
            <Button
              variant="outline"
              size="lg"
              className="w-full sm:w-auto sm:flex-1"
              onClick={() => setConfirmingCancel(false)}
            >
              Keep it
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
