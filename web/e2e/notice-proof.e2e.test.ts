import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserUnavailableReason } from './support/browser.ts';
import { useSidelineInBrowser } from './support/fixture.ts';
import { callApi } from './support/demo.ts';
import { createTeamInBrowser, joinTeamInBrowser, signUpInBrowser } from './support/people.ts';

const skipReason = browserUnavailableReason();
/** Where a slow run is (printed): a timeout then says which step it was in. */
const step = (what: string) => console.log(`notice-proof e2e: ${what}`);

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    timezoneId: 'UTC',
    locale: 'en-US',
  });
  return context.newPage();
}

async function openDetail(page: Page, baseUrl: string, teamId: string, title: string) {
  await page.goto(`${baseUrl}/events/${teamId}`);
  await page
    .getByRole('list', { name: 'Upcoming events' })
    .getByRole('article', { name: title })
    .first()
    .getByRole('button', { name: new RegExp(`^${title}`) })
    .click();
  const detail = page.getByRole('dialog', { name: title });
  await detail.waitFor();
  return detail;
}

describe.skipIf(skipReason !== null)('proof that families were told, on a phone', () => {
  const app = useSidelineInBrowser({ mode: 'embedded' });

  it('a coach moves the game; the family (told by email, no device) opens it; the coach sees "Seen by 1 of 1 family"', async () => {
    const coach = await phone(app.browser);
    const parent = await phone(app.browser);
    const pageErrors: string[] = [];
    for (const page of [coach, parent]) page.on('pageerror', (error) => pageErrors.push(error.message));

    step('signed up');
    await signUpInBrowser(coach, app.sideline.url, 'Casey Coach', 'Coach');
    const { teamId, code } = await createTeamInBrowser(coach, app.sideline.url, 'Proof Hawks');
    await signUpInBrowser(parent, app.sideline.url, 'Pat Parent', 'Parent');
    await joinTeamInBrowser(parent, app.sideline.url, code, teamId);
    const { id: parentId } = (await callApi(parent, app.sideline.url, 'GET', '/api/user')) as { id: string };
    const added = (await callApi(coach, app.sideline.url, 'POST', `/api/teams/${teamId}/players`, {
      name: 'Ava Parent',
    })) as { player: { id: string } };
    await callApi(coach, app.sideline.url, 'POST', `/api/teams/${teamId}/players/${added.player.id}/guardians`, {
      userId: parentId,
    });
    const startsAt = new Date(Date.now() + 5 * 86_400_000);
    startsAt.setUTCHours(10, 0, 0, 0);
    const event = (await callApi(coach, app.sideline.url, 'POST', `/api/teams/${teamId}/events`, {
      title: 'Cup game',
      location: 'Riverside Park',
      date: startsAt.toISOString(),
      timeZone: 'UTC',
    })) as { id: string };
    const notices = () =>
      callApi(coach, app.sideline.url, 'GET', `/api/teams/${teamId}/events/${event.id}/notices`) as Promise<
        Array<{ summary: string; families: Array<{ channel: string; deliveredAt: string | null }> }>
      >;
    await expect.poll(async () => (await notices()).length, { timeout: 15_000 }).toBe(1);

    step('first notice');
    // The change, in the coach's event detail.
    let detail = await openDetail(coach, app.sideline.url, teamId, 'Cup game');
    await detail.getByRole('button', { name: 'Edit' }).click();
    const form = detail.getByRole('form', { name: 'Edit event' });
    await form.getByLabel('Location').fill('North pitch');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.waitFor({ state: 'hidden', timeout: 10_000 });
    await expect.poll(async () => (await notices()).length, { timeout: 15_000 }).toBe(2);
    const [change, created] = await notices();
    expect(change!.summary).toContain('Changed: Cup game');
    expect(created!.summary).toContain('New: Cup game');
    // Pat has no device with notifications on: told by email (the outbox here, no SMTP_URL).
    expect(change!.families.map((f) => f.channel)).toEqual(['email']);
    await expect.poll(async () => (await notices())[0]!.families[0]!.deliveredAt, { timeout: 15_000 }).not.toBeNull();

    step('changed');
    await coach.reload();
    detail = await openDetail(coach, app.sideline.url, teamId, 'Cup game');
    const told = detail.getByRole('region', { name: 'Who was told' });
    await expect
      .poll(() => told.getByTestId('notice-seen').first().textContent(), { timeout: 10_000 })
      .toBe('Seen by 0 of 1 family');

    step('seen by 0');
    // The family looks at the event.
    const parentDetail = await openDetail(parent, app.sideline.url, teamId, 'Cup game');
    await parentDetail.getByText('North pitch').first().waitFor();
    expect(await parentDetail.getByRole('region', { name: 'Who was told' }).count()).toBe(0);

    step('parent viewed');
    await coach.reload();
    detail = await openDetail(coach, app.sideline.url, teamId, 'Cup game');
    const seen = detail.getByRole('region', { name: 'Who was told' });
    await expect
      .poll(() => seen.getByTestId('notice-seen').first().textContent(), { timeout: 10_000 })
      .toBe('Seen by 1 of 1 family');
    const family = seen.getByTestId('notice-family').first();
    expect(await family.textContent()).toMatch(/^Ava ParentEmailSent .+Delivered .+Seen \w{3} \d+ \w{3}/);
    const summary = (await seen.locator('summary').first().boundingBox())!;
    expect(summary.height).toBeGreaterThanOrEqual(44);
    expect(pageErrors).toEqual([]);
  }, 240_000);
});
