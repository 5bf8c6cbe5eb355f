import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useSendTestPush } from '../../notifications/api.ts';
import { usePushSubscription, type PushState } from '../../notifications/use-push-subscription.ts';
import { PushDevicesList } from './push-devices-list.tsx';

const stateText: Record<Exclude<PushState, 'checking'>, { label: string; detail: string }> = {
  unsupported: { label: 'Not supported', detail: 'This browser cannot show notifications from Sideline.' },
  blocked: {
    label: 'Blocked',
    detail: 'Notifications are blocked for Sideline. Allow them in your browser’s site settings, then come back.',
  },
  off: { label: 'Off', detail: 'Sideline does not notify this device.' },
  on: { label: 'On', detail: 'This device gets the notifications you choose below.' },
};

/** Notifications on this device: its state, Turn on / Turn off, a test push, and the person's other devices. */
export function PushDeviceSection() {
  const push = usePushSubscription();
  const test = useSendTestPush();
  const failed = (title: string) => (error: unknown) =>
    toast({ variant: 'destructive', title, description: getErrorMessage(error) });

  return (
    <Card className="p-5" role="region" aria-labelledby="settings-push-device">
      <h2 id="settings-push-device" className="text-base font-semibold text-slate-900">
        Notifications on this device
      </h2>
      {push.state === 'checking' ? (
        <div className="flex justify-center py-4">
          <Spinner label="Checking this device" />
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            <span className="font-semibold text-slate-900" data-testid="push-state">
              {stateText[push.state].label}
            </span>
            {' · '}
            {stateText[push.state].detail}
          </p>
          {push.state === 'off' || push.state === 'on' ? (
            <div className="mt-3 flex flex-wrap gap-2">
              {push.state === 'off' ? (
                <Button
                  disabled={push.busy}
                  onClick={() => push.turnOn().catch(failed("Couldn't turn notifications on"))}
                >
                  {push.busy ? 'Turning on…' : 'Turn on'}
                </Button>
              ) : (
                <>
                  <Button
                    variant="outline"
                    disabled={push.busy}
                    onClick={() => push.turnOff().catch(failed("Couldn't turn notifications off"))}
                  >
                    {push.busy ? 'Turning off…' : 'Turn off'}
                  </Button>
                  <Button
                    variant="secondary"
                    disabled={test.isPending}
                    onClick={() =>
                      test.mutate(push.endpoint ?? undefined, {
                        onSuccess: ({ delivered }) =>
                          toast(
                            delivered > 0
                              ? { title: 'Test sent', description: 'A notification should appear in a moment.' }
                              : {
                                  variant: 'destructive',
                                  title: 'The test did not arrive',
                                  description: 'The push service did not take it. Turn notifications off and on again.',
                                },
                          ),
                        onError: failed("Couldn't send the test"),
                      })
                    }
                  >
                    {test.isPending ? 'Sending…' : 'Send a test'}
                  </Button>
                </>
              )}
            </div>
          ) : null}
          <PushDevicesList thisEndpoint={push.state === 'on' ? push.endpoint : null} />
        </>
      )}
    </Card>
  );
}
