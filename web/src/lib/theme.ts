import { useSyncExternalStore } from 'react';

/**
 * The colour theme: System (follow the phone's light or dark setting), Light or Dark, chosen in
 * Settings and kept per device in localStorage. index.html applies it before the first paint with
 * the same key and rule (its inline script, allowed by hash in the content security policy); this
 * module keeps it applied while the app runs: a new choice, the system setting changing, another tab.
 */
export const themeChoices = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof themeChoices)[number];

export const THEME_STORAGE_KEY = 'sideline-theme';
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';
/** The class on <html> that switches the palette (web/src/styles/dark-palette.css, `dark:`). */
export const DARK_CLASS = 'dark';

const listeners = new Set<() => void>();

function isThemeChoice(value: unknown): value is ThemeChoice {
  return themeChoices.includes(value as ThemeChoice);
}

export function readThemeChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(stored) ? stored : 'system';
  } catch {
    // Storage blocked (a private window's settings): the system's choice.
    return 'system';
  }
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_SCHEME_QUERY).matches;
}

/** Whether a choice means dark right now. */
export function isDark(choice: ThemeChoice): boolean {
  return choice === 'dark' || (choice === 'system' && systemPrefersDark());
}

export function applyTheme(choice: ThemeChoice = readThemeChoice()): void {
  document.documentElement.classList.toggle(DARK_CLASS, isDark(choice));
}

export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Not stored: it still holds until the page is closed.
  }
  current = choice;
  applyTheme(choice);
  for (const listener of listeners) listener();
}

let current: ThemeChoice | null = null;
const snapshot = (): ThemeChoice => (current ??= readThemeChoice());

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The device's theme choice and a setter; re-renders when it changes (here or in another tab). */
export function useThemeChoice(): [ThemeChoice, (choice: ThemeChoice) => void] {
  return [useSyncExternalStore(subscribe, snapshot, () => 'system'), setThemeChoice];
}

/**
 * Keeps the theme applied while the app runs: System follows the phone switching to dark at
 * night, and a choice made in another tab applies here. Returns the function that stops it.
 */
export function followTheme(): () => void {
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_SCHEME_QUERY) : null;
  const onSystemChange = () => applyTheme(snapshot());
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
    current = readThemeChoice();
    applyTheme(current);
    for (const listener of listeners) listener();
  };
  media?.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  applyTheme(snapshot());
  return () => {
    media?.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
  };
}
