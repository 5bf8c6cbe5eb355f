import { describe, expect, it } from 'vitest';
import { browserUnavailableReason } from './support/browser.ts';
import { useSidelineInBrowser } from './support/fixture.ts';

const skipReason = browserUnavailableReason();

describe.skipIf(skipReason !== null)('accounts in the browser (headless Chromium, npm start build)', () => {
  const app = useSidelineInBrowser();

  it('signs up as a coach, lands on home, stays signed in after a reload, and logs out', async () => {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${app.sideline.url}/`);
    // A signed-out visitor to a protected page lands on /auth.
    await page.waitForURL('**/auth');
    await expect.poll(() => page.getByText('Join Sideline').isVisible()).toBe(true);

    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const email = `coach-${Date.now()}@example.com`;
    await page.getByLabel('Full Name').fill('Casey Coach');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await page.getByRole('button', { name: /Coach/ }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.waitForURL(`${app.sideline.url}/`, { timeout: 10_000 });
    await page.getByText('Casey Coach').first().waitFor();
    expect(await page.getByText(/coach/i).first().isVisible()).toBe(true);

    await page.reload();
    await page.getByText('Casey Coach').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/auth');

    // Signed out for real: the server no longer knows the session.
    const status = await page.evaluate(async () => (await fetch('/api/user')).status);
    expect(status).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs back in with the same account and shows the 404 page for an unknown path', async () => {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    const email = `parent-${Date.now()}@example.com`;
    const registered = await page.request.post(`${app.sideline.url}/api/register`, {
      data: { email, password: 'correct horse battery', name: 'Pat Parent', role: 'parent' },
    });
    expect(registered.status()).toBe(201);
    await context.clearCookies();

    await page.goto(`${app.sideline.url}/auth`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${app.sideline.url}/`, { timeout: 10_000 });
    await page.getByText('Pat Parent').first().waitFor();

    await page.goto(`${app.sideline.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    // Back returns to the page the person came from.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(`${app.sideline.url}/`);
    await context.close();
  });
});
