import { afterAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '@sideline/infra/testing';
import { browserUnavailableReason } from './support/browser.ts';
import { DESKTOP, PHONE, useSidelineInBrowser } from './support/fixture.ts';
import { callApi } from './support/demo.ts';
import { signUpInBrowser } from './support/people.ts';

const skipReason = browserUnavailableReason();
const PARENT_EMAIL = `dana.parent-${Date.now()}@example.com`;

/** A calendar day (YYYY-MM-DD) some days from today, as the date inputs take it. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.skipIf(skipReason !== null)('a club: season, team, player and a parent invited by email (Chromium)', () => {
  let smtp: TestSmtpServer;

  const app = useSidelineInBrowser(async () => {
    // The invitation goes out through a real SMTP server in this process.
    smtp = await startTestSmtpServer();
    return { env: { SMTP_URL: smtp.url } };
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('an org admin creates a season and a team, adds a player; the parent registers from the email and is linked', async () => {
    const base = app.sideline.url;
    const admin = await app.newPage(DESKTOP);
    const parent = await app.newPage(PHONE);
    const pageErrors: string[] = [];
    for (const page of [admin, parent]) page.on('pageerror', (error) => pageErrors.push(error.message));

    // The admin signs up and starts an organization on /org-admin.
    await signUpInBrowser(admin, base, 'Alex Admin', 'Coach');
    await admin.goto(`${base}/org-admin`);
    await admin.getByRole('button', { name: 'Start an organization' }).click();
    const orgDialog = admin.getByRole('dialog', { name: 'Start an organization' });
    await orgDialog.getByLabel('Organization name').fill('Riverside Youth Soccer Club');
    await orgDialog.getByRole('button', { name: 'Create organization' }).click();
    await orgDialog.waitFor({ state: 'hidden' });

    // A season running now, on /seasons.
    await admin.goto(`${base}/seasons`);
    await admin.getByRole('button', { name: 'Create Season' }).click();
    const seasonDialog = admin.getByRole('dialog');
    await seasonDialog.getByLabel('Season name').fill('Spring Season');
    await seasonDialog.getByLabel('Sport').selectOption('Soccer');
    await seasonDialog.getByLabel('Start date').fill(day(-7));
    await seasonDialog.getByLabel('End date').fill(day(90));
    await seasonDialog.getByRole('button', { name: 'Create Season' }).click();
    await seasonDialog.waitFor({ state: 'hidden' });

    // A team in it on /seasons/{id}/teams, the admin as its coach.
    await admin.getByRole('link', { name: 'Manage Teams' }).click();
    await admin.waitForURL(/\/seasons\/[0-9a-f-]+\/teams$/);
    await admin.getByRole('button', { name: 'Add Team' }).click();
    const teamDialog = admin.getByRole('dialog', { name: 'Add Team' });
    await teamDialog.getByLabel('Team name').fill('Riverside Lions');
    await teamDialog.getByLabel('Team code').fill('LIONS10');
    await teamDialog.getByLabel('Age group (optional)').fill('U10');
    await teamDialog.getByLabel('Coach').selectOption({ label: 'Alex Admin' });
    await teamDialog.getByRole('button', { name: 'Add Team' }).click();
    await teamDialog.waitFor({ state: 'hidden' });

    // The team page: Add Player with the parent's email.
    await admin.getByRole('link', { name: 'View Team Riverside Lions' }).click();
    await admin.waitForURL(/\/team\/[0-9a-f-]+$/);
    const teamId = admin.url().split('/team/')[1]!;
    await admin.getByRole('button', { name: 'Add Player' }).click();
    const playerDialog = admin.getByRole('dialog', { name: 'Add Player' });
    await playerDialog.getByLabel('Player Name').fill('Mia Chen');
    await playerDialog.getByLabel('Jersey Number (optional)').fill('9');
    await playerDialog.getByLabel('Parent Name').fill('Dana Chen');
    await playerDialog.getByLabel('Parent Email').fill(PARENT_EMAIL);
    await playerDialog.getByRole('button', { name: 'Add Player' }).click();
    const added = admin.getByRole('dialog', { name: 'Player added' });
    await added.waitFor();
    await added.getByRole('button', { name: 'Done' }).click();
    const pendingList = admin.getByRole('region', { name: /Pending Invitations/ });
    await pendingList.getByText('Mia Chen').waitFor();

    // The parent reads the email and opens its link, signed out.
    const mail = await smtp.nextMessageTo(PARENT_EMAIL, 15_000);
    const link = /https?:\/\/\S+\/invite\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
    expect(link, mail.text).toBeDefined();
    expect(new URL(link!).origin).toBe(base);
    await parent.goto(link!);

    // /auth with the sign-up form pre-filled from the invitation.
    await parent.waitForURL((url) => url.pathname === '/auth');
    const authUrl = new URL(parent.url());
    expect(authUrl.searchParams.get('email')).toBe(PARENT_EMAIL);
    expect(authUrl.searchParams.get('playerName')).toBe('Mia Chen');
    await expect.poll(() => parent.getByLabel('Email').inputValue()).toBe(PARENT_EMAIL);
    expect(await parent.getByLabel('Full Name').inputValue()).toBe('Dana Chen');
    await parent.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await parent.getByRole('button', { name: 'Create Account' }).click();

    // Back on /invite, signed in: accept, and land on the team.
    await parent.waitForURL((url) => url.pathname === '/invite', { timeout: 15_000 });
    await parent.getByRole('button', { name: 'Accept Invitation' }).click();
    // Linked to Mia: the parent answers her consents (here: team photos) before going on.
    const photos = parent.getByRole('switch', { name: 'Team photos and videos' });
    await photos.waitFor({ timeout: 15_000 });
    await photos.click();
    await expect.poll(() => photos.getAttribute('aria-checked')).toBe('true');
    await parent.getByRole('button', { name: /^Continue to / }).click();
    await parent.waitForURL((url) => url.pathname === '/' && url.searchParams.get('team') === teamId, {
      timeout: 15_000,
    });

    // The player is linked to the new parent, for the server and on the admin's team page.
    const me = (await callApi(parent, base, 'GET', '/api/user')) as { id: string };
    const players = (await callApi(parent, base, 'GET', `/api/teams/${teamId}/players`)) as Array<{
      name: string;
      linkStatus: string;
      guardians: Array<{ userId: string }>;
    }>;
    expect(players).toMatchObject([{ name: 'Mia Chen', linkStatus: 'linked', guardians: [{ userId: me.id }] }]);
    await admin.reload();
    const linkedList = admin.getByRole('region', { name: /Linked Players/ });
    await linkedList.getByText('Mia Chen').waitFor({ timeout: 10_000 });
    await expect.poll(() => linkedList.getByText(/Parent: Dana Chen/).count()).toBe(1);
    expect(pageErrors).toEqual([]);
  });
});
