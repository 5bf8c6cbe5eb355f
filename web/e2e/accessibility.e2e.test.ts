import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { browserUnavailableReason } from './support/browser.ts';
import { useSidelineInBrowser } from './support/fixture.ts';
import { callApi, demoTeamId, signInAsDemo, uploadPhoto } from './support/demo.ts';
import { freePort } from './support/rtmp-publisher.ts';

const skipReason = browserUnavailableReason();
if (skipReason) console.warn(`accessibility e2e skipped: ${skipReason}`);

const viewports = [
  { name: 'phone 390×844', width: 390, height: 844 },
  { name: 'laptop 1280×800', width: 1280, height: 800 },
] as const;

interface Screen {
  name: string;
  /** Brings the page to the screen or dialog, waiting until its data has arrived. */
  open: (page: Page, base: string) => Promise<void>;
}

let teamId = '';
let livestreamId = '';

const signedOutScreens: Screen[] = [
  {
    name: 'sign-in',
    open: async (page, base) => {
      await page.goto(`${base}/auth`);
      await page.getByRole('heading', { name: 'Join Sideline' }).waitFor();
    },
  },
  {
    name: 'sign-up (role cards)',
    open: async (page, base) => {
      await page.goto(`${base}/auth`);
      await page.getByRole('tab', { name: 'Sign Up' }).click();
      await page.getByRole('button', { name: 'Parent', exact: true }).waitFor();
    },
  },
  {
    name: 'page not found',
    open: async (page, base) => {
      await page.goto(`${base}/no/such/page`);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    },
  },
];

async function openHome(page: Page, base: string) {
  await page.goto(`${base}/?team=${teamId}`);
  await page.getByRole('region', { name: 'Next up' }).getByRole('article').waitFor();
  await page.getByRole('list', { name: 'Latest messages' }).waitFor();
}

const coachScreens: Screen[] = [
  { name: 'home', open: openHome },
  {
    name: 'profile menu',
    open: async (page, base) => {
      await openHome(page, base);
      await page.getByRole('button', { name: /^Profile menu/ }).click();
      await page.getByRole('menu').waitFor();
    },
  },
  {
    name: 'View Profile dialog',
    open: async (page, base) => {
      await openHome(page, base);
      await page.getByRole('button', { name: /^Profile menu/ }).click();
      await page.getByRole('menuitem', { name: 'View Profile' }).click();
      await page.getByRole('dialog').getByText('XP Points').waitFor();
    },
  },
  {
    name: 'team switcher',
    open: async (page, base) => {
      await openHome(page, base);
      await page.getByRole('button', { name: /^Switch team/ }).click();
      await page.getByRole('dialog').or(page.getByRole('menu')).waitFor();
    },
  },
  {
    name: 'teams',
    open: async (page, base) => {
      await page.goto(`${base}/teams`);
      await page.getByRole('list', { name: 'Your teams' }).waitFor();
    },
  },
  {
    name: 'team page',
    open: async (page, base) => {
      await page.goto(`${base}/team/${teamId}`);
      await page.getByRole('tab', { name: 'Coaches' }).waitFor();
      await page.getByRole('tab', { name: 'Players & Parents' }).waitFor();
    },
  },
  {
    name: 'create team',
    open: async (page, base) => {
      await page.goto(`${base}/create-team`);
      await page.getByLabel('Team name').waitFor();
    },
  },
  {
    name: 'chat (with a photo)',
    open: async (page, base) => {
      await page.goto(`${base}/chat/${teamId}`);
      const photo = page.getByRole('log', { name: 'Messages' }).getByRole('img', { name: 'Shared photo' }).last();
      await photo.waitFor();
      await photo.evaluate((img: HTMLImageElement) => img.decode());
    },
  },
  {
    name: 'events',
    open: async (page, base) => {
      await page.goto(`${base}/events/${teamId}`);
      await page.getByRole('list', { name: 'Upcoming events' }).getByRole('article').first().waitFor();
    },
  },
  {
    name: 'event detail and RSVP dialog',
    open: async (page, base) => {
      await page.goto(`${base}/events/${teamId}`);
      await page.getByRole('list', { name: 'Upcoming events' }).getByRole('button').first().click();
      // The cards answer too: the dialog's own answer row is the one to wait for.
      await page
        .getByRole('dialog')
        .getByRole('group', { name: /^Your RSVP/ })
        .first()
        .waitFor();
    },
  },
  {
    name: 'create event dialog',
    open: async (page, base) => {
      await page.goto(`${base}/events/${teamId}`);
      await page.getByRole('button', { name: 'Create Event' }).click();
      await page.getByRole('dialog', { name: 'Create Event' }).waitFor();
    },
  },
  {
    name: 'media hub',
    open: async (page, base) => {
      await page.goto(`${base}/media/${teamId}`);
      await page
        .getByRole('button', { name: /^Open photo/ })
        .first()
        .waitFor();
    },
  },
  {
    name: 'media viewer',
    open: async (page, base) => {
      await page.goto(`${base}/media/${teamId}`);
      await page
        .getByRole('button', { name: /^Open photo/ })
        .first()
        .click();
      await page.getByRole('dialog').getByRole('img').waitFor();
    },
  },
  {
    name: 'livestream (a scheduled stream with its RTMP settings)',
    open: async (page, base) => {
      await page.goto(`${base}/livestream?team=${teamId}&stream=${livestreamId}`);
      await page.getByRole('heading', { name: 'Live Streaming' }).waitFor();
      await page.getByRole('list', { name: 'Team livestreams' }).waitFor();
      await page.getByRole('heading', { name: 'RTMP Settings' }).waitFor();
    },
  },
  {
    name: 'create livestream dialog',
    open: async (page, base) => {
      await page.goto(`${base}/livestream?team=${teamId}`);
      await page.getByRole('button', { name: 'New Stream' }).click();
      await page.getByRole('dialog', { name: 'Create Livestream' }).getByLabel('Stream Title').waitFor();
    },
  },
  {
    name: 'badges and rewards',
    open: async (page, base) => {
      await page.goto(`${base}/gamification`);
      await page.getByRole('table').waitFor();
    },
  },
  {
    name: 'settings',
    open: async (page, base) => {
      await page.goto(`${base}/settings`);
      await page.getByRole('switch', { name: 'Team chat messages' }).waitFor();
    },
  },
];

/** The club's match, as its admin manages it: /matches and its dialogs, and the sports page. */
async function openMatch(page: Page, base: string) {
  await page.goto(`${base}/matches`);
  await page
    .getByRole('article', { name: /Riverside Lions vs Riverside Falcons/ })
    .getByRole('button', { name: 'View Details' })
    .click();
  await page.getByRole('dialog', { name: 'Soccer Match Details' }).getByRole('list', { name: 'Lineup' }).waitFor();
}

const adminScreens: Screen[] = [
  {
    name: 'matches',
    open: async (page, base) => {
      await page.goto(`${base}/matches`);
      await page.getByRole('article', { name: /Riverside Lions vs Riverside Falcons/ }).waitFor();
      // The cards' staggered entrance has ended.
      await page.waitForTimeout(600);
    },
  },
  { name: 'match details (lineup)', open: openMatch },
  {
    name: 'match details (playing time)',
    open: async (page, base) => {
      await openMatch(page, base);
      await page.getByRole('tab', { name: 'Playing Time' }).click();
      await page.getByRole('list', { name: 'Playing time' }).waitFor();
    },
  },
  {
    name: 'create match dialog',
    open: async (page, base) => {
      await page.goto(`${base}/matches`);
      await page.getByRole('button', { name: 'Create Match' }).first().click();
      await page.getByRole('dialog', { name: 'Create Match' }).getByLabel('Season').waitFor();
    },
  },
  {
    name: 'manage lineup dialog',
    open: async (page, base) => {
      await openMatch(page, base);
      await page.getByRole('button', { name: 'Manage Lineup' }).click();
      await page
        .getByRole('dialog', { name: 'Manage Match Lineup' })
        .getByRole('list', { name: 'Current lineup' })
        .waitFor();
    },
  },
  {
    name: 'record stats dialog',
    open: async (page, base) => {
      await openMatch(page, base);
      await page.getByRole('button', { name: 'Record Stats' }).click();
      await page.getByRole('dialog', { name: 'Record Match Statistics' }).getByText('Goals: 1').waitFor();
    },
  },
  {
    name: 'sports & stats guide',
    open: async (page, base) => {
      await page.goto(`${base}/sports-demo`);
      await page.getByRole('tab', { name: 'XP', exact: true }).click();
      await page.getByRole('table').waitFor();
    },
  },
];

/** The demo club's admin schedules a match of its two teams, with the parent's children, and starts it. */
async function seedClubMatch(page: Page, base: string) {
  await signInAsDemo(page, base, 'admin');
  const [season] = (await callApi(page, base, 'GET', '/api/seasons')) as Array<{ id: string }>;
  const teams = (await callApi(page, base, 'GET', `/api/seasons/${season!.id}/teams`)) as Array<{
    id: string;
    name: string;
  }>;
  const lions = teams.find((t) => t.name === 'Riverside Lions')!;
  const falcons = teams.find((t) => t.name === 'Riverside Falcons')!;
  const match = (await callApi(page, base, 'POST', '/api/matches', {
    seasonId: season!.id,
    sportId: 'soccer',
    teamAId: lions.id,
    teamBId: falcons.id,
    startTime: new Date(Date.now() + 3_600_000).toISOString(),
    location: 'Riverside Park, Field 2',
    format: '2 x 25 minutes',
  })) as { id: string };
  const players = (await callApi(page, base, 'GET', `/api/teams/${lions.id}/players`)) as Array<{ id: string }>;
  const [first, second] = players;
  await callApi(page, base, 'POST', `/api/matches/${match.id}/participants`, {
    playerId: first!.id,
    positionId: 'striker',
  });
  await callApi(page, base, 'POST', `/api/matches/${match.id}/participants`, {
    playerId: second!.id,
    isStarter: false,
  });
  await callApi(page, base, 'PUT', `/api/matches/${match.id}`, { status: 'in_progress' });
  await callApi(page, base, 'POST', `/api/matches/${match.id}/stats`, {
    playerId: first!.id,
    statType: 'goals',
    value: 1,
  });
}

/** The admin portal (spec part 2 §2), as the demo club's org admin: each section once its data is in. */
const adminSection = (name: string, path: string, ready: (page: Page) => Promise<void>): Screen => ({
  name: `admin ${name}`,
  open: async (page, base) => {
    await page.goto(`${base}${path}`);
    await ready(page);
  },
});
const portalScreens: Screen[] = [
  adminSection('dashboard', '/admin', (p) => p.getByRole('list', { name: 'Recent activity' }).waitFor()),
  adminSection('seasons', '/admin/seasons', (p) => p.getByRole('list', { name: 'Seasons' }).waitFor()),
  adminSection('teams', '/admin/teams', (p) => p.getByRole('list', { name: 'Teams' }).waitFor()),
  adminSection('matches', '/admin/matches', (p) =>
    p
      .getByRole('list', { name: 'Matches' })
      .or(p.getByRole('heading', { name: 'No matches yet' }))
      .waitFor(),
  ),
  adminSection('people', '/admin/people', (p) => p.getByRole('list', { name: 'People' }).waitFor()),
  adminSection('media', '/admin/media', (p) =>
    p
      .getByRole('list', { name: 'Media' })
      .or(p.getByRole('heading', { name: 'No media yet' }))
      .waitFor(),
  ),
  adminSection('settings', '/admin/settings', (p) => p.getByRole('form', { name: 'Preferences' }).waitFor()),
  adminSection('activity', '/admin/activity', (p) => p.getByRole('list', { name: 'Activity' }).waitFor()),
  adminSection('create season dialog', '/admin/seasons/create', (p) =>
    p.getByRole('dialog', { name: 'Create Season' }).waitFor(),
  ),
];

describe.skipIf(skipReason !== null)('axe-core (WCAG 2.2 A and AA) on every screen and dialog', () => {
  const app = useSidelineInBrowser(async () => ({ env: { SEED_DEMO: '1', RTMP_PORT: String(await freePort()) } }));
  beforeAll(async () => {
    // What a coach's screens hold after a while: a second team with a long name (so the team
    // switcher opens), a shared photo in the Media Hub and in the chat, a long link.
    const page = await (await app.browser.newContext()).newPage();
    await signInAsDemo(page, app.sideline.url, 'coach');
    teamId = await demoTeamId(page, app.sideline.url);
    await callApi(page, app.sideline.url, 'POST', '/api/teams', {
      name: 'The Riverside Wanderers Under-Twelves',
      sport: 'Soccer',
    });
    const photo = await uploadPhoto(page, app.sideline.url, teamId, 'Kickoff');
    await callApi(page, app.sideline.url, 'POST', `/api/teams/${teamId}/messages`, { text: '', mediaUrl: photo.url });
    await callApi(page, app.sideline.url, 'POST', `/api/teams/${teamId}/messages`, {
      text: 'Photos: https://example.com/albums/riverside-hawks/2026/autumn/kickoff-against-lakeside-lions',
    });
    const stream = (await callApi(page, app.sideline.url, 'POST', '/api/livestreams', {
      teamId,
      title: 'Hawks vs. Eagles',
      description: 'Semi-final at Riverside Park',
    })) as { id: string };
    livestreamId = stream.id;
    await page.context().close();
    const admin = await (await app.browser.newContext()).newPage();
    await seedClubMatch(admin, app.sideline.url);
    await admin.context().close();
  });

  for (const viewport of viewports) {
    describe(viewport.name, () => {
      let visitor: Page;
      let coach: Page;
      let admin: Page;
      beforeAll(async () => {
        const size = { width: viewport.width, height: viewport.height };
        visitor = await (await app.browser.newContext({ viewport: size })).newPage();
        coach = await (await app.browser.newContext({ viewport: size })).newPage();
        admin = await (await app.browser.newContext({ viewport: size })).newPage();
        await signInAsDemo(coach, app.sideline.url, 'coach');
        await signInAsDemo(admin, app.sideline.url, 'admin');
      });
      afterAll(async () => {
        await visitor?.context().close();
        await coach?.context().close();
        await admin?.context().close();
      });

      for (const screen of signedOutScreens) {
        it(`${screen.name}: no violations`, async () => {
          await screen.open(visitor, app.sideline.url);
          expect(await axeViolations(visitor)).toEqual([]);
        });
      }
      for (const screen of coachScreens) {
        it(`${screen.name}: no violations`, async () => {
          await screen.open(coach, app.sideline.url);
          expect(await axeViolations(coach)).toEqual([]);
        });
      }
      for (const screen of [...adminScreens, ...portalScreens]) {
        it(`${screen.name}: no violations`, async () => {
          await screen.open(admin, app.sideline.url);
          const violations = await axeViolations(admin);
          expect(violations, violations.join('\n')).toEqual([]);
        });
      }
    });
  }
});
