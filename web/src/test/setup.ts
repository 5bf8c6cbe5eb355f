import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetToasts } from '../components/ui/use-toast.ts';
import { DEFAULT_VIEWPORT_WIDTH, setViewportWidth } from './viewport.ts';

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
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
