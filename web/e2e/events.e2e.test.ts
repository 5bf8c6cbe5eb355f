import { describe, expect, it } from 'vitest';
import { browserUnavailableReason } from './support/browser.ts';
import { DESKTOP, PHONE, useSidelineInBrowser } from './support/fixture.ts';
import { createTeamInBrowser, joinTeamInBrowser, signUpInBrowser } from './support/people.ts';
import { sidelineModes } from './support/sideline-process.ts';

const skipReason = browserUnavailableReason();
// Embedded (PGlite, in-process bus) always; services (PostgreSQL, NATS) when they answer.
const modes = skipReason === null ? await sidelineModes('team events end to end') : ['embedded' as const];
const suite = 'team events in %s mode: a weekly series, an RSVP per occurrence, managers only';

/** YYYY-MM-DD of the local day `days` from today (the date input's format). */
function localDateIn(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

describe.skipIf(skipReason !== null).each(modes)(suite, (mode) => {
  const app = useSidelineInBrowser({ mode });

  it('a coach schedules a weekly event; a parent RSVPs Going to the second occurrence and may not create', async () => {
    const coach = await app.newPage(DESKTOP);
    const parent = await app.newPage(PHONE);
    const pageErrors: string[] = [];
    for (const page of [coach, parent]) page.on('pageerror', (error) => pageErrors.push(error.message));

    // The coach creates a team; a parent joins it by code.
    await signUpInBrowser(coach, app.sideline.url, 'Casey Coach', 'Coach');
    const { teamId, code } = await createTeamInBrowser(coach, app.sideline.url, 'Riverside Hawks');
    await signUpInBrowser(parent, app.sideline.url, 'Pat Parent', 'Parent');
    await joinTeamInBrowser(parent, app.sideline.url, code, teamId);

    // The coach schedules a weekly practice, 4 occurrences.
    await coach.goto(`${app.sideline.url}/events/${teamId}`);
    await coach.getByRole('button', { name: 'Create Event' }).click();
    const dialog = coach.getByRole('dialog', { name: 'Create Event' });
    await dialog.getByLabel('Title').fill('Weekly practice');
    await dialog.getByLabel('Location').fill('Field 2');
    await dialog.getByLabel('Date').fill(localDateIn(3));
    await dialog.getByLabel('Time').fill('18:00');
    await dialog.getByRole('switch', { name: 'Repeat event' }).click();
    await dialog.getByRole('radio', { name: 'After a number of occurrences' }).check();
    await dialog.getByRole('spinbutton', { name: 'Occurrences' }).fill('4');
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    const coachCards = coach
      .getByRole('list', { name: 'Upcoming events' })
      .getByRole('article', { name: 'Weekly practice' });
    await expect.poll(() => coachCards.count(), { timeout: 10_000 }).toBe(4);

    // The parent sees the series, no Create Event, and RSVPs Going to the second occurrence.
    await parent.goto(`${app.sideline.url}/events/${teamId}`);
    const parentCards = parent
      .getByRole('list', { name: 'Upcoming events' })
      .getByRole('article', { name: 'Weekly practice' });
    await expect.poll(() => parentCards.count(), { timeout: 10_000 }).toBe(4);
    expect(await parent.getByRole('button', { name: 'Create Event' }).count()).toBe(0);
    expect(await parent.getByRole('button', { name: 'Add event' }).count()).toBe(0);

    await parentCards
      .nth(1)
      .getByRole('button', { name: /^Weekly practice/ })
      .click();
    const detail = parent.getByRole('dialog', { name: 'Weekly practice' });
    expect(await detail.getByRole('button', { name: 'Delete Event' }).count()).toBe(0);
    await detail.getByRole('button', { name: 'Going', exact: true }).click();
    await expect
      .poll(() => detail.getByTestId('rsvp-counts').textContent(), { timeout: 10_000 })
      .toMatch(/^1 going · 0 maybe · 0 not going/);
    expect(await detail.getByRole('button', { name: 'Going', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await detail.getByRole('button', { name: 'Close' }).click();

    // Counted on the second occurrence only.
    await parentCards.nth(1).getByRole('group', { name: '1 going: Pat Parent' }).waitFor({ timeout: 10_000 });
    expect(await parentCards.nth(0).getByText('No one going yet').count()).toBe(1);
    expect(await parentCards.nth(2).getByText('No one going yet').count()).toBe(1);

    // The coach's page follows (events_changed over the socket), without a reload.
    await coachCards.nth(1).getByRole('group', { name: '1 going: Pat Parent' }).waitFor({ timeout: 10_000 });

    // The API refuses a parent's event.
    const refused = await parent.request.post(`${app.sideline.url}/api/teams/${teamId}/events`, {
      data: { title: 'Sneaky', description: '', location: '', date: new Date().toISOString(), isRecurring: false },
      headers: { Origin: app.sideline.url },
    });
    expect(refused.status()).toBe(403);
    expect(pageErrors).toEqual([]);
  });
});
