import { BellRing, X } from 'lucide-react';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { dismissNotificationOffer } from '../offer-store.ts';
import { usePushSubscription } from '../use-push-subscription.ts';

/**
 * After the first RSVP answer: "Get told when plans change?" with Turn on (asks the browser's
 * permission and subscribes) and Not now (remembered on this device). Shown only where turning
 * notifications on can work and they are not on already.
 */
export default function OfferCard() {
  const push = usePushSubscription();
  const [error, setError] = useState<string | null>(null);
  // Once asked, it stays to say how that went (a refusal turns the state to blocked).
  const [asked, setAsked] = useState(false);
  if (push.state !== 'off' && !asked) return null;

  return (
    <section
      aria-labelledby="notification-offer-title"
      className="fixed inset-x-3 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-[65] mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-4 shadow-lg md:bottom-6"
    >
      <div className="flex items-start gap-3">
        <BellRing className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h2 id="notification-offer-title" className="text-sm font-semibold text-slate-900">
            Get told when plans change?
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">
            Turn on notifications for changes, reminders and match updates on this device.
          </p>
          {error ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          aria-label="Dismiss"
          onClick={dismissNotificationOffer}
          className="-mt-2 -mr-2 flex size-11 shrink-0 items-center justify-center rounded-xl text-slate-500 hover:bg-slate-100"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <button
          type="button"
          onClick={dismissNotificationOffer}
          className="min-h-11 rounded-xl px-4 text-sm font-semibold text-slate-700 hover:bg-slate-100"
        >
          Not now
        </button>
        <button
          type="button"
          disabled={push.busy || push.state === 'blocked'}
          onClick={() => {
            setError(null);
            setAsked(true);
            push.turnOn().then(
              () => dismissNotificationOffer(),
              (reason: unknown) => setError(getErrorMessage(reason)),
            );
          }}
          className="min-h-11 rounded-xl bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
        >
          {push.busy ? 'Turning on…' : 'Turn on'}
        </button>
      </div>
    </section>
  );
}
