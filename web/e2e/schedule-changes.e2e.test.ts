import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserUnavailableReason } from './support/browser.ts';
import { useSidelineInBrowser } from './support/fixture.ts';
import { callApi } from './support/demo.ts';
import { createTeamInBrowser, joinTeamInBrowser, signUpInBrowser } from './support/people.ts';

const skipReason = browserUnavailableReason();

/** The next Saturday at 10:00 UTC that is at least two hours away. */
function nextSaturdayTen(): Date {
  const d = new Date();
  d.setUTCHours(10, 0, 0, 0);
  while (d.getUTCDay() !== 6 || d.getTime() < Date.now() + 2 * 3_600_000) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

/** Both people on a 390 × 844 phone, in UTC, so that 10:00 AM reads the same everywhere. */
async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    timezoneId: 'UTC',
    locale: 'en-US',
  });
  return context.newPage();
}

describe.skipIf(skipReason !== null)('a changing schedule on a phone: moved, remembered, answered per child', () => {
  const app = useSidelineInBrowser({ mode: 'embedded' });

  it("a coach moves Saturday's game by an hour with a reason; the parent sees it moved and why; the coach sees who hasn't answered", async () => {
    const coach = await phone(app.browser);
    const parent = await phone(app.browser);
    const pageErrors: string[] = [];
    for (const page of [coach, parent]) page.on('pageerror', (error) => pageErrors.push(error.message));

    // A team, a parent who joined by code, and the parent's two children on its roster.
    await signUpInBrowser(coach, app.sideline.url, 'Casey Coach', 'Coach');
    const { teamId, code } = await createTeamInBrowser(coach, app.sideline.url, 'Riverside Hawks');
    await signUpInBrowser(parent, app.sideline.url, 'Pat Parent', 'Parent');
    await joinTeamInBrowser(parent, app.sideline.url, code, teamId);
    const { id: parentId } = (await callApi(parent, app.sideline.url, 'GET', '/api/user')) as { id: string };
    for (const name of ['Ava Parent', 'Ben Parent']) {
      const added = (await callApi(coach, app.sideline.url, 'POST', `/api/teams/${teamId}/players`, { name })) as {
        player: { id: string };
      };
      await callApi(coach, app.sideline.url, 'POST', `/api/teams/${teamId}/players/${added.player.id}/guardians`, {
        userId: parentId,
      });
    }

    // Saturday's game, weekly, at 10:00.
    const saturday = nextSaturdayTen();
    const created = (await callApi(coach, app.sideline.url, 'POST', `/api/teams/${teamId}/events`, {
      title: 'Saturday game',
      description: '',
      location: 'Riverside Park',
      date: saturday.toISOString(),
      isRecurring: true,
      recurringType: 'weekly',
      recurringInterval: 1,
      recurringDays: ['saturday'],
      recurringEndCount: 3,
      timeZone: 'UTC',
    })) as { id: string };

    // The parent answers Going for Ava on the card itself, without opening it.
    await parent.goto(`${app.sideline.url}/events/${teamId}`);
    const parentGame = parent
      .getByRole('list', { name: 'Upcoming events' })
      .getByRole('article', { name: 'Saturday game' })
      .first();
    const ava = parentGame.getByRole('group', { name: 'Ava Parent: Saturday game' });
    await ava.getByRole('button', { name: 'Going', exact: true }).click();
    await expect
      .poll(() => ava.getByRole('button', { name: 'Going', exact: true }).getAttribute('aria-pressed'), {
        timeout: 10_000,
      })
      .toBe('true');
    expect(await parent.getByRole('dialog').count()).toBe(0);
    // The answer has reached the server (the button shows it as soon as it is pressed).
    await expect
      .poll(
        async () => {
          const attendance = (await callApi(
            parent,
            app.sideline.url,
            'GET',
            `/api/events/${created.id}/attendance`,
          )) as {
            going: { name: string }[];
          };
          return attendance.going.map((p) => p.name);
        },
        { timeout: 10_000 },
      )
      .toEqual(['Ava Parent']);
    expect(await parentGame.getByRole('group', { name: 'Ben Parent: Saturday game' }).count()).toBe(1);

    // The coach opens it, sees who hasn't answered (Ben), and moves this one game to 11:00.
    await coach.goto(`${app.sideline.url}/events/${teamId}`);
    await coach
      .getByRole('list', { name: 'Upcoming events' })
      .getByRole('article', { name: 'Saturday game' })
      .first()
      .getByRole('button', { name: /^Saturday game/ })
      .click();
    const detail = coach.getByRole('dialog', { name: 'Saturday game' });
    await expect
      .poll(() => detail.getByTestId('no-reply-count').textContent(), { timeout: 10_000 })
      .toBe("1 hasn't answered");
    const noReply = detail.getByRole('region', { name: 'No reply (1)' });
    await noReply.getByText('Ben Parent').waitFor();
    const going = detail.getByRole('region', { name: 'Going (1)' });
    await going.getByText('Ava Parent').waitFor();
    expect(await going.textContent()).toContain('answered by Pat Parent');

    await detail.getByRole('button', { name: 'Edit' }).click();
    const form = detail.getByRole('form', { name: 'Edit event' });
    expect(await form.getByRole('radio', { name: 'This event' }).isChecked()).toBe(true);
    await form.getByLabel('Time').fill('11:00');
    await form.getByLabel('Reason (optional)').fill('Referee delayed by an hour');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.waitFor({ state: 'hidden', timeout: 10_000 });
    await detail.getByTestId('detail-time').getByText('11:00 AM').waitFor({ timeout: 10_000 });
    expect(await detail.getByTestId('previous-time').textContent()).toContain('10:00 AM');
    // Quoted: the notices list below may show the same reason in the push it sent.
    await detail.getByText('“Referee delayed by an hour”', { exact: true }).waitFor({ timeout: 10_000 });

    // The parent sees it moved: the new time, the old one struck through, Ava's answer to confirm.
    await parent.reload();
    const moved = parent
      .getByRole('list', { name: 'Upcoming events' })
      .getByRole('article', { name: 'Saturday game' })
      .first();
    await moved.getByText('Moved', { exact: true }).waitFor({ timeout: 10_000 });
    await moved.getByText('11:00 AM').waitFor();
    const struck = moved.getByTestId('previous-time');
    expect(await struck.evaluate((el) => el.tagName)).toBe('DEL');
    expect(await struck.textContent()).toContain('10:00 AM');
    expect(await moved.evaluate((card) => getComputedStyle(card.querySelector('del')!).textDecorationLine)).toContain(
      'line-through',
    );
    await moved.getByText('Time changed: still going?').waitFor();
    // The later Saturdays did not move.
    const second = parent
      .getByRole('list', { name: 'Upcoming events' })
      .getByRole('article', { name: 'Saturday game' })
      .nth(1);
    expect(await second.getByTestId('previous-time').count()).toBe(0);

    // ...and the history: who, what from → to, and why.
    await moved.getByRole('button', { name: /^Saturday game/ }).click();
    const parentDetail = parent.getByRole('dialog', { name: 'Saturday game' });
    const history = parentDetail.getByRole('list', { name: 'Changes, newest first' });
    await history.waitFor({ timeout: 10_000 });
    const entry = (await history.getByRole('listitem').first().textContent()) ?? '';
    expect(entry).toContain('Casey Coach changed this event');
    expect(entry).toMatch(/Time: .*10:00 AM.*11:00 AM/);
    expect(entry).toContain('Referee delayed by an hour');
    expect(await parentDetail.getByRole('button', { name: 'Edit' }).count()).toBe(0);

    // Ava's parent confirms: the question goes away.
    await parentDetail
      .getByRole('group', { name: 'Ava Parent' })
      .getByRole('button', { name: 'Going', exact: true })
      .click();
    await parentDetail.getByText('Time changed: still going?').waitFor({ state: 'detached', timeout: 10_000 });
    expect(pageErrors).toEqual([]);
  });
});
