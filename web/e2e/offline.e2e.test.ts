/// <reference lib="dom" />
// The functions passed to page.evaluate run in the browser.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { browserUnavailableReason, launchProfile } from './support/browser.ts';
import { useSidelineInBrowser } from './support/fixture.ts';
import { callApi, demoTeamId, DEMO_PASSWORD, signInAsDemo } from './support/demo.ts';

// The scorer's stats made offline go through the same outbox (features/matches/api.ts,
// `useScoreStat`); their end-to-end test belongs with the touchline scorer screen.
const skipReason = browserUnavailableReason();
if (skipReason) console.warn(`offline e2e skipped: ${skipReason}`);

const PHONE = { viewport: { width: 390, height: 844 } };
const BOTTOM_TABS = ['Home', 'Schedule', 'Chat', 'Games', 'More'] as const;

/** Waits until the service worker controls the page (it registers once the page has loaded). */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 });
}

/** What the app keeps on the device for offline use. */
async function offlineStores(page: Page) {
  return page.evaluate(async () => {
    const count = (db: string, store: string) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(db);
        open.onupgradeneeded = () => open.result.createObjectStore(store);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction(store, 'readonly').objectStore(store).count();
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result);
          };
          request.onerror = () => reject(request.error);
        };
      });
    return {
      storedCaches: await count('sideline-query-cache', 'clients'),
      outbox: await count('sideline-outbox', 'writes'),
      cacheNames: await caches.keys(),
    };
  });
}

/** The API paths whose answers the app has stored on the device (the persisted query cache). */
async function storedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('sideline-query-cache');
      open.onupgradeneeded = () => open.result.createObjectStore('clients');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const stored = await new Promise<string[]>((resolve, reject) => {
      const request = db.transaction('clients', 'readonly').objectStore('clients').getAll();
      request.onsuccess = () => resolve(request.result as string[]);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return stored.flatMap((client) =>
      (JSON.parse(client) as { clientState: { queries: Array<{ queryKey: unknown[] }> } }).clientState.queries.map(
        // A key is its path's segments (ADR 0029); a trailing object (a query string) is left out.
        (query) => `/${query.queryKey.filter((part) => typeof part === 'string').join('/')}`,
      ),
    );
  });
}

/** Waits until what the screen shows is stored (it is saved a moment after it arrives). */
async function stored(page: Page, path: string): Promise<void> {
  await expect
    .poll(async () => (await storedPaths(page)).some((key) => key.startsWith(path)), { timeout: 10_000 })
    .toBe(true);
}

/** No screen replaced by an error: no failed chunk, no error boundary. */
async function expectNoError(page: Page, where: string): Promise<void> {
  const body = (await page.locator('body').textContent()) ?? '';
  expect(body, where).not.toMatch(
    /Failed to fetch dynamically imported module|Something went wrong|Unexpected Application Error|Couldn't load|couldn't reach/i,
  );
}

describe.skipIf(skipReason !== null)('Sideline offline and installable, in Chromium at 390×844', () => {
  const app = useSidelineInBrowser({ env: { SEED_DEMO: '1' } });

  /** A signed-in parent whose service worker controls the page and has precached the app. */
  async function parentOnline(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await app.browser.newContext(PHONE);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInAsDemo(page, app.sideline.url, 'parent');
    await controlledByServiceWorker(page);
    return { context, page, errors };
  }

  it('is installable: the manifest and its icons load, Chromium reports no installability error, the worker takes control', async () => {
    // A profile on disk: Chromium installs nothing from an incognito context.
    const { context, close } = await launchProfile(PHONE);
    const page = await context.newPage();
    await page.goto(`${app.sideline.url}/auth`);
    await controlledByServiceWorker(page);

    const cdp = await context.newCDPSession(page);
    const { url, errors, data } = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: unknown[];
      data?: string;
    };
    expect(new URL(url).pathname).toBe('/manifest.webmanifest');
    expect(errors).toEqual([]);
    const manifest = JSON.parse(data!) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: Array<{ src: string; sizes: string; purpose?: string }>;
    };
    expect(manifest).toMatchObject({ name: 'Sideline', short_name: 'Sideline', start_url: '/', display: 'standalone' });
    expect(manifest.theme_color).toBe('#4f46e5');
    expect(manifest.background_color).toBe('#f8fafc');
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: unknown[];
    };
    expect(installabilityErrors, JSON.stringify(installabilityErrors)).toEqual([]);

    const icons = [
      ...manifest.icons.map((icon) => ({
        src: icon.src,
        size: Number(icon.sizes.split('x')[0]),
        purpose: icon.purpose,
      })),
      { src: (await page.locator('link[rel="apple-touch-icon"]').getAttribute('href'))!, size: 180, purpose: 'apple' },
    ];
    expect(icons.map((i) => `${i.size} ${i.purpose}`).sort()).toEqual([
      '180 apple',
      '192 any',
      '512 any',
      '512 maskable',
    ]);
    for (const icon of icons) {
      const response = await context.request.get(`${app.sideline.url}${icon.src}`);
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
      const meta = await sharp(await response.body()).metadata();
      expect([meta.width, meta.height], icon.src).toEqual([icon.size, icon.size]);
    }
    // The worker is served to be revalidated, and the page is its scope.
    const worker = await context.request.get(`${app.sideline.url}/sw.js`);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(`${app.sideline.url}/`);
    await close();
  });

  it('moves between every bottom-bar tab offline without an error, each screen shown from what was seen with the offline banner, and after a reload', async () => {
    const { context, page, errors } = await parentOnline();
    // Seen online once: each tab's screen and data, and the demo team's chat.
    await page.goto(`${app.sideline.url}/chat/${await demoTeamId(page, app.sideline.url)}`);
    await page.getByRole('log').getByText('Thanks Coach! Jordan is really excited for the season.').waitFor();
    for (const tab of BOTTOM_TABS) {
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: tab }).click();
      await page.waitForLoadState('networkidle');
    }
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }).click();
    await page.getByRole('region', { name: 'Next up' }).getByRole('article').waitFor();
    await stored(page, '/api/teams');

    await context.setOffline(true);
    const banner = page.getByText(/^Offline: showing what you saw at \d{1,2}:\d{2}/);
    for (const tab of [...BOTTOM_TABS.slice(1), 'Home']) {
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: tab }).click();
      await banner.first().waitFor({ timeout: 10_000 });
      await expectNoError(page, tab);
    }
    // Home's data is the one seen, not a loading state.
    await page.getByRole('region', { name: 'Next up' }).getByRole('article').waitFor();
    await expect.poll(() => page.getByRole('list', { name: 'Latest messages' }).count()).toBe(1);

    // A reload offline: the service worker serves the app, the stored answers fill it.
    await page.reload();
    await page.getByRole('region', { name: 'Next up' }).getByRole('article').waitFor({ timeout: 15_000 });
    await banner.first().waitFor();
    for (const tab of ['Chat', 'Schedule']) {
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: tab }).click();
      await banner.first().waitFor({ timeout: 10_000 });
      await expectNoError(page, `${tab} after a reload`);
    }
    // The team chat seen before says Offline, and shows its stored messages.
    await page.goto(`${app.sideline.url}/chat/${await demoTeamId(page, app.sideline.url)}`);
    await page.getByRole('log').getByText('Thanks Coach! Jordan is really excited for the season.').waitFor();
    expect(await page.locator('header').getByText('Offline', { exact: true }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends an RSVP and a chat message made offline exactly once after reconnecting, also after a reload while offline', async () => {
    const { context, page } = await parentOnline();
    const teamId = await demoTeamId(page, app.sideline.url);
    const text = `Running late, sorry (${Date.now()})`;
    await page.goto(`${app.sideline.url}/chat/${teamId}`);
    await page.getByRole('log').getByText('Thanks Coach!', { exact: false }).first().waitFor();
    await stored(page, `/api/teams/${teamId}/messages/pages`);
    await page.goto(`${app.sideline.url}/`);
    // The Hawks' next practice, on Home (first, or in the week after the Lions' game), with the
    // parent's answer row for Jordan.
    const practice = page.getByRole('article', { name: 'Team practice' }).first();
    await practice.waitFor();
    const occurrence = await practice.getByRole('group').getAttribute('aria-label');
    expect(occurrence).toBe('Jordan Rivera: Team practice');
    await stored(page, '/api/me/upcoming');

    await context.setOffline(true);
    await practice.getByRole('button', { name: 'Maybe', exact: true }).click();
    await practice.getByText('Waiting to send').waitFor();
    expect(await practice.getByRole('button', { name: 'Maybe', exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    // Opened offline by its address: the service worker serves the app.
    await page.goto(`${app.sideline.url}/chat/${teamId}`);
    await page.getByText('Thanks Coach! Jordan is really excited for the season.').waitFor();
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill(text);
    await page.getByRole('button', { name: 'Send message' }).click();
    const queued = page.getByRole('log').locator('li', { hasText: text });
    await queued.getByText('Waiting to send').waitFor();

    // Closed and opened again while still offline: both still wait.
    await page.reload();
    await page
      .getByRole('log')
      .locator('li', { hasText: text })
      .getByText('Waiting to send')
      .waitFor({ timeout: 15_000 });
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }).click();
    await page.getByText('Waiting to send: 2 changes').waitFor();

    await context.setOffline(false);
    await page
      .getByText(/Waiting to send/)
      .first()
      .waitFor({ state: 'detached', timeout: 20_000 });

    // On the server: the message once, the answer once and as chosen.
    await expect
      .poll(async () => {
        const messages = (await callApi(page, app.sideline.url, 'GET', `/api/teams/${teamId}/messages`)) as Array<{
          text: string;
        }>;
        return messages.filter((m) => m.text === text).length;
      })
      .toBe(1);
    const upcoming = (await callApi(page, app.sideline.url, 'GET', '/api/me/upcoming?limit=20')) as Array<{
      title: string;
      household: Array<{ name: string; status: string | null }>;
    }>;
    const next = upcoming.find((item) => item.title === 'Team practice')!;
    expect(next.household).toEqual([expect.objectContaining({ name: 'Jordan Rivera', status: 'maybe' })]);
    // Nothing left to send: a second connection does not send it again.
    await page.reload();
    await page.getByRole('region', { name: 'Next up' }).getByRole('article').waitFor();
    await page.waitForTimeout(1_000);
    const again = (await callApi(page, app.sideline.url, 'GET', `/api/teams/${teamId}/messages`)) as Array<{
      text: string;
    }>;
    expect(again.filter((m) => m.text === text)).toHaveLength(1);
    expect((await offlineStores(page)).outbox).toBe(0);
    await context.close();
  });

  it("sends a scorer's stats made offline exactly once after reconnecting, also after a reload while offline, and takes back one undone before it left", async () => {
    const context = await app.browser.newContext(PHONE);
    const page = await context.newPage();
    await signInAsDemo(page, app.sideline.url, 'coach');
    await controlledByServiceWorker(page);
    const teams = (await callApi(page, app.sideline.url, 'GET', '/api/teams')) as Array<{ id: string; name: string }>;
    const hawks = teams.find((t) => t.name === 'Riverside Hawks')!.id;
    const match = (await callApi(page, app.sideline.url, 'POST', '/api/matches', {
      sportId: 'soccer',
      teamAId: hawks,
      opponentName: 'Northside United',
      startTime: new Date().toISOString(),
      location: 'Riverside Park, field 2',
    })) as { id: string };
    await callApi(page, app.sideline.url, 'PUT', `/api/matches/${match.id}`, { status: 'in_progress' });
    await page.goto(`${app.sideline.url}/matches/${match.id}/score`);
    const opponent = page.getByRole('region', { name: 'Opponent' }).getByRole('button');
    await opponent.waitFor();
    await stored(page, `/api/matches/${match.id}`);

    await context.setOffline(true);
    const goal = async () => {
      await opponent.click();
      await page.getByRole('button', { name: 'Goal', exact: true }).click();
    };
    await goal();
    await page.getByText('Waiting to send: Goal · Northside United', { exact: false }).waitFor();
    await goal();
    // The second one is taken back while it still waits.
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Undone: Goal · Northside United').waitFor();
    await goal();
    const waiting = page.getByRole('region', { name: 'Stats waiting to send' });
    await expect.poll(() => waiting.getByRole('listitem').count()).toBe(2);

    // Reloaded offline: the service worker serves the scorer, the outbox still holds both.
    await page.reload();
    await expect.poll(() => waiting.getByRole('listitem').count(), { timeout: 15_000 }).toBe(2);

    await context.setOffline(false);
    await expect.poll(() => waiting.count(), { timeout: 20_000 }).toBe(0);
    const stats = (await callApi(page, app.sideline.url, 'GET', `/api/matches/${match.id}/stats`)) as Array<{
      statType: string;
      side?: string;
    }>;
    expect(stats.filter((s) => s.statType === 'goals')).toHaveLength(2);
    const read = (await callApi(page, app.sideline.url, 'GET', `/api/matches/${match.id}`)) as { scoreB: number };
    expect(read.scoreB).toBe(2);
    await context.close();
  });

  it('shows a queued write the server refused with its message, and keeps it until dismissed; signing out empties every offline store', async () => {
    // A match the coach schedules for the coming hour, which the parent sees on Home.
    const coach = await app.browser.newContext();
    const login = await coach.request.post(`${app.sideline.url}/api/login`, {
      headers: { origin: app.sideline.url },
      data: { email: 'coach@sideline.demo', password: DEMO_PASSWORD },
    });
    expect(login.ok()).toBe(true);
    const teams = (await (await coach.request.get(`${app.sideline.url}/api/teams`)).json()) as Array<{
      id: string;
      name: string;
    }>;
    const teamId = teams.find((t) => t.name === 'Riverside Hawks')!.id;
    const created = await coach.request.post(`${app.sideline.url}/api/teams/${teamId}/events`, {
      headers: { origin: app.sideline.url },
      data: {
        title: 'Friendly at the park',
        date: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
        isRecurring: false,
      },
    });
    expect(created.status()).toBe(201);
    const event = (await created.json()) as { id: string };

    const { context, page } = await parentOnline();
    await page.goto(`${app.sideline.url}/`);
    const card = page.getByRole('article', { name: 'Friendly at the park' });
    await card.waitFor();
    await context.setOffline(true);
    await card.getByRole('button', { name: 'Going', exact: true }).click();
    await card.getByText('Waiting to send').waitFor();

    // Meanwhile the coach cancels it.
    const cancelled = await coach.request.delete(`${app.sideline.url}/api/teams/${teamId}/events/${event.id}`, {
      headers: { origin: app.sideline.url },
    });
    expect(cancelled.status()).toBe(204);

    await context.setOffline(false);
    const refusal = page
      .getByRole('alert')
      .filter({ hasText: 'Not sent: RSVP for Jordan Rivera to Friendly at the park.' });
    await refusal.waitFor({ timeout: 20_000 });
    expect(await refusal.textContent()).toContain('Event not found');
    // Not dropped: it is still there after a reload.
    await page.reload();
    await refusal.waitFor({ timeout: 15_000 });
    expect((await offlineStores(page)).outbox).toBe(1);

    // Sign out: the stored answers, the outbox and the service worker's other caches are emptied.
    await page.evaluate(() =>
      caches.open('sideline-api-answers').then((cache) => cache.put('/api/teams', new Response('[]'))),
    );
    const before = await offlineStores(page);
    expect(before.storedCaches).toBe(1);
    expect(before.cacheNames).toContain('sideline-api-answers');
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(`${app.sideline.url}/auth`);
    await expect.poll(async () => (await offlineStores(page)).outbox).toBe(0);
    const after = await offlineStores(page);
    expect(after.storedCaches).toBe(0);
    expect(after.cacheNames.filter((name) => !name.startsWith('workbox-precache'))).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('sideline:offline-user'))).toBeNull();

    // Offline after signing out: the sign-in screen, nothing of the last user.
    await context.setOffline(true);
    await page.goto(`${app.sideline.url}/`);
    await page.waitForURL(`${app.sideline.url}/auth`);
    await page.getByRole('heading', { name: 'Join Sideline' }).waitFor();
    await context.close();
    await coach.close();
  });
});
