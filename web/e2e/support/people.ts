import type { Page } from 'playwright-core';

let counter = 0;

/** Signs up through the /auth screen as a new person and waits for the home page. */
export async function signUpInBrowser(page: Page, baseUrl: string, name: string, role: 'Coach' | 'Parent' | 'Player') {
  await page.goto(`${baseUrl}/auth`);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email').fill(`${role.toLowerCase()}-${Date.now()}-${++counter}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByRole('button', { name: role, exact: true }).click();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL(`${baseUrl}/`, { timeout: 15_000 });
}

/** A coach creates a team on /create-team; returns its id and the join code shown on /teams. */
export async function createTeamInBrowser(coach: Page, baseUrl: string, name: string) {
  await coach.goto(`${baseUrl}/create-team`);
  await coach.getByLabel('Team name').fill(name);
  await coach.getByLabel('Sport').selectOption('Soccer');
  await coach.getByRole('button', { name: 'Create team' }).click();
  await coach.waitForURL(/\/team\/[0-9a-f-]+$/);
  const teamId = coach.url().split('/team/')[1]!;
  await coach.goto(`${baseUrl}/teams`);
  const code = (await coach.getByTestId('team-code').first().textContent())!.trim();
  return { teamId, code };
}

/** Joins a team with its code on /teams and waits for the team page. */
export async function joinTeamInBrowser(page: Page, baseUrl: string, code: string, teamId: string) {
  await page.goto(`${baseUrl}/teams`);
  await page.getByLabel('Team code').fill(code);
  await page.getByRole('button', { name: 'Join team' }).click();
  await page.waitForURL(`${baseUrl}/team/${teamId}`);
}
