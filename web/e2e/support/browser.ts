import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/** Why browser tests cannot run here, or null when they can. Under CI they must run. */
export function browserUnavailableReason(): string | null {
  if (existsSync(CHROMIUM)) return null;
  const reason = `${CHROMIUM} is not installed (apt-get install chromium)`;
  if (process.env.SIDELINE_REQUIRE_SERVICES === '1') throw new Error(`End-to-end tests are required but ${reason}`);
  console.warn(`[skip] end-to-end tests: ${reason}`);
  return reason;
}

// Without the networking flags Chromium floods this closed network with connection attempts.
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Playwright gives every launch a fresh, throw-away profile of its own. */
export async function launchBrowser(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  return {
    browser,
    async close() {
      await browser.close();
    },
  };
}

/**
 * A browser on a profile of its own on disk (deleted on close), as a person's: what an incognito
 * context cannot do, such as installing the app, works there.
 */
export async function launchProfile(
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'sideline-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...options,
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
