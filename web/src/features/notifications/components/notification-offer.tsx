import { lazy, Suspense } from 'react';
import { useNotificationOfferWanted } from '../offer-store.ts';

// The card and the Push API code download only once there is something to offer.
const OfferCard = lazy(() => import('./offer-card.tsx'));

/** The offer to turn notifications on, once an RSVP was answered on this page (see offer-store). */
export function NotificationOffer() {
  const wanted = useNotificationOfferWanted();
  return wanted ? (
    <Suspense fallback={null}>
      <OfferCard />
    </Suspense>
  ) : null;
}
