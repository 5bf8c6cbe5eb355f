import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/** Every route of the app (web/src/app/router.tsx), as the demo person who may open it. */
export function everyRoute(ids: { teamId: string; seasonId: string }) {
  return [
    { name: 'sign-in', path: '/auth', as: null },
    { name: 'signed out /', path: '/', as: null },
    { name: 'invitation', path: '/invite/not-a-real-token', as: null },
    { name: 'not found', path: '/no-such-page', as: 'parent' },
    { name: 'home', path: '/', as: 'parent' },
    { name: 'teams', path: '/teams', as: 'parent' },
    { name: 'a team', path: `/team/${ids.teamId}`, as: 'parent' },
    { name: 'create team', path: '/create-team', as: 'parent' },
    { name: 'chat', path: '/chat', as: 'parent' },
    { name: 'events', path: '/events', as: 'parent' },
    { name: 'media', path: '/media', as: 'parent' },
    { name: 'rewards', path: '/gamification', as: 'parent' },
    { name: 'settings', path: '/settings', as: 'parent' },
    { name: 'sports', path: '/sports-demo', as: 'parent' },
    { name: 'livestream', path: '/livestream', as: 'admin' },
    { name: 'matches', path: '/matches', as: 'admin' },
    { name: 'seasons', path: '/seasons', as: 'admin' },
    { name: 'a season', path: `/seasons/${ids.seasonId}/teams`, as: 'admin' },
    { name: 'club admin', path: '/org-admin', as: 'admin' },
    { name: 'admin portal', path: '/admin', as: 'admin' },
  ] as const;
}

/**
 * Counts the JavaScript a page fetches over the network as it crossed the wire (compressed,
 * headers included), from CDP's network events: what a phone downloads. Files answered by the
 * HTTP cache or the service worker cost nothing on the wire and are not counted.
 */
export async function countScripts(cdp: CDPSession): Promise<() => { bytes: number; files: string[] }> {
  await cdp.send('Network.enable');
  const scripts = new Map<string, string>();
  const files: string[] = [];
  let bytes = 0;
  cdp.on('Network.responseReceived', (event) => {
    const cached = event.response.fromDiskCache || event.response.fromServiceWorker;
    if (event.type === 'Script' && !cached) scripts.set(event.requestId, new URL(event.response.url).pathname);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const file = scripts.get(event.requestId);
    if (file === undefined) return;
    bytes += event.encodedDataLength;
    files.push(file);
  });
  return () => ({ bytes, files: [...files] });
}

/**
 * A cold load of `path` in a fresh context (empty cache, no service worker): the JavaScript it
 * downloaded once the screen and what loads after its first paint have settled.
 */
export async function coldLoadScripts(
  context: BrowserContext,
  url: string,
): Promise<{ bytes: number; files: string[] }> {
  const page: Page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const scripts = await countScripts(cdp);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  // Code loaded after the first paint (the live connection, the offline pieces) starts a moment
  // later, sooner or later with the machine's load: wait long enough that it always counts.
  await page.waitForTimeout(2_000);
  await page.waitForLoadState('networkidle');
  const result = scripts();
  await page.close();
  return result;
}
