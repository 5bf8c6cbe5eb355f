import { useSyncExternalStore } from 'react';

/**
 * When to offer notifications: only after the person has answered an RSVP (never on page load,
 * where browsers and people treat a permission request as noise), and never again once they
 * said "Not now" on this device.
 */
const DISMISSED_KEY = 'sideline.notifications.offer-dismissed';

let answered = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** The name events/api.ts useRsvp dispatches on window (kept apart so neither chunk loads the other). */
const RSVP_ANSWERED_EVENT = 'sideline:rsvp-answered';

/** Called when an RSVP answer was accepted. */
export function noteRsvpAnswered(): void {
  if (answered) return;
  answered = true;
  notify();
}

if (typeof window !== 'undefined') window.addEventListener(RSVP_ANSWERED_EVENT, noteRsvpAnswered);

export function dismissNotificationOffer(): void {
  try {
    localStorage.setItem(DISMISSED_KEY, new Date().toISOString());
  } catch {
    // Storage refused (private mode): the offer still goes away for this page.
  }
  answered = false;
  notify();
}

function offerDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True once an answer was given on this page and the offer was not dismissed on this device. */
export function useNotificationOfferWanted(): boolean {
  return useSyncExternalStore(subscribe, () => answered && !offerDismissed());
}

/** Tests start from a page where nothing was answered. */
export function resetNotificationOffer(): void {
  answered = false;
  notify();
}
