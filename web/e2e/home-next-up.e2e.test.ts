import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { MyUpcomingItem } from '@sideline/domain';
import { zonedParts } from '../src/features/dashboard/upcoming.ts';
import { browserUnavailableReason } from './support/browser.ts';
import { useSidelineInBrowser } from './support/fixture.ts';
import { callApi, DEMO_PASSWORD, signInAsDemo } from './support/demo.ts';

const skipReason = browserUnavailableReason();
if (skipReason) console.warn(`home next-up e2e skipped: ${skipReason}`);

const PHONE = { viewport: { width: 390, height: 844 }, timezoneId: 'UTC' };

describe.skipIf(skipReason !== null)('Home at 390 × 844: next up first, live matches above it (Chromium)', () => {
  const app = useSidelineInBrowser({ env: { SEED_DEMO: '1' } });

  /** A signed-in demo person's API session in its own context (no page shown). */
  async function signedInRequest(email: string): Promise<BrowserContext> {
    const context = await app.browser.newContext();
    const login = await context.request.post(`${app.sideline.url}/api/login`, {
      headers: { origin: app.sideline.url },
      data: { email, password: DEMO_PASSWORD },
    });
    expect(login.ok()).toBe(true);
    return context;
  }
  async function call(context: BrowserContext, method: string, path: string, data?: unknown): Promise<unknown> {
    const response = await context.request.fetch(`${app.sideline.url}${path}`, {
      method,
      headers: { origin: app.sideline.url },
      ...(data === undefined ? {} : { data }),
    });
    if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
    return response.status() === 204 ? undefined : ((await response.json()) as unknown);
  }
  async function teamIdOf(context: BrowserContext, name: string): Promise<string> {
    const teams = (await call(context, 'GET', '/api/teams')) as Array<{ id: string; name: string }>;
    return teams.find((t) => t.name === name)!.id;
  }

  async function parentHome(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await app.browser.newContext(PHONE);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInAsDemo(page, app.sideline.url, 'parent');
    return { context, page, errors };
  }

  it("shows the next event across the parent's two teams in the first screen and takes an answer for each child", async () => {
    // The club's admin puts a Lions scrimmage in the next hour: the soonest of either team.
    const admin = await signedInRequest('admin@sideline.demo');
    const lions = await teamIdOf(admin, 'Riverside Lions');
    const startsAt = new Date(Date.now() + 45 * 60_000);
    startsAt.setUTCSeconds(0, 0);
    await call(admin, 'POST', `/api/teams/${lions}/events`, {
      title: 'Lions scrimmage',
      date: startsAt.toISOString(),
      location: 'Riverside Park, field 3',
      isRecurring: false,
    });

    const { context, page, errors } = await parentHome();
    const upcoming = (await callApi(page, app.sideline.url, 'GET', '/api/me/upcoming?limit=20')) as MyUpcomingItem[];
    const next = upcoming.find((item) => item.status !== 'cancelled')!;
    expect(next.title).toBe('Lions scrimmage');
    // The parent's Hawks practice is on Home too (the other team).
    expect(upcoming.some((item) => item.team.name === 'Riverside Hawks')).toBe(true);

    const nextUp = page.getByRole('region', { name: 'Next up' });
    const card = nextUp.getByRole('article', { name: 'Lions scrimmage' });
    await card.waitFor();
    const parts = zonedParts(next.date, next.timeZone)!;
    for (const text of [parts.weekday, parts.day, parts.time, 'Riverside Lions']) {
      expect(await card.textContent()).toContain(text);
    }
    const place = card.getByRole('link', { name: /Riverside Park, field 3/ });
    expect(await place.getAttribute('href')).toBe(
      `https://maps.google.com/?q=${encodeURIComponent('Riverside Park, field 3')}`,
    );
    expect(await card.textContent()).toMatch(/0 going · 0 maybe · 0 not going · 2 no reply/);

    // Without scrolling: the first Going button is inside the 844 px screen.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const going = card.getByRole('button', { name: 'Going', exact: true }).first();
    const box = (await going.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(box.height).toBeGreaterThanOrEqual(44);

    // One row per child: Jordan goes, Sam may not.
    const jordan = card.getByRole('group', { name: 'Jordan Rivera: Lions scrimmage' });
    const sam = card.getByRole('group', { name: 'Sam Rivera: Lions scrimmage' });
    await jordan.getByRole('button', { name: 'Going', exact: true }).click();
    await sam.getByRole('button', { name: 'Not Going', exact: true }).click();
    await expect
      .poll(async () => {
        const items = (await callApi(page, app.sideline.url, 'GET', '/api/me/upcoming?limit=5')) as MyUpcomingItem[];
        const item = items.find((i) => i.title === 'Lions scrimmage')!;
        return item.household.map((person) => `${person.name}: ${person.status}`).sort();
      })
      .toEqual(['Jordan Rivera: yes', 'Sam Rivera: no']);
    // Home shows the answers and the new counts.
    await expect.poll(() => card.textContent()).toMatch(/1 going · 0 maybe · 1 not going · 0 no reply/);
    expect(await jordan.getByRole('button', { name: 'Going', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await sam.getByRole('button', { name: 'Not Going', exact: true }).getAttribute('aria-pressed')).toBe('true');

    // Below: the next match, the week across teams, the latest message of each team.
    await page.getByRole('region', { name: 'Next match' }).waitFor();
    const week = page.getByRole('region', { name: 'This Week' });
    expect(await week.getByRole('article').count()).toBeGreaterThan(0);
    const latest = page.getByRole('list', { name: 'Latest messages' }).getByRole('listitem');
    const teams = (await callApi(page, app.sideline.url, 'GET', '/api/teams')) as unknown[];
    expect(teams.length).toBe(2);
    await expect.poll(() => latest.count()).toBe(teams.length);
    expect(await page.getByRole('list', { name: 'Quick links' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
    await admin.close();
  });

  it("shows a live card above everything when a match of the parent's team is in progress, and its new score within 2 s", async () => {
    const coach = await signedInRequest('coach@sideline.demo');
    const hawks = await teamIdOf(coach, 'Riverside Hawks');
    const match = (await call(coach, 'POST', '/api/matches', {
      sportId: 'soccer',
      teamAId: hawks,
      opponentName: 'Eastside FC',
      startTime: new Date().toISOString(),
      location: 'Riverside Park, field 1',
    })) as { id: string };
    await call(coach, 'PUT', `/api/matches/${match.id}`, { status: 'in_progress' });

    const { context, page, errors } = await parentHome();
    const live = page.getByRole('list', { name: 'Matches in progress' }).getByRole('link');
    await live.first().waitFor();
    expect(await live.count()).toBe(1);
    expect(await live.textContent()).toMatch(/Riverside Hawks\s*0\s*Eastside FC\s*0/);
    expect(await live.getAttribute('href')).toBe(`/matches/${match.id}`);
    // Above everything else: above the next event.
    const liveBox = (await live.boundingBox())!;
    const nextBox = (await page.getByRole('region', { name: 'Next up' }).boundingBox())!;
    expect(liveBox.y).toBeLessThan(nextBox.y);

    // The coach records the opponent's goal: the card follows within 2 s, without a reload.
    const recorded = Date.now();
    await call(coach, 'POST', `/api/matches/${match.id}/stats`, { side: 'opponent', statType: 'goals', value: 1 });
    await expect
      .poll(() => live.textContent(), { timeout: Math.max(100, 2_000 - (Date.now() - recorded)), interval: 50 })
      .toMatch(/Riverside Hawks\s*0\s*Eastside FC\s*1/);

    // Completed: the card leaves Home.
    await call(coach, 'PUT', `/api/matches/${match.id}`, { status: 'complete' });
    await expect.poll(() => live.count(), { timeout: 5_000 }).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
    await coach.close();
  });
});
