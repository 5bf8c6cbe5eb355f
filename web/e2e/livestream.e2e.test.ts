import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe.ts';
import { browserUnavailableReason } from './support/browser.ts';
import { DESKTOP, PHONE, useSidelineInBrowser } from './support/fixture.ts';
import { createTeamInBrowser, joinTeamInBrowser, signUpInBrowser } from './support/people.ts';
import { FFMPEG, freePort, startPublisher, type RtmpPublisher } from './support/rtmp-publisher.ts';

function ffmpegUnavailableReason(): string | null {
  if (existsSync(FFMPEG)) return null;
  const reason = `${FFMPEG} is not installed (apt-get install ffmpeg)`;
  if (process.env.SIDELINE_REQUIRE_SERVICES === '1') throw new Error(`The livestream e2e test needs ffmpeg: ${reason}`);
  console.warn(`[skip] livestream e2e: ${reason}`);
  return reason;
}

const skipReason = browserUnavailableReason() ?? ffmpegUnavailableReason();

/** The number under a detail panel's 'Current Viewers' or 'Peak Viewers'. */
async function counter(page: Page, label: 'Current Viewers' | 'Peak Viewers'): Promise<number> {
  const text = await page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd').textContent();
  return Number((text ?? '').replace(/\D/g, '') || '0');
}

const status = (page: Page) => page.getByTestId('livestream-status');
const videoTime = (page: Page) =>
  page.getByTestId('livestream-video').evaluate((video: HTMLVideoElement) => video.currentTime);

describe.skipIf(skipReason !== null)('a livestream from an RTMP publisher to a viewer in Chromium', () => {
  let publisher: RtmpPublisher | undefined;
  let rtmpPort: number;

  const app = useSidelineInBrowser(async () => {
    rtmpPort = await freePort();
    return { env: { RTMP_PORT: String(rtmpPort), RTMP_HOST: '127.0.0.1' } };
  });
  afterAll(async () => {
    await publisher?.stop();
  });

  it('a coach creates a stream, ffmpeg publishes, a parent watches (HTTP-FLV, and its HLS in the browser’s own player) and chats live, it ends and its recording is in the Media Hub', async () => {
    const coach = await app.newPage(DESKTOP);
    const parent = await app.newPage(PHONE);
    const pageErrors: string[] = [];
    for (const page of [coach, parent]) page.on('pageerror', (error) => pageErrors.push(error.message));

    await signUpInBrowser(coach, app.sideline.url, 'Casey Coach', 'Coach');
    const { teamId, code } = await createTeamInBrowser(coach, app.sideline.url, 'Riverside Hawks');
    await signUpInBrowser(parent, app.sideline.url, 'Pat Parent', 'Parent');
    await joinTeamInBrowser(parent, app.sideline.url, code, teamId);

    // The coach creates the stream from the Livestreams entry of the sidebar.
    await coach.goto(`${app.sideline.url}/`);
    await coach.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Livestreams' }).click();
    await coach.getByRole('heading', { name: 'Live Streaming' }).waitFor();
    await coach.getByRole('heading', { name: 'No livestreams yet' }).waitFor();
    await coach.getByRole('button', { name: 'New Stream' }).click();
    const dialog = coach.getByRole('dialog', { name: 'Create Livestream' });
    await dialog.getByLabel('Stream Title').fill('Hawks vs. Eagles');
    await dialog.getByRole('button', { name: 'Create Stream' }).click();
    await coach.getByText('Your livestream has been set up successfully.').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const livestreamId = new URL(coach.url()).searchParams.get('stream')!;
    expect(livestreamId).toBeTruthy();

    // The key is shown in full this once; the publish URL is the RTMP URL and the key.
    const rtmpUrl = (await coach.getByTestId('rtmp-url').textContent())!.trim();
    const streamKey = (await coach.getByTestId('stream-key').textContent())!.trim();
    expect(rtmpUrl).toBe(`rtmp://127.0.0.1:${rtmpPort}/live`);
    expect(streamKey).not.toContain('•');
    expect(await status(coach).textContent()).toMatch(/scheduled/i);
    // A parent sees the stream listed, without New Stream or the RTMP settings.
    await parent.goto(`${app.sideline.url}/livestream?stream=${livestreamId}`);
    await parent.getByRole('heading', { name: 'Hawks vs. Eagles' }).waitFor();
    expect(await parent.getByRole('button', { name: 'New Stream' }).count()).toBe(0);
    expect(await parent.getByText('RTMP Settings').count()).toBe(0);

    // ffmpeg publishes: both pages turn live from the socket, without a reload.
    publisher = startPublisher(`${rtmpUrl}/${streamKey}`);
    await expect.poll(() => status(coach).textContent(), { timeout: 20_000 }).toMatch(/^live$/i);
    await expect.poll(() => status(parent).textContent(), { timeout: 20_000 }).toMatch(/^live$/i);
    const liveNow = coach.getByRole('list', { name: 'Live now' });
    await liveNow.getByText('Hawks vs. Eagles').waitFor();

    // The parent's Chromium plays it: the video's time advances.
    await expect.poll(() => videoTime(parent), { timeout: 30_000 }).toBeGreaterThan(0.5);
    const before = await videoTime(parent);
    await expect.poll(() => videoTime(parent), { timeout: 15_000 }).toBeGreaterThan(before + 1);
    // Chromium answers "maybe" for HLS, yet the web app plays HTTP-FLV there (mpegts.js: a blob: source).
    expect(await parent.getByTestId('livestream-video').evaluate((video: HTMLVideoElement) => video.src)).toMatch(
      /^blob:/,
    );
    // The stream's HLS plays in the browser's own player too: its time advances past a segment.
    const nativeHls = await parent.evaluate(async (url) => {
      // Opened as a phone joining a running stream would: with a few segments listed. Chromium's
      // own HLS player refuses to start on a playlist of one or two 1 s segments (a quiet machine
      // gets here that early), which hls.js and Safari wait out by reloading the playlist.
      for (const until = Date.now() + 20_000; Date.now() < until;) {
        const playlist = await fetch(url).then((r) => (r.ok ? r.text() : ''));
        if (playlist.split('#EXTINF').length > 3) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      const video = document.createElement('video');
      video.muted = true;
      video.src = url;
      document.body.append(video);
      try {
        await video.play().catch(() => {});
        const deadline = Date.now() + 25_000;
        while (video.currentTime < 1.5 && !video.error && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 100));
        }
        return { time: video.currentTime, error: video.error?.message ?? null };
      } finally {
        video.removeAttribute('src');
        video.load();
        video.remove();
      }
    }, `/api/livestreams/${livestreamId}/hls/index.m3u8?viewer=e2e-native-player`);
    expect(nativeHls).toEqual({ time: expect.any(Number), error: null });
    expect(nativeHls.time).toBeGreaterThan(1.5);

    // The coach's page plays it too; the viewer count rises to both, live on the coach's panel.
    await expect.poll(() => counter(coach, 'Current Viewers'), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    expect(await counter(coach, 'Peak Viewers')).toBeGreaterThanOrEqual(2);
    await expect.poll(() => counter(parent, 'Current Viewers'), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);

    // The live screen (player, counters, RTMP settings, chat) passes axe on a laptop and a phone.
    expect(await axeViolations(coach)).toEqual([]);
    expect(await axeViolations(parent)).toEqual([]);

    // Live chat: each side's message appears on the other page.
    await parent.getByRole('textbox', { name: 'Chat message' }).fill('Go Hawks!');
    await parent.getByRole('button', { name: 'Send', exact: true }).click();
    await coach.getByRole('log', { name: 'Live chat messages' }).getByText('Go Hawks!').waitFor({ timeout: 10_000 });
    await coach.getByRole('textbox', { name: 'Chat message' }).fill('Thanks for watching');
    await coach.getByRole('button', { name: 'Send', exact: true }).click();
    await parent
      .getByRole('log', { name: 'Live chat messages' })
      .getByText('Thanks for watching')
      .waitFor({ timeout: 10_000 });

    // The broadcaster stops cleanly: the stream ends on both pages within 10 s (not after the
    // 20 s grace a dropped publisher gets), and its recording is saved.
    expect(await publisher.stop()).not.toBeNull();
    await expect.poll(() => status(coach).textContent(), { timeout: 10_000 }).toMatch(/^ended$/i);
    await expect.poll(() => status(parent).textContent(), { timeout: 20_000 }).toMatch(/^ended$/i);
    expect(await coach.getByRole('heading', { name: 'Live Chat' }).count()).toBe(0);
    const recording = coach.getByRole('link', { name: 'Watch recording' });
    await recording.waitFor({ timeout: 60_000 });
    await recording.click();
    await coach.waitForURL(new RegExp(`/media/${teamId}\\?item=`));
    const viewer = coach.getByRole('dialog', { name: 'Hawks vs. Eagles' });
    await viewer.waitFor();
    const played = viewer.locator('video');
    await expect
      .poll(() => played.evaluate((video: HTMLVideoElement) => video.readyState >= 1 && video.duration), {
        timeout: 15_000,
      })
      .toBeGreaterThan(1);

    // The parent finds it in the Media Hub's videos with its poster.
    await parent.goto(`${app.sideline.url}/media/${teamId}`);
    const tile = parent.getByRole('button', { name: 'Open video: Hawks vs. Eagles' });
    await tile.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => tile.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    expect(pageErrors).toEqual([]);
  }, 240_000);
});
