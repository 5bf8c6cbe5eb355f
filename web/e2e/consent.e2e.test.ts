import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserUnavailableReason, launchBrowser } from './support/browser.ts';
import { createTeamInBrowser, joinTeamInBrowser, signUpInBrowser } from './support/people.ts';
import { startSideline, type SidelineProcess } from './support/sideline-process.ts';

const skipReason = browserUnavailableReason();
if (skipReason) console.warn(`consent e2e skipped: ${skipReason}`);

/**
 * Issue 34: a child's photo consent decides what the coach may upload naming them, and what the
 * other members see, at once.
 */
describe.skipIf(skipReason !== null)('photo consent for a child (three Chromium contexts)', () => {
  let sideline: SidelineProcess;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;

  beforeAll(async () => {
    sideline = await startSideline();
    ({ browser, close: closeBrowser } = await launchBrowser());
  });
  afterAll(async () => {
    await closeBrowser?.();
    await sideline?.destroy();
  });

  /** An API call with the page's session, as its own screens make them. */
  const call = async (page: Page, method: 'GET' | 'POST', path: string, data?: unknown) => {
    const response = await page.request.fetch(`${sideline.url}${path}`, {
      method,
      headers: { origin: sideline.url },
      ...(data === undefined ? {} : { data }),
    });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return response.json();
  };

  it('withheld: the upload naming the child is refused; given: it works; withdrawn: it leaves another parent’s Media Hub live', async () => {
    const context = () => browser.newContext({ viewport: { width: 390, height: 844 } });
    const coach = await (await context()).newPage();
    const parent = await (await context()).newPage();
    const otherParent = await (await context()).newPage();
    const pageErrors: string[] = [];
    for (const page of [coach, parent, otherParent]) page.on('pageerror', (error) => pageErrors.push(error.message));

    await signUpInBrowser(coach, sideline.url, 'Casey Coach', 'Coach');
    const { teamId, code } = await createTeamInBrowser(coach, sideline.url, 'Riverside Hawks');
    await signUpInBrowser(parent, sideline.url, 'Pat Parent', 'Parent');
    await joinTeamInBrowser(parent, sideline.url, code, teamId);
    await signUpInBrowser(otherParent, sideline.url, 'Robin Parent', 'Parent');
    await joinTeamInBrowser(otherParent, sideline.url, code, teamId);

    // The roster: Mia, with Pat as her guardian.
    const { player: mia } = await call(coach, 'POST', `/api/teams/${teamId}/players`, { name: 'Mia' });
    const pat = await call(parent, 'GET', '/api/user');
    await call(coach, 'POST', `/api/teams/${teamId}/players/${mia.id}/guardians`, { userId: pat.id });

    // Pat withholds photo consent on the team page (on, then off: an explicit "no").
    await parent.goto(`${sideline.url}/team/${teamId}`);
    // Pat's one child: the one photo switch on the page.
    const photos = parent.getByRole('switch', { name: 'Team photos and videos' });
    await photos.waitFor({ timeout: 15_000 });
    await photos.click();
    await expect.poll(() => photos.getAttribute('aria-checked')).toBe('true');
    await photos.click();
    await expect.poll(() => photos.getAttribute('aria-checked')).toBe('false');

    // The coach's roster marks her, and the team's summary counts her.
    await coach.goto(`${sideline.url}/team/${teamId}`);
    await coach.getByText(/1 player without photo consent/).waitFor({ timeout: 15_000 });
    await coach.getByText('No photos', { exact: true }).first().waitFor();
    await coach.getByText('No streams', { exact: true }).first().waitFor();

    // The coach's upload naming Mia is refused, naming her.
    await coach.goto(`${sideline.url}/media/${teamId}`);
    await coach.getByRole('heading', { name: 'No media yet' }).waitFor();
    await coach.getByRole('button', { name: 'Who is in it?' }).click();
    await coach.getByRole('checkbox', { name: 'Mia' }).check();
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#16a34a' } })
      .png()
      .toBuffer();
    const upload = () =>
      coach
        .getByLabel('Photo or video to upload')
        .setInputFiles({ name: 'kickoff.png', mimeType: 'image/png', buffer: png });
    await upload();
    await coach
      .getByText('No photo consent for: Mia. Leave them out of this upload or ask their guardians.')
      .first()
      .waitFor({ timeout: 15_000 });

    // Robin watches the Media Hub meanwhile.
    await otherParent.goto(`${sideline.url}/media/${teamId}`);
    await otherParent.getByRole('heading', { name: 'No media yet' }).waitFor();

    // Pat gives photo consent; the same upload now works and reaches Robin.
    await photos.click();
    await expect.poll(() => photos.getAttribute('aria-checked')).toBe('true');
    await upload();
    await coach.getByText('Upload successful').first().waitFor({ timeout: 15_000 });
    const tile = otherParent.getByRole('button', { name: 'Open photo: kickoff.png' });
    await tile.waitFor({ timeout: 15_000 });
    const pageUrl = otherParent.url();

    // Pat withdraws it: the photo leaves Robin's Media Hub without a reload.
    await photos.click();
    await expect.poll(() => photos.getAttribute('aria-checked')).toBe('false');
    await tile.waitFor({ state: 'detached', timeout: 15_000 });
    expect(otherParent.url()).toBe(pageUrl);
    await otherParent.getByRole('heading', { name: 'No media yet' }).waitFor();
    // The uploader still sees it, marked.
    await coach.reload();
    await coach.getByText('Hidden: no photo consent').first().waitFor({ timeout: 15_000 });
    expect(pageErrors).toEqual([]);
  });
});
