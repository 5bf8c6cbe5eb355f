import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetToasts } from '../components/ui/use-toast.ts';
import { resetNotificationOffer } from '../features/notifications/offer-store.ts';
import { FakeWebSocket } from '../lib/socket/testing/fake-web-socket.ts';
import { DEFAULT_VIEWPORT_WIDTH, setViewportWidth } from './viewport.ts';

// Screens are separate chunks (route `lazy`). Their modules are loaded here, before any test
// starts, so a test's waiting time is not spent compiling the screen it opens.
// The toast viewport loads with the first toast (app/provider.tsx): loaded here too.
import.meta.glob(
  [
    '../features/*/routes/*.tsx',
    '../components/layouts/app-shell.tsx',
    '../app/routes/*.tsx',
    '../components/ui/toast.tsx',
  ],
  { eager: true },
);
configure({ asyncUtilTimeout: 3000 });

// jsdom lacks a few browser APIs that Radix primitives use.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

if (typeof Element !== 'undefined') {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.setPointerCapture ??= () => {};
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
}

// Component tests have no server: a signed-in app's socket gets a fake (no network, no noise).
globalThis.WebSocket = FakeWebSocket as unknown as typeof WebSocket;

// Small screen by default (the bottom navigation); tests call setViewportWidth() for desktop.
const hasWindow = typeof window !== 'undefined';
if (hasWindow) setViewportWidth(DEFAULT_VIEWPORT_WIDTH);

afterEach(() => {
  cleanup();
  if (hasWindow) {
    setViewportWidth(DEFAULT_VIEWPORT_WIDTH);
    window.localStorage.clear();
  }
  resetToasts();
  // An RSVP answered in one file must not show the offer in the next (npm run test:fast shares
  // modules between a worker's files).
  resetNotificationOffer();
  FakeWebSocket.reset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
