import type { Player } from '@sideline/domain';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useSetPlayerAdult } from '../api.ts';

/**
 * A manager's switch on a roster entry: an adult player answers their own consents (with their
 * linked account); a child's are answered by their guardians (ADR 0026).
 */
export function AdultToggle({ teamId, player }: { teamId: string; player: Player }) {
  const setAdult = useSetPlayerAdult(teamId);
  const pending = setAdult.isPending;
  const checked = pending && setAdult.variables ? setAdult.variables.adult : player.adult;
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-xs font-medium text-slate-600">
      <input
        type="checkbox"
        className="size-4 accent-brand-600"
        checked={checked}
        disabled={pending}
        onChange={(event) =>
          setAdult.mutate(
            { playerId: player.id, adult: event.target.checked },
            {
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: `Couldn't change ${player.name}`,
                  description: getErrorMessage(error),
                }),
            },
          )
        }
        aria-label={`${player.name} is an adult (answers their own consents)`}
      />
      Adult
    </label>
  );
}
