import { Card } from '../../../components/ui/card.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useMuteTeam, useMutedTeams } from '../api.ts';

/** "Mute notifications" for one team, for the person only (their other teams still notify). */
export function TeamMuteToggle({ teamId, teamName }: { teamId: string; teamName: string }) {
  const muted = useMutedTeams();
  const mute = useMuteTeam(teamId);
  const isMuted = mute.isPending ? mute.variables : (muted.data?.includes(teamId) ?? false);
  const id = `mute-team-${teamId}`;

  return (
    <Card className="flex items-center justify-between gap-4 px-5 py-3">
      <span className="min-w-0">
        <label htmlFor={id} className="block text-sm font-medium text-slate-900">
          Mute notifications
        </label>
        <span id={`${id}-desc`} className="block text-xs text-slate-600">
          {muted.isError
            ? "Couldn't load whether this team is muted."
            : isMuted
              ? `Nothing from ${teamName} is pushed or emailed to you.`
              : `You're told about ${teamName} as your settings say.`}
        </span>
      </span>
      <Switch
        id={id}
        checked={isMuted}
        aria-describedby={`${id}-desc`}
        disabled={muted.isPending || muted.isError}
        aria-disabled={mute.isPending || undefined}
        onClick={() => {
          if (mute.isPending) return;
          mute.mutate(!isMuted, {
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: "Couldn't change the setting",
                description: getErrorMessage(error),
              }),
          });
        }}
      />
    </Card>
  );
}
