import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { browserUnavailableReason } from './support/browser.ts';
import { useSidelineInBrowser } from './support/fixture.ts';
import { callApi, demoTeamId, signInAsDemo, uploadPhoto } from './support/demo.ts';
import { freePort } from './support/rtmp-publisher.ts';

const skipReason = browserUnavailableReason();
if (skipReason) console.warn(`phone layout e2e skipped: ${skipReason}`);

const PHONE = { width: 390, height: 844 };
/** 34 characters, no short words to break at. */
const LONG_TEAM_NAME = 'Riverside Wanderers Under-Twelves A';
const LONG_LINK = `https://example.com/${'photos-from-saturdays-kickoff-against-lakeside-'.repeat(4)}album.html`;

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('element is not visible');
  return b;
}

/** Whether an element's own content is wider than the element (text spilling out or cut off). */
const overflows = (locator: Locator) => locator.evaluate((el) => el.scrollWidth > el.clientWidth + 1);

async function pageWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

describe.skipIf(skipReason !== null)('Sideline on a 390×844 phone', () => {
  let coach: Page;
  let parent: Page;
  let teamId: string;
  let longTeamId: string;
  let longStreamId: string;

  const app = useSidelineInBrowser(async () => ({ env: { SEED_DEMO: '1', RTMP_PORT: String(await freePort()) } }));
  beforeAll(async () => {
    coach = await app.newPage(PHONE);
    parent = await app.newPage(PHONE);
    await signInAsDemo(coach, app.sideline.url, 'coach');
    await signInAsDemo(parent, app.sideline.url, 'parent');
    teamId = await demoTeamId(coach, app.sideline.url);
    const longTeam = (await callApi(coach, app.sideline.url, 'POST', '/api/teams', {
      name: LONG_TEAM_NAME,
      sport: 'Soccer',
      ageGroup: 'U12',
    })) as { id: string };
    longTeamId = longTeam.id;
    // A livestream whose title is one long word, selected with its RTMP settings.
    const stream = (await callApi(coach, app.sideline.url, 'POST', '/api/livestreams', {
      teamId: longTeamId,
      title: 'Riverside-Wanderers-Under-Twelves-versus-Lakeside-Lions-Semi-Final',
    })) as { id: string };
    longStreamId = stream.id;
    // Recent chat history: two photos (a landscape and a tall one), then a long link, then text.
    for (const [title, width, height] of [
      ['Warm-up', 1600, 1200],
      ['Team photo', 900, 1600],
    ] as const) {
      const photo = await uploadPhoto(coach, app.sideline.url, teamId, title, width, height);
      await callApi(coach, app.sideline.url, 'POST', `/api/teams/${teamId}/messages`, { mediaUrl: photo.url });
    }
    await callApi(coach, app.sideline.url, 'POST', `/api/teams/${teamId}/messages`, { text: LONG_LINK });
    await callApi(coach, app.sideline.url, 'POST', `/api/teams/${teamId}/messages`, {
      text: 'See you all on Saturday!',
    });
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    tomorrow.setHours(17, 30, 0, 0);
    await callApi(coach, app.sideline.url, 'POST', `/api/teams/${teamId}/events`, {
      title: 'Scrimmage',
      date: tomorrow.toISOString(),
      location: 'Riverside Park',
    });
  });

  it('no screen scrolls sideways with a 34-character team name and a link without spaces', async () => {
    const screens = [
      `/?team=${teamId}`,
      `/?team=${longTeamId}`,
      '/teams',
      `/team/${longTeamId}`,
      `/chat/${teamId}`,
      `/chat/${longTeamId}`,
      '/events',
      `/events/${longTeamId}`,
      `/media/${longTeamId}`,
      '/gamification',
      '/settings',
      `/livestream?team=${longTeamId}&stream=${longStreamId}`,
    ];
    const wide: string[] = [];
    for (const path of screens) {
      await coach.goto(`${app.sideline.url}${path}`);
      await coach.getByRole('main').getByRole('heading').first().waitFor();
      await coach.waitForLoadState('networkidle');
      const width = await pageWidth(coach);
      if (width > PHONE.width) wide.push(`${path}: ${width}px`);
    }
    expect(wide).toEqual([]);

    // Every team card's buttons are wholly on screen.
    await coach.goto(`${app.sideline.url}/teams`);
    const events = coach.getByRole('link', { name: /^Events of / });
    await events.first().waitFor();
    for (const link of await events.all()) {
      const b = await box(link);
      expect(b.x + b.width).toBeLessThanOrEqual(PHONE.width);
    }
  });

  it('opens the chat at the newest message although photos above it load later, and stays there when one arrives', async () => {
    await coach.goto(`${app.sideline.url}/chat/${teamId}`);
    const log = coach.getByRole('log', { name: 'Messages' });
    const photos = log.getByRole('img', { name: 'Shared photo' });
    await photos.nth(1).waitFor();
    await expect
      .poll(() => photos.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete)))
      .toBe(true);
    await coach.waitForTimeout(300);
    const newest = log.getByText('See you all on Saturday!');
    const atBottom = () => log.evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight) <= 2);
    expect(await atBottom()).toBe(true);
    const [logBox, newestBox] = [await box(log), await box(newest)];
    expect(newestBox.y + newestBox.height).toBeLessThanOrEqual(logBox.y + logBox.height);

    // A parent shares a tall photo while the coach reads the newest messages.
    const photo = await uploadPhoto(parent, app.sideline.url, teamId, 'Goal', 900, 1600);
    await callApi(parent, app.sideline.url, 'POST', `/api/teams/${teamId}/messages`, { mediaUrl: photo.url });
    const arrived = photos.nth(2);
    await arrived.waitFor({ timeout: 15_000 });
    await expect.poll(() => arrived.evaluate((img: HTMLImageElement) => img.complete && img.naturalHeight)).toBe(1600);
    await coach.waitForTimeout(300);
    expect(await atBottom()).toBe(true);
    const arrivedBox = await box(arrived);
    const logNow = await box(log);
    expect(arrivedBox.y + arrivedBox.height).toBeLessThanOrEqual(logNow.y + logNow.height + 1);

    // The coach scrolls up to read older messages: one arriving then does not pull them down.
    await log.hover();
    await coach.mouse.wheel(0, -600);
    await expect
      .poll(() => log.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight))
      .toBeGreaterThan(300);
    const readingAt = await log.evaluate((el) => el.scrollTop);
    await callApi(parent, app.sideline.url, 'POST', `/api/teams/${teamId}/messages`, {
      text: 'Who brings the oranges?',
    });
    await log.getByText('Who brings the oranges?').waitFor({ state: 'attached' });
    await coach.waitForTimeout(300);
    expect(await log.evaluate((el) => el.scrollTop)).toBe(readingAt);
    expect(await atBottom()).toBe(false);
  });

  it('shows the chosen RSVP in its own colour, and "Not Going" fits its button', async () => {
    await parent.goto(`${app.sideline.url}/events/${teamId}`);
    await parent.getByRole('list', { name: 'Upcoming events' }).getByRole('button').first().click();
    // The demo parent answers per child: the first child's row of answers.
    const group = parent.getByRole('dialog').getByTestId('household-answers').getByRole('group').first();
    const notGoing = group.getByRole('button', { name: 'Not Going' });
    await notGoing.click();
    await expect.poll(() => notGoing.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => notGoing.getAttribute('aria-disabled')).toBeNull();
    const background = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);
    const [chosen, other] = [
      await background(notGoing),
      await background(group.getByRole('button', { name: 'Maybe' })),
    ];
    expect(chosen).not.toBe(other);
    expect(other).toBe('rgb(255, 255, 255)');
    for (const button of await group.getByRole('button').all()) expect(await overflows(button)).toBe(false);
    // Some room between the words and the button's border on both sides.
    const room = await notGoing.evaluate((button) => {
      const text = [...button.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
      const range = document.createRange();
      range.selectNodeContents(text!);
      const words = range.getBoundingClientRect();
      const edge = button.getBoundingClientRect();
      return Math.min(words.left - edge.left, edge.right - words.right);
    });
    expect(room).toBeGreaterThanOrEqual(6);
    await parent.keyboard.press('Escape');
  });

  it("fits the date badges' text ('Tomorrow') inside their boxes", async () => {
    await coach.goto(`${app.sideline.url}/events/${teamId}`);
    const badges = coach.getByTestId('date-badge');
    // Room for a loaded machine: the schedule's first paint has taken over 30 s there.
    await coach.getByText('Tomorrow', { exact: true }).first().waitFor({ timeout: 60_000 });
    for (const badge of await badges.all()) expect(await overflows(badge)).toBe(false);
  }, 90_000);

  it("keeps the Media Hub's title on one line, and the viewer's close button off the picture", async () => {
    await coach.goto(`${app.sideline.url}/media/${teamId}`);
    const title = coach.getByRole('heading', { name: 'Media Hub', level: 1 });
    await title.waitFor();
    const lineHeight = await title.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect((await box(title)).height).toBeLessThan(lineHeight * 1.5);
    const subtitle = coach.getByText('Photos and videos from your team');
    const subtitleLine = await subtitle.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect((await box(subtitle)).height).toBeLessThan(subtitleLine * 1.5);

    await coach
      .getByRole('button', { name: /^Open photo/ })
      .first()
      .click();
    const viewer = coach.getByRole('dialog');
    const picture = viewer.getByRole('img');
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await coach.waitForTimeout(300);
    const [close, image] = [await box(viewer.getByRole('button', { name: 'Close' })), await box(picture)];
    const overlap =
      close.x < image.x + image.width &&
      image.x < close.x + close.width &&
      close.y < image.y + image.height &&
      image.y < close.y + close.height;
    expect(overlap).toBe(false);
    await coach.keyboard.press('Escape');
  });

  it("spaces the Badges 'How to earn' headers apart on a phone", async () => {
    await coach.goto(`${app.sideline.url}/gamification`);
    const headers = coach.getByRole('columnheader');
    await headers.first().waitFor();
    const texts = [];
    for (const header of await headers.all()) {
      const range = await header.evaluate((el) => {
        const r = document.createRange();
        r.selectNodeContents(el);
        const b = r.getBoundingClientRect();
        return { left: b.left, right: b.right, lines: r.getClientRects().length };
      });
      texts.push(range);
    }
    for (let i = 1; i < texts.length; i++) {
      expect(texts[i]!.left - texts[i - 1]!.right).toBeGreaterThanOrEqual(8);
    }
    // 'Daily cap' stays on one line.
    expect(texts.at(-1)!.lines).toBe(1);
  });

  it('shows keyboard focus on a text field as clearly as on a button', async () => {
    await coach.goto(`${app.sideline.url}/settings`);
    const field = coach.getByLabel('Full name');
    await field.waitFor();
    await field.focus();
    // Colours ease in (transition-colors): read them once settled.
    await coach.waitForTimeout(400);
    const outline = (locator: Locator) =>
      locator.evaluate((el) => {
        const s = getComputedStyle(el);
        return { style: s.outlineStyle, width: s.outlineWidth, color: s.outlineColor };
      });
    const fieldOutline = await outline(field);
    const button = coach.getByRole('button', { name: 'Change password' });
    await button.focus();
    await coach.keyboard.press('Shift+Tab');
    await coach.keyboard.press('Tab');
    await coach.waitForTimeout(400);
    const buttonOutline = await outline(button);
    expect(buttonOutline.style).toBe('solid');
    expect(fieldOutline).toEqual(buttonOutline);
  });
});
