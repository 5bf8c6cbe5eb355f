import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/** Why browser tests cannot run here, or null when they can. Under CI they must run. */
export function browserUnavailableReason(): string | null {
  if (existsSync(CHROMIUM)) return null;
  const reason = `${CHROMIUM} is not installed (apt-get install chromium)`;
  if (process.env.SIDELINE_REQUIRE_SERVICES === '1') throw new Error(`End-to-end tests are required but ${reason}`);
  console.warn(`[skip] end-to-end tests: ${reason}`);
  return reason;
}

/** Playwright gives every launch a fresh, throw-away profile of its own. */
export async function launchBrowser(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // Without the networking flags Chromium floods this closed network with connection attempts.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    browser,
    async close() {
      await browser.close();
    },
  };
}
