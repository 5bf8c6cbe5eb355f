import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { browserUnavailableReason } from './support/browser.ts';
import { useSidelineInBrowser } from './support/fixture.ts';
import { callApi } from './support/demo.ts';
import { createTeamInBrowser, joinTeamInBrowser, signUpInBrowser } from './support/people.ts';

const skipReason = browserUnavailableReason();

/** A `datetime-local` value an hour from now, in UTC (the browsers' zone here). */
function inAnHourUtc(): string {
  return new Date(Date.now() + 3_600_000).toISOString().slice(0, 16);
}

describe.skipIf(skipReason !== null)('match day on the phone (390 × 844, Chromium)', () => {
  const pageErrors: string[] = [];

  const app = useSidelineInBrowser();

  const phone = async () => {
    const page = await (
      await app.browser.newContext({ viewport: { width: 390, height: 844 }, timezoneId: 'UTC' })
    ).newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return page;
  };
  const api = (page: Page, method: string, path: string, data?: unknown) =>
    callApi(page, app.sideline.url, method, path, data);
  const addPlayer = async (coach: Page, teamId: string, name: string) =>
    ((await api(coach, 'POST', `/api/teams/${teamId}/players`, { name })) as { player: { id: string } }).player;

  it('a coach scores a goal in two taps and undoes another; the parent sees the score and the timeline live', async () => {
    const base = app.sideline.url;
    const coach = await phone();
    const parent = await phone();

    // An independent team, its roster, and a parent who joined with the code.
    await signUpInBrowser(coach, base, 'Casey Coach', 'Coach');
    const { teamId, code } = await createTeamInBrowser(coach, base, 'Riverside Hawks');
    const mia = await addPlayer(coach, teamId, 'Mia Chen');
    const noah = await addPlayer(coach, teamId, 'Noah Park');
    await signUpInBrowser(parent, base, 'Pat Chen', 'Parent');
    await joinTeamInBrowser(parent, base, code, teamId);

    // The team plays in New York; the parent's phone reads UTC.
    await api(coach, 'PUT', `/api/teams/${teamId}`, { timeZone: 'America/New_York' });
    // Today's match against a club that is not on Sideline, with Mia and Noah in the lineup.
    const startTime = new Date(Date.now() + 60_000);
    const match = (await api(coach, 'POST', '/api/matches', {
      sportId: 'soccer',
      teamAId: teamId,
      opponentName: 'Eastside FC',
      startTime: startTime.toISOString(),
      location: 'Riverside Park, field 1',
    })) as { id: string };
    for (const player of [mia, noah]) {
      await api(coach, 'POST', `/api/matches/${match.id}/participants`, { playerId: player.id, teamId });
    }

    // The parent follows the match page at home.
    await parent.goto(`${base}/matches/${match.id}`);
    const parentScore = parent.getByRole('group', { name: /^Score:/ });
    await expect.poll(() => parentScore.getAttribute('aria-label')).toBe('Score: Riverside Hawks, Eastside FC');
    // The kick-off in the team's zone, named, not in the phone's.
    const newYorkTime = new Intl.DateTimeFormat('en-US', {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'America/New_York',
    }).format(startTime);
    const kickOff = await parent
      .getByRole('list', { name: 'Match information' })
      .getByRole('listitem')
      .first()
      .textContent();
    expect(kickOff).toContain(newYorkTime);
    expect(kickOff).toMatch(/E[SD]T \(America\/New York time\)$/);

    // The coach opens the scorer and kicks off there.
    await coach.goto(`${base}/matches/${match.id}/score`);
    await coach.getByRole('button', { name: 'Start Match' }).click();
    const miaButton = coach.getByRole('button', { name: /^Mia Chen/ });
    await miaButton.waitFor();
    const box = await miaButton.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(56);
    await expect
      .poll(() => parentScore.getAttribute('aria-label'), { timeout: 5_000 })
      .toBe('Score: Riverside Hawks 0, Eastside FC 0');

    // Two taps: Mia, then Goal.
    const posted: unknown[] = [];
    coach.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`/api/matches/${match.id}/stats`)) {
        posted.push(request.postDataJSON());
      }
    });
    expect(await axeViolations(coach)).toEqual([]);
    await miaButton.click();
    await coach.getByRole('button', { name: 'Goal', exact: true }).click();
    const tapped = Date.now();
    // The parent's page follows within 2 seconds, without a reload.
    await expect
      .poll(() => parentScore.getAttribute('aria-label'), { timeout: 2_000, interval: 50 })
      .toBe('Score: Riverside Hawks 1, Eastside FC 0');
    const timeline = parent.getByRole('list', { name: 'Timeline' });
    await expect
      .poll(() => timeline.getByRole('listitem').first().textContent(), {
        timeout: Math.max(100, 2_000 - (Date.now() - tapped)),
      })
      .toBe("1'Goal · Mia Chen (Riverside Hawks)");
    await coach.getByText('Recorded: Goal · Mia Chen').waitFor();
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ participantId: expect.any(String), statType: 'goals', value: 1 });
    expect((posted[0] as { clientId: string }).clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

    // Another goal, tapped by mistake: Undo takes it back ("Undone by scorer").
    await coach.getByRole('button', { name: /^Noah Park/ }).click();
    await coach.getByRole('button', { name: 'Goal', exact: true }).click();
    await expect
      .poll(() => parentScore.getAttribute('aria-label'), { timeout: 5_000 })
      .toBe('Score: Riverside Hawks 2, Eastside FC 0');
    await coach.getByText('Recorded: Goal · Noah Park').waitFor();
    await coach.getByRole('button', { name: /Undo/ }).click();
    await coach.getByText('Undone: Goal · Noah Park').waitFor();
    await expect
      .poll(() => parentScore.getAttribute('aria-label'), { timeout: 5_000 })
      .toBe('Score: Riverside Hawks 1, Eastside FC 0');
    const undone = timeline.getByRole('listitem').filter({ hasText: 'Noah Park' });
    await expect.poll(() => undone.textContent(), { timeout: 5_000 }).toContain('Taken back: Undone by scorer');
    expect(await undone.locator('.line-through').count()).toBe(1);
    expect(posted).toHaveLength(2);
    // Both screens pass axe (WCAG 2.2 AA) as they are now: the undo's confirmation, the struck-through goal.
    expect(await axeViolations(coach)).toEqual([]);
    expect(await axeViolations(parent)).toEqual([]);

    // The server agrees.
    expect(await api(parent, 'GET', `/api/matches/${match.id}`)).toMatchObject({ scoreA: 1, scoreB: 0, minute: 1 });
    // Families see no management.
    expect(await parent.getByRole('link', { name: 'Score' }).count()).toBe(0);
    expect(await parent.getByRole('button', { name: 'Complete Match' }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  }, 180_000);

  it('an independent team coach creates a match against Eastside FC, scores both sides, completes it; the result is on the team page', async () => {
    const base = app.sideline.url;
    const coach = await phone();
    await signUpInBrowser(coach, base, 'Jordan Coach', 'Coach');
    const { teamId } = await createTeamInBrowser(coach, base, 'Northside Owls');
    await addPlayer(coach, teamId, 'Ava Stone');

    // Create Match, without a season: the team, its sport, and an opponent not on Sideline.
    await coach.goto(`${base}/matches`);
    await coach.getByRole('button', { name: 'Create Match' }).first().click();
    const create = coach.getByRole('dialog', { name: 'Create Match' });
    await expect.poll(() => create.getByLabel('Home team').inputValue()).toBe(teamId);
    expect(await create.getByLabel('Season').count()).toBe(0);
    await expect.poll(() => create.getByLabel('Sport').inputValue()).toBe('soccer');
    await create.getByLabel("Opponent's name").fill('Eastside FC');
    await create.getByLabel('Start time').fill(inAnHourUtc());
    expect(await axeViolations(coach)).toEqual([]);
    await create.getByRole('button', { name: 'Create Match' }).click();
    await create.waitFor({ state: 'hidden' });

    // The team page lists it as the next match; it opens the match page.
    await coach.goto(`${base}/team/${teamId}`);
    await coach
      .getByRole('region', { name: 'Next' })
      .getByRole('link', { name: /Eastside FC/ })
      .click();
    await coach.waitForURL(/\/matches\/[^/]+$/);
    await coach.getByRole('link', { name: 'Score' }).click();
    await coach.waitForURL(/\/score$/);

    // The lineup, then kick-off, from the scorer.
    await coach.getByRole('button', { name: 'Lineup' }).click();
    const lineup = coach.getByRole('dialog', { name: 'Manage Match Lineup' });
    await expect.poll(() => lineup.getByLabel('Player').locator('option', { hasText: 'Ava Stone' }).count()).toBe(1);
    await lineup.getByLabel('Player').selectOption({ label: 'Ava Stone' });
    await lineup.getByRole('button', { name: 'Add to Lineup' }).click();
    await lineup.getByRole('list', { name: 'Current lineup' }).getByText('Ava Stone').waitFor();
    await lineup.getByRole('button', { name: 'Close' }).last().click();
    await lineup.waitFor({ state: 'hidden' });
    await coach.getByRole('button', { name: 'Start Match' }).click();

    // Ava scores twice, Eastside FC once.
    const score = coach.getByRole('group', { name: /^Score:/ });
    for (const [who, expected] of [
      [/^Ava Stone/, 'Score: Northside Owls 1, Eastside FC 0'],
      [/^Opponent$/, 'Score: Northside Owls 1, Eastside FC 1'],
      [/^Ava Stone/, 'Score: Northside Owls 2, Eastside FC 1'],
    ] as const) {
      await coach.getByRole('button', { name: who }).click();
      await coach.getByRole('button', { name: 'Goal', exact: true }).click();
      await expect.poll(() => score.getAttribute('aria-label'), { timeout: 5_000 }).toBe(expected);
    }

    // Full time.
    await coach.getByRole('button', { name: 'Complete Match' }).click();
    await coach.getByText('Full time', { exact: true }).waitFor();

    // The result on the team page.
    await coach.goto(`${base}/team/${teamId}`);
    const result = coach.getByRole('region', { name: 'Recent results' }).getByRole('link');
    await result.waitFor();
    expect(await axeViolations(coach)).toEqual([]);
    expect((await result.textContent())?.replace(/\s+/g, ' ')).toMatch(
      /Full time.*Northside Owls \(won\) ?2 ?Eastside FC ?1/,
    );
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
