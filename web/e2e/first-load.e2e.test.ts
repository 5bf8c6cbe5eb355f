import { describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { browserUnavailableReason } from './support/browser.ts';
import { useSidelineInBrowser } from './support/fixture.ts';
import { callApi, signInAsDemo } from './support/demo.ts';
import { readManifest } from './support/initial-js.ts';

const skipReason = browserUnavailableReason();
if (skipReason) console.warn(`first-load e2e skipped: ${skipReason}`);

interface Timed {
  url: string;
  start: number;
  end: number;
}

describe.skipIf(skipReason !== null)('the first load in Chromium', () => {
  const app = useSidelineInBrowser({ env: { SEED_DEMO: '1' } });

  it("starts Home's data requests together, not one after another", async () => {
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 } });
    await signInAsDemo(await context.newPage(), app.sideline.url, 'parent');
    const page = await context.newPage();
    const started = new Map<Request, number>();
    const timed: Timed[] = [];
    page.on('request', (request) => started.set(request, performance.now()));
    page.on('requestfinished', (request) =>
      timed.push({ url: new URL(request.url()).pathname, start: started.get(request)!, end: performance.now() }),
    );
    await page.goto(app.sideline.url);
    await page.getByRole('region', { name: 'Next up' }).getByRole('article').waitFor();
    await page.getByRole('list', { name: 'Latest messages' }).waitFor();
    await page.waitForLoadState('networkidle');

    const all = (pattern: RegExp) => timed.filter((t) => pattern.test(t.url));
    const find = (pattern: RegExp) => {
      const found = all(pattern);
      expect(found.length, `requests to ${pattern}`).toBe(1);
      return found[0]!;
    };
    const user = find(/^\/api\/user$/);
    const teams = find(/^\/api\/teams$/);
    const upcoming = find(/^\/api\/me\/upcoming$/);
    const matches = find(/^\/api\/me\/matches$/);
    const messages = all(/^\/api\/teams\/[^/]+\/messages$/);
    // The user, the teams, the next events and the matches of every team go out together; each
    // team's messages together, once the teams are known. Nothing waits for a screen's code or for
    // another request it does not need.
    for (const read of [teams, upcoming, matches]) expect(read.start).toBeLessThan(user.end);
    expect(messages.length, 'one request per team').toBe(2);
    expect(messages[0]!.start).toBeLessThan(messages[1]!.end);
    expect(messages[1]!.start).toBeLessThan(messages[0]!.end);
    await context.close();
  });

  it('downloads the JavaScript brotli-compressed and cacheable for a year, and the page revalidated', async () => {
    const page = await (await app.browser.newContext()).newPage();
    const scripts: Array<{ encoding?: string; cache?: string }> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        const headers = response.headers();
        scripts.push({ encoding: headers['content-encoding'], cache: headers['cache-control'] });
      }
    });
    const document = await page.goto(`${app.sideline.url}/auth`);
    await page.getByRole('heading', { name: 'Join Sideline' }).waitFor();
    expect(document!.headers()['cache-control']).toBe('no-cache');
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script).toEqual({ encoding: 'br', cache: 'public, max-age=31536000, immutable' });
    }
    await page.context().close();
  });

  it('sends a signed-out visit to / to the sign-in screen before any of the signed-in app downloads', async () => {
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${app.sideline.url}/`);
    await page.waitForURL(`${app.sideline.url}/auth`);
    await page.getByRole('heading', { name: 'Join Sideline' }).waitFor();
    await page.waitForLoadState('networkidle');
    const manifest = readManifest();
    for (const module of ['src/components/layouts/app-shell.tsx', 'src/features/dashboard/routes/dashboard.tsx']) {
      expect(requested, module).not.toContain(`/${manifest[module]!.file}`);
    }
    // Nor its data: the sign-in screen asks only who is signed in.
    expect(requested.filter((path) => path.startsWith('/api/') && path !== '/api/user')).toEqual([]);
    await context.close();
  });

  it('shows Home as the parent last saw it before the app has started on the next visit, then the live Home; nothing of it after signing out', async () => {
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signInAsDemo(page, app.sideline.url, 'parent');
    await page.getByRole('heading', { name: /Pat River/ }).waitFor();
    // Home keeps its picture once it shows its data.
    await page.waitForFunction(() => localStorage.getItem('sideline-home-snapshot') !== null);
    const teams = (await callApi(page, app.sideline.url, 'GET', '/api/teams')) as Array<{ id: string; name: string }>;
    // The visit ends (an open page would keep its picture up to date with what arrives).
    await page.close();

    // Something new since that visit: only the live Home can show it.
    const hawks = teams.find((team) => team.name === 'Riverside Hawks')!;
    const coach = await app.browser.newContext();
    const coachPage = await coach.newPage();
    await signInAsDemo(coachPage, app.sideline.url, 'coach');
    const startsAt = new Date(Date.now() + 90 * 60_000);
    startsAt.setUTCSeconds(0, 0);
    await callApi(coachPage, app.sideline.url, 'POST', `/api/teams/${hawks.id}/events`, {
      title: 'Picture check practice',
      date: startsAt.toISOString(),
      location: 'Field 2',
      isRecurring: false,
    });

    // The next visit, watched from its first script on: the picture (when, and how many greetings).
    const next = await context.newPage();
    await next.addInitScript(() => {
      const seen = { pictureAt: -1, pictureText: '', pictureInert: false, liveAt: -1, mostGreetings: 0 };
      (window as unknown as { __seen: typeof seen }).__seen = seen;
      new MutationObserver(() => {
        const picture = document.getElementById('home-snapshot');
        if (picture && seen.pictureAt < 0) {
          seen.pictureAt = performance.now();
          seen.pictureText = picture.textContent ?? '';
          seen.pictureInert = picture.inert && picture.getAttribute('aria-hidden') === 'true';
        }
        if (!picture && seen.pictureAt >= 0 && seen.liveAt < 0 && document.getElementById('home-greeting')) {
          seen.liveAt = performance.now();
        }
        seen.mostGreetings = Math.max(seen.mostGreetings, document.querySelectorAll('#home-greeting').length);
      }).observe(document, { childList: true, subtree: true });
    });
    await next.goto(`${app.sideline.url}/`);
    await next.getByRole('article').filter({ hasText: 'Picture check practice' }).first().waitFor();
    const seen = await next.evaluate(
      () =>
        (
          window as unknown as {
            __seen: {
              pictureAt: number;
              pictureText: string;
              pictureInert: boolean;
              liveAt: number;
              mostGreetings: number;
            };
          }
        ).__seen,
    );
    expect(seen.pictureAt, 'the kept picture was shown').toBeGreaterThanOrEqual(0);
    expect(seen.pictureText).toContain('Pat River');
    expect(seen.pictureText).not.toContain('Picture check practice');
    expect(seen.pictureInert, 'the picture takes no taps and is hidden from screen readers').toBe(true);
    expect(seen.liveAt).toBeGreaterThan(seen.pictureAt);
    expect(seen.mostGreetings, 'never the picture and the live Home at once').toBe(1);
    // The live Home answers: its heading is in the accessibility tree, the picture is gone.
    await next.getByRole('heading', { name: /Pat River/ }).waitFor();
    expect(await next.locator('#home-snapshot').count()).toBe(0);

    // Signing out forgets the picture: a family tablet is shared.
    await next.getByRole('button', { name: 'Profile menu' }).click();
    await next.getByRole('menuitem', { name: 'Log out' }).click();
    await next.waitForURL(`${app.sideline.url}/auth`);
    expect(await next.evaluate(() => localStorage.getItem('sideline-home-snapshot'))).toBeNull();
    await coach.close();
    await context.close();
  });
});
