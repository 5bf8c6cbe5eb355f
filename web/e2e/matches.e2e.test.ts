import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserUnavailableReason } from './support/browser.ts';
import { useSidelineInBrowser } from './support/fixture.ts';
import { callApi } from './support/demo.ts';
import { joinTeamInBrowser, signUpInBrowser } from './support/people.ts';

const skipReason = browserUnavailableReason();

/** A calendar day (YYYY-MM-DD) some days from today. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** A `datetime-local` value an hour from now, in the browser's (and this process's) time zone. */
function inAnHour(): string {
  const d = new Date(Date.now() + 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

type Team = { id: string; code: string; name: string };

describe.skipIf(skipReason !== null)('a match played live: coach and parent in two Chromium contexts', () => {
  const app = useSidelineInBrowser();

  it('a coach schedules, sets the lineup, starts, records goals the parent sees live, corrects one and completes; the XP follows', async () => {
    const base = app.sideline.url;
    const context = async (width: number, height: number) =>
      (await app.browser.newContext({ viewport: { width, height }, timezoneId: 'UTC' })).newPage();
    const admin = await context(1280, 800);
    const coach = await context(1280, 900);
    const parent = await context(390, 844);
    const mia = await context(390, 844);
    const pageErrors: string[] = [];
    for (const page of [admin, coach, parent, mia]) page.on('pageerror', (error) => pageErrors.push(error.message));
    const api = (page: Page, method: string, path: string, data?: unknown) => callApi(page, base, method, path, data);

    // The club, as its admin sets it up: a Soccer season with two teams.
    await signUpInBrowser(admin, base, 'Alex Admin', 'Coach');
    const org = (await api(admin, 'POST', '/api/organizations', { name: 'Riverside Youth Soccer' })) as { id: string };
    const season = (await api(admin, 'POST', `/api/organizations/${org.id}/seasons`, {
      name: 'Spring',
      sport: 'Soccer',
      startDate: day(-7),
      endDate: day(90),
    })) as { id: string };
    const newTeam = (name: string) =>
      api(admin, 'POST', `/api/organizations/${org.id}/teams`, { seasonId: season.id, name }) as Promise<Team>;
    const hawks = await newTeam('Riverside Hawks');
    await newTeam('Hilltop Owls');

    // The coach joins the Hawks by code and is made their coach; the parent joins too.
    await signUpInBrowser(coach, base, 'Casey Coach', 'Coach');
    await joinTeamInBrowser(coach, base, hawks.code, hawks.id);
    const coachId = ((await api(coach, 'GET', '/api/user')) as { id: string }).id;
    await api(admin, 'PUT', `/api/teams/${hawks.id}/members/${coachId}/role`, { assignedRole: 'coach' });
    await signUpInBrowser(parent, base, 'Pat Chen', 'Parent');
    await joinTeamInBrowser(parent, base, hawks.code, hawks.id);
    const parentId = ((await api(parent, 'GET', '/api/user')) as { id: string }).id;

    // Mia is on the roster with her own account (a player invitation to her email she accepts), her parent linked.
    await signUpInBrowser(mia, base, 'Mia Chen', 'Player');
    const miaEmail = ((await api(mia, 'GET', '/api/user')) as { email: string }).email;
    const invited = (await api(admin, 'POST', `/api/teams/${hawks.id}/invite`, {
      inviteType: 'player',
      name: 'Mia Chen',
      email: miaEmail,
    })) as { invitation: { url: string }; player: { id: string } };
    const token = new URL(invited.invitation.url).searchParams.get('token')!;
    await api(mia, 'POST', `/api/invite/${token}/accept`);
    await api(admin, 'POST', `/api/teams/${hawks.id}/players/${invited.player.id}/guardians`, { userId: parentId });

    // The coach schedules the match on Games (/matches, in the sidebar).
    await coach.goto(base);
    await coach.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Games' }).click();
    await coach.getByRole('heading', { name: 'Games', exact: true }).waitFor();
    await coach.getByText('No games scheduled').waitFor();
    await coach.getByRole('button', { name: 'Create Match' }).first().click();
    const create = coach.getByRole('dialog', { name: 'Create Match' });
    await create.getByLabel('Season').selectOption({ label: 'Spring (Soccer)' });
    await expect.poll(() => create.getByLabel('Sport').inputValue()).toBe('soccer');
    await expect.poll(() => create.getByLabel('Home team').locator('option').count()).toBe(3);
    await create.getByLabel('Home team').selectOption({ label: 'Riverside Hawks' });
    await create.getByLabel('Away team').selectOption({ label: 'Hilltop Owls' });
    await create.getByLabel('Start time').fill(inAnHour());
    await create.getByLabel('Location (optional)').fill('Riverside Field 1');
    await create.getByRole('button', { name: 'Create Match' }).click();
    await create.waitFor({ state: 'hidden' });
    const coachCard = coach.getByRole('article', { name: 'Soccer Match: Riverside Hawks vs Hilltop Owls' });
    await coachCard.waitFor();

    // The parent, at home, watches the same match.
    await parent.goto(`${base}/matches`);
    const parentCard = parent.getByRole('article', { name: 'Soccer Match: Riverside Hawks vs Hilltop Owls' });
    await parentCard.waitFor();
    const parentScore = parentCard.getByTestId('match-score');
    expect(await parentScore.textContent()).toBe('vs');

    // Lineup: Mia from the Hawks' roster, as striker.
    await coachCard.getByRole('button', { name: 'View Details' }).click();
    const details = coach.getByRole('dialog', { name: 'Soccer Match Details' });
    await details.getByRole('button', { name: 'Manage Lineup' }).click();
    const lineup = coach.getByRole('dialog', { name: 'Manage Match Lineup' });
    await expect.poll(() => lineup.getByLabel('Player').locator('option', { hasText: 'Mia Chen' }).count()).toBe(1);
    await lineup.getByLabel('Player').selectOption({ label: 'Mia Chen' });
    await lineup.getByLabel('Position (optional)').selectOption({ label: 'Striker' });
    await lineup.getByRole('button', { name: 'Add to Lineup' }).click();
    await lineup.getByRole('list', { name: 'Current lineup' }).getByText('Mia Chen').waitFor();
    // (Escape would close the newest layer: the toast.)
    await lineup.getByRole('button', { name: 'Close' }).last().click();
    await lineup.waitFor({ state: 'hidden' });
    await details.getByRole('list', { name: 'Lineup' }).getByText('Striker • Starter', { exact: false }).waitFor();

    // Kick-off: the machine now offers Complete and Record Stats, no longer Start.
    await details.getByRole('button', { name: 'Start Match' }).click();
    await coach.getByText('Match status updated successfully').first().waitFor();
    await details.getByRole('button', { name: 'Complete Match' }).waitFor();
    expect(await details.getByRole('button', { name: 'Start Match' }).count()).toBe(0);
    await expect.poll(() => parentScore.textContent(), { timeout: 10_000 }).toBe('0 – 0');

    // Two goals for Mia; the parent's screen follows each one without a reload.
    await details.getByRole('button', { name: 'Record Stats' }).click();
    const stats = coach.getByRole('dialog', { name: 'Record Match Statistics' });
    for (const expected of ['1 – 0', '2 – 0']) {
      await stats.getByLabel('Player').selectOption({ label: 'Mia Chen (Riverside Hawks)' });
      await stats.getByLabel('Stat type').selectOption('goals');
      await stats.getByLabel('Value').fill('1');
      await stats.getByRole('button', { name: 'Record Stat' }).click();
      await coach.getByText('Statistic recorded successfully').first().waitFor();
      await expect.poll(() => parentScore.textContent(), { timeout: 10_000 }).toBe(expected);
    }

    // The parent sees Mia's rewards on the team's roster: two goals, 2 × (20 XP + 10 dulars).
    await parent.goto(`${base}/team/${hawks.id}`);
    const miaRewards = parent
      .getByRole('region', { name: /Linked Players/ })
      .getByRole('listitem')
      .filter({ hasText: 'Mia Chen' })
      .getByTestId('player-rewards');
    await expect.poll(() => miaRewards.textContent(), { timeout: 10_000 }).toBe('40 XP · 20 dulars');

    // One goal was offside: the coach retracts it with a reason. History stays; the reward goes back, live.
    await stats.getByRole('button', { name: 'Retract Goals: 1' }).first().click();
    await stats.getByLabel('Reason').fill('Offside, disallowed by the referee');
    await stats.getByRole('button', { name: 'Retract', exact: true }).click();
    await coach.getByText('Statistic retracted').first().waitFor();
    await expect.poll(() => miaRewards.textContent(), { timeout: 10_000 }).toBe('20 XP · 10 dulars');
    await stats.getByRole('button', { name: 'Close' }).last().click();
    await stats.waitFor({ state: 'hidden' });

    // Full time: the corrected score stands, and the Hawks win.
    await details.getByRole('button', { name: 'Complete Match' }).click();
    await details.getByText('complete', { exact: true }).waitFor();
    await details.getByRole('tab', { name: 'Statistics' }).click();
    await details.getByRole('region', { name: 'Goals' }).getByText('Mia Chen').waitFor();
    expect(await details.getByRole('region', { name: 'Goals' }).getByRole('listitem').count()).toBe(1);
    await details.getByRole('button', { name: 'Close' }).last().click();
    await coachCard.getByText('Match Complete').waitFor();

    await parent.goto(`${base}/matches`);
    await parentCard.getByText('Match Complete').waitFor();
    expect(await parentScore.textContent()).toBe('1 – 0');
    // The server agrees: the box score and Mia's account.
    const matches = (await api(parent, 'GET', '/api/matches')) as Array<{
      id: string;
      scoreA: number;
      winnerId: string;
    }>;
    expect(matches).toMatchObject([{ scoreA: 1, scoreB: 0, winnerId: hawks.id }]);
    expect(await api(mia, 'GET', '/api/user')).toMatchObject({ xp: 20, dulars: 10 });
    expect(pageErrors).toEqual([]);
  }, 240_000);
});
