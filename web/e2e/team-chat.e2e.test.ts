import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserUnavailableReason } from './support/browser.ts';
import { DESKTOP, PHONE, useSidelineInBrowser } from './support/fixture.ts';
import { startCuttableProxy, type CuttableProxy } from './support/cuttable-proxy.ts';
import { createTeamInBrowser, joinTeamInBrowser, signUpInBrowser } from './support/people.ts';
import { sidelineModes } from './support/sideline-process.ts';

const skipReason = browserUnavailableReason();
// Embedded (PGlite, in-process bus) always; services (PostgreSQL, NATS) when they answer.
const modes = skipReason === null ? await sidelineModes('team chat end to end') : ['embedded' as const];
const suite = 'a coach and a parent chatting live, two Chromium contexts (%s mode)';

describe.skipIf(skipReason !== null).each(modes)(suite, (mode) => {
  let proxy: CuttableProxy;

  const app = useSidelineInBrowser({ mode });
  beforeAll(async () => {
    proxy = await startCuttableProxy(app.sideline.url);
  });
  afterAll(async () => {
    await proxy?.close();
  });

  it('creates a team, joins it by code, chats live with typing, shares a photo and survives a cut connection', async () => {
    const coach = await app.newPage(DESKTOP);
    const parent = await app.newPage(PHONE);
    const pageErrors: string[] = [];
    for (const page of [coach, parent]) page.on('pageerror', (error) => pageErrors.push(error.message));

    // The coach creates a team.
    await signUpInBrowser(coach, proxy.url, 'Casey Coach', 'Coach');
    const { teamId, code } = await createTeamInBrowser(coach, proxy.url, 'Riverside Hawks');
    expect(code).toMatch(/^[A-Z2-9]{6}$/);

    // A parent signs up and joins with the code (typed in lower case).
    await signUpInBrowser(parent, proxy.url, 'Pat Parent', 'Parent');
    await joinTeamInBrowser(parent, proxy.url, code.toLowerCase(), teamId);

    await coach.goto(`${proxy.url}/chat/${teamId}`);
    await parent.goto(`${proxy.url}/chat/${teamId}`);
    const coachLog = coach.getByRole('log');
    const parentLog = parent.getByRole('log');
    await coachLog.waitFor();
    await parentLog.waitFor();

    // Typing shows on the other side; the message arrives without a reload.
    await coach.getByRole('textbox', { name: 'Message', exact: true }).fill('Practice moved to 6 pm');
    await expect.poll(() => parent.getByText(/Casey Coach is typing/).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await coach.getByRole('button', { name: 'Send message' }).click();
    await parentLog.getByText('Practice moved to 6 pm').waitFor({ timeout: 10_000 });

    await parent.getByRole('textbox', { name: 'Message', exact: true }).fill('Thanks coach, see you there');
    await parent.getByRole('button', { name: 'Send message' }).click();
    await coachLog.getByText('Thanks coach, see you there').waitFor({ timeout: 10_000 });

    // A photo shared by the parent appears for the coach.
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2563eb' } })
      .png()
      .toBuffer();
    await parent.locator('input[type=file]').setInputFiles({ name: 'goal.png', mimeType: 'image/png', buffer: png });
    const sharedImage = coachLog.locator('img[src^="/api/media/"]');
    await sharedImage.first().waitFor({ timeout: 15_000 });
    expect(await sharedImage.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // The connection is cut: the banner shows, and clears once the network is back.
    proxy.cut();
    await parent.getByText('Reconnecting to live chat...').waitFor({ timeout: 10_000 });
    await coach.getByText('Reconnecting to live chat...').waitFor({ timeout: 10_000 });
    proxy.restore();
    await parent.getByText('Reconnecting to live chat...').waitFor({ state: 'hidden', timeout: 25_000 });
    await coach.getByText('Reconnecting to live chat...').waitFor({ state: 'hidden', timeout: 25_000 });

    // Live again after the reconnect.
    await coach.getByRole('textbox', { name: 'Message', exact: true }).fill('Back online');
    await coach.getByRole('button', { name: 'Send message' }).click();
    await parentLog.getByText('Back online').waitFor({ timeout: 10_000 });
    expect(pageErrors).toEqual([]);
  });
});
