import type { PushSubscriptionView } from '@sideline/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { api, getErrorMessage } from '../../../lib/api-client.ts';
import { deletePushSubscription, notificationKeys, notificationPaths } from '../../notifications/api.ts';

/** Which browsers use a push service, by its host: what a person recognises their device by. */
function pushServiceName(endpoint: string): string {
  let host: string;
  try {
    host = new URL(endpoint).hostname;
  } catch {
    return 'A browser';
  }
  if (host === 'fcm.googleapis.com') return 'Chrome, Edge or Android';
  if (host === 'updates.push.services.mozilla.com') return 'Firefox';
  if (host.endsWith('.push.apple.com')) return 'Safari (Apple)';
  if (host.endsWith('.notify.windows.com')) return 'Windows';
  return host;
}

const added = (createdAt: string) => {
  const at = new Date(createdAt);
  return Number.isNaN(at.getTime())
    ? ''
    : `added ${at.toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' })}`;
};

/**
 * Every device of the person that gets notifications (GET /api/push/subscriptions): which
 * browser, when it was added, which one is this device, and Remove for the others (this one
 * turns off above, which also unsubscribes the browser).
 */
export function PushDevicesList({ thisEndpoint }: { thisEndpoint: string | null }) {
  const queryClient = useQueryClient();
  const devices = useQuery({
    queryKey: notificationKeys.subscriptions,
    queryFn: () => api.get<PushSubscriptionView[]>(notificationPaths.subscriptions),
  });
  const remove = useMutation({
    mutationFn: deletePushSubscription,
    onSuccess: (_, endpoint) =>
      queryClient.setQueryData<PushSubscriptionView[]>(notificationKeys.subscriptions, (list = []) =>
        list.filter((d) => d.endpoint !== endpoint),
      ),
    onError: (error) =>
      toast({ variant: 'destructive', title: "Couldn't remove the device", description: getErrorMessage(error) }),
  });
  if (!devices.data) return null;
  return (
    <div className="mt-4 border-t border-slate-100 pt-3">
      <h3 id="settings-push-devices" className="text-sm font-semibold text-slate-900">
        Your devices with notifications on
      </h3>
      {devices.data.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="push-devices-none">
          None yet: turn notifications on in each browser you use.
        </p>
      ) : (
        <ul aria-labelledby="settings-push-devices" className="mt-1 divide-y divide-slate-100">
          {devices.data.map((device) => {
            const mine = device.endpoint === thisEndpoint;
            const name = pushServiceName(device.endpoint);
            return (
              <li key={device.endpoint} className="flex min-h-11 items-center justify-between gap-3 py-1.5 text-sm">
                <span className="min-w-0">
                  <span className="font-medium text-slate-900">{name}</span>
                  {mine ? <span className="text-slate-600"> · this device</span> : null}
                  <span className="block text-xs text-slate-500">{added(device.createdAt)}</span>
                </span>
                {mine ? null : (
                  <Button
                    variant="outline-destructive"
                    size="sm"
                    aria-label={`Remove ${name}, ${added(device.createdAt)}`}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(device.endpoint)}
                  >
                    Remove
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
