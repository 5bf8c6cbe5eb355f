import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { browserUnavailableReason } from './support/browser.ts';
import { DESKTOP, PHONE, useSidelineInBrowser } from './support/fixture.ts';
import { createTeamInBrowser, joinTeamInBrowser, signUpInBrowser } from './support/people.ts';

const skipReason = browserUnavailableReason();
if (skipReason) console.warn(`media-hub e2e skipped: ${skipReason}`);

describe.skipIf(skipReason !== null)('the Media Hub (two Chromium contexts)', () => {
  const app = useSidelineInBrowser();

  it('a coach uploads a photo; a parent of the same team sees it with its thumbnail and opens it', async () => {
    const coach = await app.newPage(DESKTOP);
    const parent = await app.newPage(PHONE);
    const pageErrors: string[] = [];
    for (const page of [coach, parent]) page.on('pageerror', (error) => pageErrors.push(error.message));

    await signUpInBrowser(coach, app.sideline.url, 'Casey Coach', 'Coach');
    const { teamId, code } = await createTeamInBrowser(coach, app.sideline.url, 'Riverside Hawks');
    await signUpInBrowser(parent, app.sideline.url, 'Pat Parent', 'Parent');
    await joinTeamInBrowser(parent, app.sideline.url, code, teamId);

    // The coach opens the Media Hub: empty, then uploads a photo.
    await coach.goto(`${app.sideline.url}/media/${teamId}`);
    await coach.getByRole('heading', { name: 'No media yet' }).waitFor();
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#16a34a' } })
      .png()
      .toBuffer();
    await coach
      .getByLabel('Photo or video to upload')
      .setInputFiles({ name: 'kickoff.png', mimeType: 'image/png', buffer: png });
    await coach.getByText('Upload successful').first().waitFor({ timeout: 15_000 });
    await coach.getByRole('button', { name: 'Open photo: kickoff.png' }).waitFor();

    // The parent (first team is the default) sees it, with its thumbnail loaded.
    await parent.goto(`${app.sideline.url}/media`);
    const tile = parent.getByRole('button', { name: 'Open photo: kickoff.png' });
    await tile.waitFor({ timeout: 15_000 });
    const thumbnail = tile.locator('img');
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 })
      .toBe(400);
    expect(await thumbnail.getAttribute('src')).toMatch(/^\/api\/media\/[0-9a-f-]+-thumb\.webp$/);

    // The viewer: the full photo, a like, and a real download link.
    await tile.click();
    const dialog = parent.getByRole('dialog', { name: 'kickoff.png' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Like' }).click();
    await dialog.getByText('1 like').waitFor();
    const href = await dialog.getByRole('link', { name: 'Download' }).getAttribute('href');
    const download = await parent.request.get(`${app.sideline.url}${href}`);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-disposition']).toMatch(/^attachment; filename="kickoff\.png"/);
    expect(pageErrors).toEqual([]);
  });
});
