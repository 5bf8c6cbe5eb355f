import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserUnavailableReason } from './support/browser.ts';
import { useSidelineInBrowser } from './support/fixture.ts';
import { callApi } from './support/demo.ts';
import { signUpInBrowser } from './support/people.ts';

const skipReason = browserUnavailableReason();
if (skipReason) console.warn(`admin safeguarding e2e skipped: ${skipReason}`);

/** A calendar day (YYYY-MM-DD) some days from today. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const ORIGINAL = 'Pick-up moved to 5:30 at the north gate, text me your address';

describe.skipIf(skipReason !== null)('safeguarding: a deleted message stays in the audit (Chromium)', () => {
  const app = useSidelineInBrowser();

  const page = async (width: number, height: number): Promise<Page> =>
    (await app.browser.newContext({ viewport: { width, height } })).newPage();

  it("a coach deletes a message, a parent sees 'Message deleted', the org admin finds the original in Activity filtered by that coach", async () => {
    const base = app.sideline.url;
    const admin = await page(1280, 800);
    const coach = await page(1280, 800);
    const parent = await page(390, 844);
    const pageErrors: string[] = [];
    for (const p of [admin, coach, parent]) p.on('pageerror', (error) => pageErrors.push(error.message));

    // The admin runs a club: an organization, a season running now and a team in it.
    await signUpInBrowser(admin, base, 'Alex Admin', 'Coach');
    const org = (await callApi(admin, base, 'POST', '/api/organizations', { name: 'Riverside Youth Club' })) as {
      id: string;
    };
    const season = (await callApi(admin, base, 'POST', `/api/organizations/${org.id}/seasons`, {
      name: 'Spring Season',
      sport: 'Soccer',
      startDate: day(-7),
      endDate: day(90),
    })) as { id: string };
    const team = (await callApi(admin, base, 'POST', `/api/organizations/${org.id}/teams`, {
      seasonId: season.id,
      name: 'Riverside Lions',
    })) as { id: string; code: string };

    // A coach and a parent join with the team code; the admin makes the first one its coach.
    await signUpInBrowser(coach, base, 'Casey Coach', 'Coach');
    await callApi(coach, base, 'POST', '/api/teams/join', { code: team.code });
    const coachUser = (await callApi(coach, base, 'GET', '/api/user')) as { id: string };
    await callApi(admin, base, 'PUT', `/api/teams/${team.id}/members/${coachUser.id}/role`, { assignedRole: 'coach' });
    await signUpInBrowser(parent, base, 'Pat Parent', 'Parent');
    await callApi(parent, base, 'POST', '/api/teams/join', { code: team.code });

    // The parent writes in the team chat; both have the chat open.
    await callApi(parent, base, 'POST', `/api/teams/${team.id}/messages`, { text: ORIGINAL });
    await parent.goto(`${base}/chat/${team.id}`);
    await coach.goto(`${base}/chat/${team.id}`);
    const parentLog = parent.getByRole('log', { name: 'Messages' });
    const coachLog = coach.getByRole('log', { name: 'Messages' });
    await parentLog.getByText(ORIGINAL).waitFor();
    const message = coachLog.getByRole('listitem').filter({ hasText: ORIGINAL });
    await message.waitFor();
    // The live connection is up on the parent's side before the deletion.
    await parent.getByText('Reconnecting to live chat...').waitFor({ state: 'hidden', timeout: 15_000 });

    // The coach deletes it, after confirming.
    await message.hover();
    await message.getByRole('button', { name: 'Message actions' }).click();
    await coach.getByRole('menuitem', { name: 'Delete message' }).click();
    const confirm = coach.getByRole('alertdialog', { name: 'Delete this message?' });
    await confirm.getByRole('button', { name: 'Delete message' }).click();
    await coach.getByText('Members now see that it was deleted.').first().waitFor();

    // The parent sees 'Message deleted' in its place, live (no reload), and the text is gone.
    await parentLog.getByTestId('message-deleted').waitFor({ timeout: 15_000 });
    expect(await parentLog.getByText(ORIGINAL).count()).toBe(0);
    const history = (await callApi(parent, base, 'GET', `/api/teams/${team.id}/messages`)) as Array<{
      text: string;
      deleted?: boolean;
    }>;
    expect(history.some((m) => m.text.includes('north gate'))).toBe(false);

    // The org admin opens Activity, picks the coach, and finds the original text there.
    await admin.goto(`${base}/admin/activity`);
    await admin.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
    const person = admin.getByLabel('Person');
    await expect.poll(() => person.locator('option', { hasText: 'Casey Coach' }).count()).toBe(1);
    await person.selectOption({ label: 'Casey Coach' });
    await expect.poll(() => new URL(admin.url()).searchParams.get('userId')).toBe(coachUser.id);
    const activity = admin.getByRole('list', { name: 'Activity' });
    const line = activity.getByRole('listitem').filter({ hasText: 'north gate' });
    await line.first().waitFor({ timeout: 15_000 });
    // The unfiltered page stays on screen until the coach's page arrives: wait for it to be replaced.
    await expect
      .poll(
        async () => (await activity.getByRole('listitem').allTextContents()).every((t) => t.includes('Casey Coach')),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    expect(await line.first().textContent()).toContain('Casey Coach');
    // Every line of this selection is the coach's doing or about them.
    const lines = await activity.getByRole('listitem').allTextContents();
    expect(lines.length).toBeGreaterThan(0);
    for (const text of lines) expect(text).toContain('Casey Coach');
    // The export links carry the same filter.
    expect(await admin.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain(
      `userId=${coachUser.id}`,
    );
    const csv = await admin.request.get(`${base}/api/admin/activity?userId=${coachUser.id}&format=csv`);
    expect(csv.ok()).toBe(true);
    expect(await csv.text()).toContain('north gate');
    expect(pageErrors).toEqual([]);
  });
});
