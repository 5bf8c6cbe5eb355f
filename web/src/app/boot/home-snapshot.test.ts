import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  dropHomeSnapshot,
  homeSnapshotReplaced,
  homeSnapshotUserId,
  saveHomeSnapshot,
  showHomeSnapshot,
  shownHomeSnapshot,
  SNAPSHOT_ELEMENT_ID,
} from './home-snapshot.ts';

function useStylesheet(href: string | null) {
  document.head.querySelectorAll('link[rel="stylesheet"]').forEach((link) => link.remove());
  if (href === null) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  document.head.append(link);
}

/** The page as index.html has it, #root holding what the app rendered. */
function homeRoot(text: string): HTMLElement {
  document.body.innerHTML = '<div id="root"></div>';
  const root = document.getElementById('root')!;
  root.innerHTML = `<main><h1 class="text-lg font-bold">${text}</h1><button>Going</button></main>`;
  return root;
}

/** A fresh page: #root empty, as before the first script. */
function newPage() {
  document.body.innerHTML = '<div id="root"></div>';
}

describe('the picture of Home kept for the next visit', () => {
  beforeEach(() => {
    localStorage.clear();
    document.body.innerHTML = '';
    useStylesheet('/assets/index-abc123.css');
  });
  afterEach(() => homeSnapshotReplaced());

  it("shows what the person last saw in the app's place, inert and hidden from assistive technology", () => {
    saveHomeSnapshot(homeRoot('Welcome back, Pat'), 'user-1');
    newPage();

    expect(showHomeSnapshot()).toBe(true);
    const shown = document.getElementById(SNAPSHOT_ELEMENT_ID)!;
    expect(shown.parentElement?.id).toBe('root');
    expect(shown.textContent).toContain('Welcome back, Pat');
    expect(shown.inert).toBe(true);
    expect(shown.getAttribute('aria-hidden')).toBe('true');
    expect(homeSnapshotUserId()).toBe('user-1');
    // The app's first-load placeholder shows the same markup until the live Home has rendered.
    expect(shownHomeSnapshot()).toContain('Welcome back, Pat');
    homeSnapshotReplaced();
    expect(shownHomeSnapshot()).toBeNull();
  });

  it('escapes what people typed: a name is text, never markup', () => {
    saveHomeSnapshot(homeRoot('&lt;img src=x onerror=alert(1)&gt;'), 'user-1');
    newPage();
    showHomeSnapshot();
    const shown = document.getElementById(SNAPSHOT_ELEMENT_ID)!;
    expect(shown.querySelector('img')).toBeNull();
    expect(shown.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it("does not show another build's markup (its classes may not exist)", () => {
    saveHomeSnapshot(homeRoot('Welcome back, Pat'), 'user-1');
    newPage();
    useStylesheet('/assets/index-def456.css');
    expect(showHomeSnapshot()).toBe(false);
    expect(document.getElementById(SNAPSHOT_ELEMENT_ID)).toBeNull();
  });

  it('keeps nothing from a development build (no hashed stylesheet), and never a picture of the picture', () => {
    useStylesheet(null);
    saveHomeSnapshot(homeRoot('Welcome back, Pat'), 'user-1');
    expect(homeSnapshotUserId()).toBeNull();

    useStylesheet('/assets/index-abc123.css');
    saveHomeSnapshot(homeRoot('Welcome back, Pat'), 'user-1');
    newPage();
    showHomeSnapshot();
    saveHomeSnapshot(document.getElementById('root')!, 'user-1');
    newPage();
    showHomeSnapshot();
    const root = document.getElementById('root')!;
    expect(root.querySelectorAll(`#${SNAPSHOT_ELEMENT_ID}`)).toHaveLength(1);
    expect(root.textContent).toContain('Welcome back, Pat');
  });

  it('is forgotten when dropped (sign-in, sign-out, another person), and unreadable storage shows nothing', () => {
    saveHomeSnapshot(homeRoot('Welcome back, Pat'), 'user-1');
    dropHomeSnapshot();
    expect(homeSnapshotUserId()).toBeNull();
    newPage();
    expect(showHomeSnapshot()).toBe(false);

    localStorage.setItem('sideline-home-snapshot', '{not json');
    expect(showHomeSnapshot()).toBe(false);
  });
});
