/**
 * Home as the person last saw it, shown by the first script on their next visit while the app's
 * code starts (on a mid-range phone that takes a second or more even from the service worker's
 * cache). It is a picture, not the app: inert and hidden from assistive technology. It stands in
 * the app's place (#root), and the app's first-load placeholder keeps showing it
 * (components/ui/first-load.tsx), so the page never holds it and the live Home at once: the live
 * Home replaces it when it renders (features/dashboard/use-home-snapshot.ts keeps the next one).
 *
 * It belongs to one signed-in person and one build: signing in or out drops it (a family tablet
 * is shared), a new build's stylesheet does not show an old build's markup, and a different
 * person's Home replaces it at once.
 */

const STORAGE_KEY = 'sideline-home-snapshot';
export const SNAPSHOT_ELEMENT_ID = 'home-snapshot';
/** Larger than this (a very long week), the picture is not kept: reading it would cost more than it saves. */
const MAX_HTML_LENGTH = 256 * 1024;

/** The picture this page shows while the app starts, until the live Home has rendered. */
let shownHtml: string | null = null;

interface HomeSnapshot {
  userId: string;
  stylesheet: string;
  html: string;
}

/** The build's stylesheet (its name carries its hash): markup is shown only with the classes it was saved with. */
function stylesheetOf(doc: Document): string | null {
  return doc.querySelector<HTMLLinkElement>('link[rel="stylesheet"][href*="/assets/"]')?.getAttribute('href') ?? null;
}

function read(storage: Storage): HomeSnapshot | null {
  try {
    const stored = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as Partial<HomeSnapshot> | null;
    if (
      typeof stored?.userId !== 'string' ||
      typeof stored.stylesheet !== 'string' ||
      typeof stored.html !== 'string'
    ) {
      return null;
    }
    return stored as HomeSnapshot;
  } catch {
    return null;
  }
}

/** The user whose Home the kept picture shows, if one is kept. */
export function homeSnapshotUserId(storage: Storage = localStorage): string | null {
  return read(storage)?.userId ?? null;
}

/**
 * Shows the kept picture of Home in the app's place, if there is one for this build. Returns
 * whether it did.
 */
export function showHomeSnapshot(doc: Document = document, storage: Storage = localStorage): boolean {
  const snapshot = read(storage);
  const stylesheet = stylesheetOf(doc);
  const root = doc.getElementById('root');
  if (!snapshot || !root || stylesheet === null || snapshot.stylesheet !== stylesheet) return false;
  const picture = doc.createElement('div');
  picture.id = SNAPSHOT_ELEMENT_ID;
  picture.inert = true;
  picture.setAttribute('aria-hidden', 'true');
  picture.innerHTML = snapshot.html;
  root.replaceChildren(picture);
  shownHtml = snapshot.html;
  return true;
}

/** The picture shown while the app starts, or null once the live Home has rendered (or none was). */
export function shownHomeSnapshot(): string | null {
  return shownHtml;
}

/** The live Home has rendered: from now on a wait shows a spinner, not an old picture. */
export function homeSnapshotReplaced(): void {
  shownHtml = null;
}

/** Keeps what `root` shows now as `userId`'s Home for the next visit. */
export function saveHomeSnapshot(
  root: HTMLElement,
  userId: string,
  doc: Document = document,
  storage: Storage = localStorage,
): void {
  const stylesheet = stylesheetOf(doc);
  // Never a picture of the picture, nor from a build without a hashed stylesheet (development).
  if (stylesheet === null || root.querySelector(`#${SNAPSHOT_ELEMENT_ID}`)) return;
  const view = doc.defaultView;
  const html = firstScreenHtml(root, view?.innerHeight ?? Infinity, view?.scrollY ?? 0);
  if (html.length > MAX_HTML_LENGTH) return;
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify({ userId, stylesheet, html } satisfies HomeSnapshot));
  } catch {
    // Storage full or refused (private mode): the next visit starts without the picture.
  }
}

/**
 * `root`'s markup without what lies wholly below the first screen: the picture is laid out on a
 * slow phone before anything else can run, and what nobody sees yet only costs time there.
 */
function firstScreenHtml(root: HTMLElement, screenHeight: number, scrollY: number): string {
  const copy = root.cloneNode(true) as HTMLElement;
  const below: Element[] = [];
  const original = [...root.querySelectorAll('*')];
  const copied = [...copy.querySelectorAll('*')];
  original.forEach((element, index) => {
    const { top, height } = element.getBoundingClientRect();
    // Kept: what the first screen holds (the picture shows the top of Home, whatever was scrolled
    // to) and what is on screen now (the fixed bottom bar among it).
    if (height > 0 && top >= screenHeight && top + scrollY >= screenHeight) below.push(copied[index]!);
  });
  for (const element of below) element.remove();
  return copy.innerHTML;
}

/** Forgets the kept picture (sign-in, sign-out, another person's Home). */
export function dropHomeSnapshot(storage: Storage = localStorage): void {
  try {
    storage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused: nothing was kept either.
  }
}
