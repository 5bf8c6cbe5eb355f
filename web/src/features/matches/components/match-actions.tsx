import { matchMachine, matchSnapshot, type Match, type MatchCommandType } from '@sideline/domain';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { BarChart3, Flag, CirclePlay, UserCheck, Ban } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useSetMatchStatus, type MatchStatusChange } from '../api.ts';

/**
 * The lifecycle the server enforces, as the buttons see it: the domain's match machine, started
 * in the match's current status. Keyed by status where it is used, so a change that arrives from
 * the server (another manager, the socket) starts it again in the new status.
 */
export function useMatchMachine(match: Pick<Match, 'status'>) {
  const [snapshot, send] = useMachine(matchMachine, { snapshot: matchSnapshot(match.status) });
  return { snapshot, send, can: (type: MatchCommandType) => snapshot.can({ type }) };
}

const transitions: ReadonlyArray<{
  command: 'StartMatch' | 'CompleteMatch' | 'CancelMatch';
  status: MatchStatusChange;
  label: string;
  icon: typeof CirclePlay;
  variant: 'primary' | 'outline';
}> = [
  { command: 'StartMatch', status: 'in_progress', label: 'Start Match', icon: CirclePlay, variant: 'primary' },
  { command: 'CompleteMatch', status: 'complete', label: 'Complete Match', icon: Flag, variant: 'primary' },
  { command: 'CancelMatch', status: 'cancelled', label: 'Cancel Match', icon: Ban, variant: 'outline' },
];

interface MatchActionsProps {
  match: Match;
  onManageLineup: () => void;
  onRecordStats: () => void;
}

/**
 * The detail dialog's buttons (spec part 2 §2, §4): Manage Lineup, Record Stats, Start Match,
 * Complete Match (and Cancel Match), each shown only when the match machine accepts its command
 * in the current status and the user manages the match.
 */
export function MatchActions({ match, onManageLineup, onRecordStats }: MatchActionsProps) {
  const { can, send } = useMatchMachine(match);
  // The toasts go with the mutation: this component remounts when the status changes.
  const setStatus = useSetMatchStatus(match.id, {
    onSuccess: () => toast({ title: 'Success', description: 'Match status updated successfully' }),
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error) }),
  });
  // Cancelling is final (the machine has no way back): it asks once more.
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  if (!match.canManage) return null;
  const change = (command: (typeof transitions)[number]) =>
    setStatus.mutate(command.status, { onSuccess: () => send({ type: command.command }) });
  const lineup = can('AddParticipant') || can('Substitute');
  const anything = lineup || can('RecordStat') || transitions.some((t) => can(t.command));
  if (!anything) return null;
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Match actions">
      {lineup ? (
        <Button variant="outline" size="sm" onClick={onManageLineup}>
          <UserCheck className="size-4" aria-hidden="true" />
          Manage Lineup
        </Button>
      ) : null}
      {can('RecordStat') ? (
        <Button variant="outline" size="sm" onClick={onRecordStats}>
          <BarChart3 className="size-4" aria-hidden="true" />
          Record Stats
        </Button>
      ) : null}
      {transitions
        .filter((t) => can(t.command))
        .map((t) => (
          <Button
            key={t.command}
            variant={t.variant}
            size="sm"
            disabled={setStatus.isPending}
            onClick={() => (t.command === 'CancelMatch' ? setConfirmingCancel(true) : change(t))}
          >
            <t.icon className="size-4" aria-hidden="true" />
            {t.label}
          </Button>
        ))}
      {confirmingCancel && can('CancelMatch') ? (
        <div role="alert" className="flex w-full flex-wrap items-center gap-2 rounded-xl bg-red-50 px-3 py-2 text-sm">
          <span className="text-red-800">Cancel this match? A cancelled match cannot be restarted.</span>
          <Button
            variant="destructive"
            size="sm"
            disabled={setStatus.isPending}
            onClick={() => change(transitions.find((t) => t.command === 'CancelMatch')!)}
          >
            Yes, cancel the match
          </Button>
          <Button variant="outline" size="sm" onClick={() => setConfirmingCancel(false)}>
            Keep it
          </Button>
        </div>
      ) : null}
    </div>
  );
}
