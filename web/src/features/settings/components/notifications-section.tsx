import type { AllNotificationPreferences as NotificationPreferences } from '@sideline/domain';
import { Card } from '../../../components/ui/card.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api.ts';
import { Switch } from '../../../components/ui/switch.tsx';

const kinds: ReadonlyArray<{ key: keyof NotificationPreferences; label: string; description: string }> = [
  { key: 'chatMessages', label: 'Team chat messages', description: 'New messages in your teams’ chats' },
  { key: 'eventChanges', label: 'Event changes', description: 'New, moved or cancelled games and practices' },
  { key: 'eventReminders', label: 'Event reminders', description: 'A reminder before each event you’re going to' },
  { key: 'mediaShared', label: 'Photos and videos', description: 'When someone shares media with your team' },
  { key: 'matchUpdates', label: 'Match updates', description: 'Kick-off, goals and the final score' },
  { key: 'livestreams', label: 'Livestreams', description: 'When a game goes live' },
];

/** One switch per kind of notice; each change is saved at once. */
export function NotificationsSection() {
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const shown = save.isPending && save.variables ? save.variables : preferences.data;

  return (
    <Card className="p-5" role="region" aria-labelledby="settings-notifications">
      <h2 id="settings-notifications" className="text-base font-semibold text-slate-900">
        Notifications
      </h2>
      <p className="mt-0.5 text-sm text-slate-600">Choose what Sideline may notify you about.</p>
      {preferences.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading notification settings" />
        </div>
      ) : preferences.isError || !shown ? (
        <div className="mt-4">
          <LoadError
            title="Couldn't load your notification settings"
            error={preferences.error}
            onRetry={() => void preferences.refetch()}
          />
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100">
          {kinds.map(({ key, label, description }) => {
            const on = shown[key];
            const id = `notify-${key}`;
            return (
              <li key={key} className="flex items-center justify-between gap-4 py-3">
                <span className="min-w-0">
                  <label htmlFor={id} className="block text-sm font-medium text-slate-900">
                    {label}
                  </label>
                  <span id={`${id}-desc`} className="block text-xs text-slate-600">
                    {description}
                  </span>
                </span>
                <Switch
                  id={id}
                  checked={on}
                  aria-describedby={`${id}-desc`}
                  aria-disabled={save.isPending || undefined}
                  onClick={() => {
                    if (save.isPending) return;
                    save.mutate(
                      { ...shown, [key]: !on },
                      {
                        onError: (error) =>
                          toast({
                            variant: 'destructive',
                            title: "Couldn't save the setting",
                            description: getErrorMessage(error),
                          }),
                      },
                    );
                  }}
                />
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
