import sharp from 'sharp';
import type { Page } from 'playwright-core';

/** The password of the demo sign-ins that an embedded start with SEED_DEMO=1 prints. */
export const DEMO_PASSWORD = 'sideline-demo';
export type DemoPerson = 'coach' | 'parent' | 'player' | 'admin';

/** Signs in on /auth as one of the demo people and waits for Home. */
export async function signInAsDemo(page: Page, baseUrl: string, who: DemoPerson) {
  await page.goto(`${baseUrl}/auth`);
  await page.getByLabel('Email').first().fill(`${who}@sideline.demo`);
  await page.getByLabel('Password', { exact: true }).first().fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${baseUrl}/`, { timeout: 15_000 });
}

/** A same-origin API call with the page's session cookie, as the app itself makes it. */
export async function callApi(page: Page, baseUrl: string, method: string, path: string, data?: unknown) {
  const response = await page.request.fetch(`${baseUrl}${path}`, {
    method,
    headers: { origin: baseUrl },
    ...(data === undefined ? {} : { data }),
  });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return response.status() === 204 ? undefined : ((await response.json()) as unknown);
}

/** A real photo of the given size, uploaded to a team's media as the signed-in person. */
export async function uploadPhoto(
  page: Page,
  baseUrl: string,
  teamId: string,
  title: string,
  width = 1200,
  height = 900,
) {
  const jpeg = await sharp({ create: { width, height, channels: 3, background: '#0f766e' } })
    .jpeg()
    .toBuffer();
  const response = await page.request.post(`${baseUrl}/api/teams/${teamId}/media/upload`, {
    headers: { origin: baseUrl },
    multipart: { file: { name: `${title}.jpg`, mimeType: 'image/jpeg', buffer: jpeg }, type: 'photo', title },
  });
  if (!response.ok()) throw new Error(`upload: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { id: string; url: string };
}

/** The id of the demo team ("Riverside Hawks"), the signed-in person's first team. */
export async function demoTeamId(page: Page, baseUrl: string): Promise<string> {
  const teams = (await callApi(page, baseUrl, 'GET', '/api/teams')) as Array<{ id: string; name: string }>;
  return teams.find((t) => t.name === 'Riverside Hawks')!.id;
}
