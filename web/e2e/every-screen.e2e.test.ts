import { AxeBuilder } from '@axe-core/playwright';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { WCAG_AA_TAGS } from './support/axe.ts';
import { browserUnavailableReason } from './support/browser.ts';
import { useSidelineInBrowser } from './support/fixture.ts';
import { callApi, demoTeamId, signInAsDemo, uploadPhoto, type DemoPerson } from './support/demo.ts';
import { sidewaysScroll, smallTargets } from './support/layout-audit.ts';
import { freePort } from './support/rtmp-publisher.ts';

const skipReason = browserUnavailableReason();
if (skipReason) console.warn(`every-screen e2e skipped: ${skipReason}`);

const PHONE = { width: 390, height: 844 };

/** The demo club's ids, found once the demo is seeded. */
const ids = { hawks: '', lions: '', season: '', liveMatch: '', hawksMatch: '', stream: '' };

interface Screen {
  name: string;
  /** Who walks it (the demo's parent, coach, player and club admin). */
  who: readonly DemoPerson[];
  /** Goes to the screen (and opens its dialog) as `who`; the audit then waits for its data. */
  open: (page: Page, base: string, who: DemoPerson) => Promise<void>;
}

const everyone = ['parent', 'coach', 'player', 'admin'] as const;
const go = (path: () => string) => async (page: Page, base: string) => {
  await page.goto(`${base}${path()}`);
};

/**
 * A match in progress that `who` follows: the Hawks' against an opponent not on Sideline (their
 * coach and families), the club's Lions–Falcons for the club's admin (in neither team).
 */
const liveMatchOf = (who: DemoPerson) => (who === 'admin' ? ids.liveMatch : ids.hawksMatch);

/** Every screen of the app on a phone, and the dialogs a person opens most on them. */
const screens: Screen[] = [
  { name: 'Home', who: ['parent', 'coach', 'admin'], open: go(() => '/') },
  { name: 'Schedule', who: ['parent', 'coach'], open: go(() => '/events') },
  {
    name: 'Schedule: event details and RSVP',
    who: ['parent'],
    open: async (page, base) => {
      await page.goto(`${base}/events/${ids.hawks}`);
      await page.getByRole('list', { name: 'Upcoming events' }).getByRole('button').first().click();
      // The demo parent answers per child, a row each.
      await page.getByRole('dialog').getByTestId('household-answers').waitFor();
    },
  },
  {
    name: 'Schedule: Create Event',
    who: ['coach'],
    open: async (page, base) => {
      await page.goto(`${base}/events/${ids.hawks}`);
      await page.getByRole('button', { name: 'Create Event' }).click();
      await page.getByRole('dialog', { name: 'Create Event' }).waitFor();
    },
  },
  { name: 'Chat', who: ['parent', 'coach'], open: go(() => '/chat') },
  { name: 'Games', who: everyone, open: go(() => '/matches') },
  { name: 'Games: Results', who: ['parent'], open: go(() => '/games?tab=results') },
  { name: 'Games: Livestreams', who: ['player'], open: go(() => '/matches?tab=livestreams') },
  {
    name: 'Games: match details',
    who: ['parent', 'admin'],
    open: async (page, base) => {
      await page.goto(`${base}/matches?tab=live`);
      await page.getByRole('button', { name: 'View Details' }).first().click();
      await page
        .getByRole('dialog', { name: /Match Details/ })
        .getByRole('list', { name: 'Lineup' })
        .waitFor();
    },
  },
  {
    name: 'Games: Record Stats',
    who: ['admin'],
    open: async (page, base) => {
      await page.goto(`${base}/matches?tab=live`);
      await page.getByRole('button', { name: 'View Details' }).first().click();
      await page.getByRole('button', { name: 'Record Stats' }).click();
      await page.getByRole('dialog', { name: 'Record Match Statistics' }).getByText('Goals: 1').waitFor();
    },
  },
  {
    name: 'Games: Create Match',
    who: ['coach', 'admin'],
    open: async (page, base) => {
      await page.goto(`${base}/matches`);
      await page.getByRole('button', { name: 'Create Match' }).first().click();
      await page.getByRole('dialog', { name: 'Create Match' }).waitFor();
    },
  },
  {
    name: 'Match page',
    who: everyone,
    open: async (page, base, who) => {
      await page.goto(`${base}/matches/${liveMatchOf(who)}`);
      await page.getByRole('list', { name: 'Timeline' }).getByRole('listitem').first().waitFor();
    },
  },
  {
    name: 'Scorer',
    who: ['coach', 'admin'],
    open: async (page, base, who) => {
      await page.goto(`${base}/matches/${liveMatchOf(who)}/score`);
      await page
        .getByRole('region', { name: /players$/ })
        .getByRole('button')
        .first()
        .waitFor();
    },
  },
  {
    name: 'Scorer: what happened',
    who: ['coach'],
    open: async (page, base) => {
      await page.goto(`${base}/matches/${ids.hawksMatch}/score`);
      await page.getByRole('button', { name: /^Jordan Rivera/ }).click();
      await page.getByRole('region', { name: 'Stat for Jordan Rivera' }).waitFor();
    },
  },
  {
    name: "Scorer: the opponent's stat",
    who: ['coach'],
    open: async (page, base) => {
      await page.goto(`${base}/matches/${ids.hawksMatch}/score`);
      await page.getByRole('button', { name: 'Opponent', exact: true }).click();
      await page.getByRole('region', { name: 'Stat for Westfield Rovers' }).waitFor();
    },
  },
  {
    name: 'Scorer: for families',
    who: ['parent'],
    open: async (page, base) => {
      await page.goto(`${base}/matches/${ids.hawksMatch}/score`);
      await page.getByRole('heading', { name: "Only the team's coaches score this match" }).waitFor();
    },
  },
  { name: 'Sports & stats guide', who: ['coach'], open: go(() => '/sports-demo') },
  { name: 'Livestreams', who: ['coach', 'parent'], open: go(() => '/livestream') },
  {
    name: 'Livestreams: a scheduled stream',
    who: ['coach', 'parent'],
    open: go(() => `/livestream?team=${ids.hawks}&stream=${ids.stream}`),
  },
  { name: 'More', who: everyone, open: go(() => '/more') },
  { name: 'Teams', who: ['parent', 'admin'], open: go(() => '/teams') },
  { name: 'Team page', who: ['coach', 'parent'], open: go(() => `/team/${ids.hawks}`) },
  {
    name: 'Team page: Invite Player',
    who: ['coach'],
    open: async (page, base) => {
      await page.goto(`${base}/team/${ids.hawks}`);
      await page.getByRole('button', { name: 'Invite Player' }).click();
      await page.getByRole('dialog', { name: 'Invite Player' }).waitFor();
    },
  },
  { name: 'Club team page', who: ['admin'], open: go(() => `/team/${ids.lions}`) },
  { name: 'Create team', who: ['coach'], open: go(() => '/create-team') },
  { name: 'Media', who: ['coach', 'parent'], open: go(() => '/media') },
  {
    name: 'Media: photo viewer',
    who: ['parent'],
    open: async (page, base) => {
      await page.goto(`${base}/media/${ids.hawks}`);
      await page
        .getByRole('button', { name: /^Open photo/ })
        .first()
        .click();
      await page.getByRole('dialog').getByRole('img').waitFor();
    },
  },
  { name: 'Badges & Rewards', who: ['player', 'parent'], open: go(() => '/gamification') },
  { name: 'Settings', who: ['player'], open: go(() => '/settings') },
  {
    name: 'Profile',
    who: ['player'],
    open: async (page, base) => {
      await page.goto(`${base}/more`);
      await page.getByRole('button', { name: 'Profile', exact: true }).click();
      await page.getByRole('dialog').getByText('XP Points').waitFor();
    },
  },
  { name: 'Organization admin', who: ['admin'], open: go(() => '/org-admin') },
  {
    name: 'Organization admin: Invite Member',
    who: ['admin'],
    open: async (page, base) => {
      await page.goto(`${base}/org-admin`);
      await page.getByRole('tab', { name: 'Members' }).click();
      await page.getByRole('button', { name: 'Invite Member' }).click();
      await page.getByRole('dialog', { name: 'Invite Member' }).waitFor();
    },
  },
  { name: 'Seasons', who: ['admin'], open: go(() => '/seasons') },
  { name: 'Season teams', who: ['admin'], open: go(() => `/seasons/${ids.season}/teams`) },
  { name: 'Admin portal', who: ['admin'], open: go(() => '/admin') },
  { name: 'Admin portal: teams', who: ['admin'], open: go(() => '/admin/teams') },
  { name: 'Admin portal: people', who: ['admin'], open: go(() => '/admin/people') },
  { name: 'Admin portal: matches', who: ['admin'], open: go(() => '/admin/matches') },
  { name: 'Admin portal: Create Season', who: ['admin'], open: go(() => '/admin/seasons/create') },
  { name: 'Page not found', who: ['parent'], open: go(() => '/no/such/page') },
];

/** Until the screen's data is in: no request running and nothing marked busy. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, null, { timeout: 10_000 });
  await transitionsDone(page);
}

/**
 * Colour transitions (hover, the theme switch) have ended: a colour read in the middle of one is
 * neither the old nor the new theme's. Infinite animations (a spinner) are not waited for.
 */
async function transitionsDone(page: Page) {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition);
    await Promise.all(transitions.map((t) => t.finished.catch(() => undefined)));
  });
}

/** axe-core's WCAG 2.2 A and AA violations; `contrastOnly` for a second look in the other theme. */
async function axe(page: Page, contrastOnly = false): Promise<string[]> {
  // Only violations are collected: the passes of a long page are most of axe's time.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const results = await (
    contrastOnly ? builder.withRules(['color-contrast']) : builder.withTags(WCAG_AA_TAGS)
  ).analyze();
  return results.violations.map(
    (v) =>
      `${v.id}: ${v.help}\n` +
      v.nodes.map((n) => `      ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`).join('\n'),
  );
}

describe.skipIf(skipReason !== null)('every screen on a 390 × 844 phone, for every role, light and dark', () => {
  const pages = new Map<DemoPerson, Page>();

  const app = useSidelineInBrowser(async () => ({ env: { SEED_DEMO: '1', RTMP_PORT: String(await freePort()) } }));
  beforeAll(async () => {
    const base = app.sideline.url;
    // Light by the phone's setting at first; the audit switches the setting to dark per screen.
    // Reduced motion: nothing is caught in the middle of a transition.
    for (const who of everyone) {
      const context = await app.browser.newContext({ viewport: PHONE, colorScheme: 'light', reducedMotion: 'reduce' });
      const page = await context.newPage();
      await signInAsDemo(page, base, who);
      pages.set(who, page);
    }
    const coach = pages.get('coach')!;
    const admin = pages.get('admin')!;
    ids.hawks = await demoTeamId(coach, base);
    const photo = await uploadPhoto(coach, base, ids.hawks, 'Kickoff');
    await callApi(coach, base, 'POST', `/api/teams/${ids.hawks}/messages`, { text: '', mediaUrl: photo.url });
    const stream = (await callApi(coach, base, 'POST', '/api/livestreams', {
      teamId: ids.hawks,
      title: 'Hawks vs. Eagles',
    })) as { id: string };
    ids.stream = stream.id;
    // The club's match in progress with a goal, and one already played.
    const [season] = (await callApi(admin, base, 'GET', '/api/seasons')) as Array<{ id: string }>;
    ids.season = season!.id;
    const teams = (await callApi(admin, base, 'GET', `/api/seasons/${ids.season}/teams`)) as Array<{
      id: string;
      name: string;
    }>;
    ids.lions = teams.find((t) => t.name === 'Riverside Lions')!.id;
    const falcons = teams.find((t) => t.name === 'Riverside Falcons')!.id;
    const [first] = (await callApi(admin, base, 'GET', `/api/teams/${ids.lions}/players`)) as Array<{ id: string }>;
    for (const [hoursFromNow, finished] of [
      [0.05, true],
      [0.1, false],
    ] as const) {
      const match = (await callApi(admin, base, 'POST', '/api/matches', {
        seasonId: ids.season,
        sportId: 'soccer',
        teamAId: ids.lions,
        teamBId: falcons,
        startTime: new Date(Date.now() + hoursFromNow * 3_600_000).toISOString(),
        location: 'Riverside Park, Field 2',
      })) as { id: string };
      await callApi(admin, base, 'POST', `/api/matches/${match.id}/participants`, {
        playerId: first!.id,
        positionId: 'striker',
      });
      await callApi(admin, base, 'PUT', `/api/matches/${match.id}`, { status: 'in_progress' });
      await callApi(admin, base, 'POST', `/api/matches/${match.id}/stats`, {
        playerId: first!.id,
        statType: 'goals',
        value: 1,
      });
      if (finished) await callApi(admin, base, 'PUT', `/api/matches/${match.id}`, { status: 'complete' });
      else ids.liveMatch = match.id;
    }
    // The Hawks' own match in progress against a club not on Sideline: Jordan's goal, and theirs.
    const jordan = ((await callApi(pages.get('player')!, base, 'GET', '/api/user')) as { id: string }).id;
    const hawksMatch = (await callApi(coach, base, 'POST', '/api/matches', {
      sportId: 'soccer',
      teamAId: ids.hawks,
      opponentName: 'Westfield Rovers',
      startTime: new Date().toISOString(),
      location: 'Riverside Park, field 1',
    })) as { id: string };
    ids.hawksMatch = hawksMatch.id;
    const striker = (await callApi(coach, base, 'POST', `/api/matches/${hawksMatch.id}/participants`, {
      userId: jordan,
      positionId: 'striker',
    })) as { id: string };
    await callApi(coach, base, 'PUT', `/api/matches/${hawksMatch.id}`, { status: 'in_progress' });
    for (const stat of [
      { participantId: striker.id, statType: 'goals', value: 1 },
      { side: 'opponent', statType: 'goals', value: 1 },
    ]) {
      await callApi(coach, base, 'POST', `/api/matches/${hawksMatch.id}/stats`, stat);
    }
  });

  for (const screen of screens) {
    for (const who of screen.who) {
      it(`${screen.name} (${who}): 44 px targets, no sideways scroll, no axe violation in light and dark`, async () => {
        const page = pages.get(who)!;
        const t0 = Date.now();
        await page.emulateMedia({ colorScheme: 'light' });
        await screen.open(page, app.sideline.url, who);
        await settled(page);
        const t1 = Date.now();
        const problems: string[] = [
          ...(await smallTargets(page)).map((p) => `small target: ${p}`),
          ...(await sidewaysScroll(page)).map((p) => `sideways scroll: ${p}`),
          ...(await axe(page)).map((p) => `light: ${p}`),
        ];
        // The phone switches to dark: the app follows at once, without a reload.
        await page.emulateMedia({ colorScheme: 'dark' });
        await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
        await transitionsDone(page);
        // Only colours change with the theme: the other rules have had their look in light.
        problems.push(...(await axe(page, true)).map((p) => `dark: ${p}`));
        await page.emulateMedia({ colorScheme: 'light' });
        if (process.env.SIDELINE_E2E_TIMES)
          console.log(`${screen.name} (${who}): open ${t1 - t0} ms, audit ${Date.now() - t1} ms`);
        expect(problems, problems.join('\n')).toEqual([]);
      });
    }
  }

  it('keeps a dark choice made in Settings from the first paint of the next load', async () => {
    const page = pages.get('parent')!;
    await page.goto(`${app.sideline.url}/settings`);
    await page
      .locator('label')
      .filter({ hasText: /^Dark$/ })
      .click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    // The next load: dark before any of the app's code runs (index.html's script, allowed by hash).
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`${app.sideline.url}/`);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(248, 250, 252)');
    expect(blocked).toEqual([]);
    await page.unroute('**/assets/*.js');
    await page.goto(`${app.sideline.url}/settings`);
    await page
      .locator('label')
      .filter({ hasText: /^System$/ })
      .click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
  });

  it('puts a toast above the bottom bar, clear of an open dialog’s title', async () => {
    const page = pages.get('admin')!;
    await page.goto(`${app.sideline.url}/matches?tab=live`);
    await page.getByRole('button', { name: 'View Details' }).first().click();
    await page.getByRole('button', { name: 'Record Stats' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record Match Statistics' });
    await dialog.getByText('Goals: 1').waitFor();
    await dialog.getByLabel('Player').selectOption({ index: 1 });
    await dialog.getByLabel('Stat type').selectOption('goals');
    await dialog.getByLabel('Value').fill('1');
    await dialog.getByRole('button', { name: 'Record Stat' }).click();
    const toast = page.locator('li[data-variant]').filter({ hasText: 'Statistic recorded successfully' });
    await toast.waitFor();
    const [toastBox, titleBox] = [await toast.boundingBox(), await dialog.getByRole('heading').first().boundingBox()];
    expect(toastBox!.y).toBeGreaterThan(titleBox!.y + titleBox!.height);
    expect(toastBox!.y + toastBox!.height).toBeLessThanOrEqual(PHONE.height - 64);
  });
});
