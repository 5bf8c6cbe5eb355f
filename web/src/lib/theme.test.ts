import { afterEach, describe, expect, it } from 'vitest';
import { followTheme, isDark, readThemeChoice, setThemeChoice, THEME_STORAGE_KEY } from './theme.ts';

/** jsdom has no colour scheme: `matchMedia` answers as a phone set to dark (or light) would. */
function systemScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  window.matchMedia = (query: string) =>
    ({
      matches: query === '(prefers-color-scheme: dark)' ? dark : false,
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }) as unknown as MediaQueryList;
  return { change: (next: boolean) => ((dark = next), listeners.forEach((l) => l())) };
}

const htmlIsDark = () => document.documentElement.classList.contains('dark');

afterEach(() => {
  setThemeChoice('system');
  document.documentElement.classList.remove('dark');
});

describe('the colour theme', () => {
  it('follows the system until a choice is made, and keeps the choice on this device', () => {
    systemScheme(true);
    expect(readThemeChoice()).toBe('system');
    expect(isDark('system')).toBe(true);
    setThemeChoice('light');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(htmlIsDark()).toBe(false);
    setThemeChoice('dark');
    expect(htmlIsDark()).toBe(true);
    setThemeChoice('system');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(htmlIsDark()).toBe(true);
  });

  it('switches while the app runs: the phone going dark at night, a choice made in another tab', () => {
    const system = systemScheme(false);
    const stop = followTheme();
    expect(htmlIsDark()).toBe(false);
    system.change(true);
    expect(htmlIsDark()).toBe(true);

    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'light' }));
    expect(htmlIsDark()).toBe(false);
    expect(readThemeChoice()).toBe('light');
    // An explicit choice holds against the system.
    system.change(true);
    expect(htmlIsDark()).toBe(false);
    stop();
  });

  it('reads an unknown stored value as System', () => {
    systemScheme(false);
    window.localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    expect(readThemeChoice()).toBe('system');
  });
});
