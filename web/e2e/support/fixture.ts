import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { FlightRecorder } from './flight-recorder.ts';
import { startSideline, type SidelineProcess } from './sideline-process.ts';

/** A phone the size the screens are designed for first, and a laptop. */
export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

type StartOptions = Parameters<typeof startSideline>[0];

export interface SidelineInBrowser {
  /** The running server, as `npm start` runs it. */
  readonly sideline: SidelineProcess;
  readonly browser: Browser;
  /** A page in a context of its own (its own cookies: one person), at `viewport`. */
  newPage(viewport?: BrowserContextOptions['viewport'], options?: BrowserContextOptions): Promise<Page>;
}

/**
 * Starts Sideline and Chromium before the enclosing describe's tests and stops both after them.
 * Options may be computed when the suite starts (a free port, a server started just before).
 * Hooks the suite registers after this one run after it, and their teardown before its own.
 */
export function useSidelineInBrowser(options: StartOptions | (() => Promise<StartOptions>) = {}): SidelineInBrowser {
  let sideline: SidelineProcess | undefined;
  let browser: Browser | undefined;
  let closeBrowser: (() => Promise<void>) | undefined;
  const recorder = new FlightRecorder();

  beforeAll(async () => {
    sideline = await startSideline(typeof options === 'function' ? await options() : options);
    ({ browser, close: closeBrowser } = await launchBrowser());
    recorder.watch(browser);
  });
  // A failure prints what the pages saw and the server's last words: a flake is read, not guessed.
  afterEach(({ task }) => {
    if (task.result?.state !== 'fail') return;
    const serverLog = sideline?.output().split('\n').slice(-60).join('\n') ?? '';
    console.error(
      `[${task.name}] the browser's pages:\n${recorder.report()}\n\nthe server's last lines:\n${serverLog}`,
    );
  });
  afterAll(async () => {
    await closeBrowser?.();
    await sideline?.destroy();
  });

  return {
    get sideline() {
      if (!sideline) throw new Error('Sideline has not started: use it inside a test or a later hook');
      return sideline;
    },
    get browser() {
      if (!browser) throw new Error('Chromium has not started: use it inside a test or a later hook');
      return browser;
    },
    async newPage(viewport, contextOptions = {}) {
      return (await this.browser.newContext(viewport ? { ...contextOptions, viewport } : contextOptions)).newPage();
    },
  };
}
