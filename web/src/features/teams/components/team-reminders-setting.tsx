import { DEFAULT_TEAM_REMINDERS, isTeamReminders, type Team, type TeamReminders } from '@sideline/domain';
import { Card } from '../../../components/ui/card.tsx';
import { NativeSelect } from '../../../components/ui/select.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useSetTeamReminders } from '../api.ts';

const choices: { value: TeamReminders; label: string }[] = [
  { value: '48h+24h', label: '48 hours and 24 hours before' },
  { value: '24h', label: '24 hours before' },
  { value: 'off', label: 'Off' },
];

/** Team settings (managers): when those who haven't answered an event are reminded. */
export function TeamRemindersSetting({ team }: { team: Team }) {
  const save = useSetTeamReminders(team.id);
  const current = save.isPending ? save.variables : (team.reminders ?? DEFAULT_TEAM_REMINDERS);
  const id = `team-reminders-${team.id}`;
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3 px-5 py-3">
      <span className="min-w-0 flex-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-900">
          Answer reminders
        </label>
        <span id={`${id}-desc`} className="block text-xs text-slate-600">
          Who hasn't answered an event is reminded before it starts.
        </span>
      </span>
      <div className="w-full sm:w-64">
        <NativeSelect
          id={id}
          aria-describedby={`${id}-desc`}
          value={current}
          disabled={save.isPending}
          onChange={(e) => {
            const value = e.target.value;
            if (!isTeamReminders(value)) return;
            save.mutate(value, {
              onSuccess: () => toast({ title: 'Reminders saved' }),
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: "Couldn't change the reminders",
                  description: getErrorMessage(error),
                }),
            });
          }}
        >
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </NativeSelect>
      </div>
    </Card>
  );
}
