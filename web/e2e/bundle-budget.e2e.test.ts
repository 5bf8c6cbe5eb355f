import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserUnavailableReason, launchBrowser } from './support/browser.ts';
import { coldLoadScripts, everyRoute } from './support/cold-load.ts';
import { DEMO_PASSWORD } from './support/demo.ts';
import { budgetedRoutes, compressedBytes, initialFiles, readManifest, webDist } from './support/initial-js.ts';
import { startSideline, type SidelineProcess } from './support/sideline-process.ts';

/**
 * The budget: at most 170 KB of compressed JavaScript on a cold load of every route (in
 * Chromium, which also counts headers and what loads just after the first paint; the build
 * manifest's figure is lower).
 */
const BUDGET_KB = 170;

describe('the first load of the built web app (npm run build:web)', () => {
  it('has a build manifest to measure', () => {
    expect(existsSync(path.join(webDist, '.vite', 'manifest.json'))).toBe(true);
  });

  for (const [screen, modules] of Object.entries(budgetedRoutes)) {
    it(`sends at most ${BUDGET_KB} KB of compressed JavaScript before ${screen} shows`, () => {
      const files = initialFiles(readManifest(), modules);
      const bytes = compressedBytes(files);
      expect(bytes, `${screen}: ${(bytes / 1024).toFixed(1)} KB in ${files.length} files`).toBeLessThanOrEqual(
        BUDGET_KB * 1024,
      );
    });
  }

  it("keeps other screens' code and the libraries loaded on first use out of those downloads", () => {
    const manifest = readManifest();
    const initial = new Set([
      ...initialFiles(manifest, budgetedRoutes['sign-in']),
      ...initialFiles(manifest, budgetedRoutes.home),
    ]);
    for (const screen of [
      'src/features/chat/routes/chat.tsx',
      'src/features/media/routes/media.tsx',
      'src/features/calendar/routes/events.tsx',
      'src/features/settings/routes/settings.tsx',
      'src/features/livestreams/routes/livestream.tsx',
      'src/features/livestreams/components/livestream-player.tsx',
    ]) {
      expect(initial.has(manifest[screen]!.file), screen).toBe(false);
    }
    // zod (validation) arrives with the first form that validates.
    const names = [...initial].map((file) => path.basename(file));
    expect(names.filter((name) => name.startsWith('zod-'))).toEqual([]);
    // XState (the live connection's machine) loads after the first screen shows.
    expect(names.filter((name) => name.startsWith('xstate-'))).toEqual([]);
    // mpegts.js (live video) arrives only with a livestream's player.
    expect(names.filter((name) => name.startsWith('mpegts-'))).toEqual([]);
  });
});

const skipReason = browserUnavailableReason();

describe.skipIf(skipReason !== null)('a cold load of every route in Chromium at 390×844', () => {
  let sideline: SidelineProcess;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let ids: { teamId: string; seasonId: string };

  beforeAll(async () => {
    sideline = await startSideline({ env: { SEED_DEMO: '1' } });
    ({ browser, close: closeBrowser } = await launchBrowser());
    const parent = await browser.newContext();
    await signIn(parent.request, 'parent');
    const teams = (await (await parent.request.get(`${sideline.url}/api/teams`)).json()) as Array<{
      id: string;
      name: string;
    }>;
    const admin = await browser.newContext();
    await signIn(admin.request, 'admin');
    const seasons = (await (await admin.request.get(`${sideline.url}/api/seasons`)).json()) as Array<{ id: string }>;
    ids = { teamId: teams.find((t) => t.name === 'Riverside Hawks')!.id, seasonId: seasons[0]!.id };
    await parent.close();
    await admin.close();
  });
  afterAll(async () => {
    await closeBrowser?.();
    await sideline?.destroy();
  });

  async function signIn(request: import('playwright-core').APIRequestContext, who: 'parent' | 'admin') {
    const response = await request.post(`${sideline.url}/api/login`, {
      headers: { origin: sideline.url },
      data: { email: `${who}@sideline.demo`, password: DEMO_PASSWORD },
    });
    if (!response.ok()) throw new Error(`sign-in failed: ${response.status()}`);
  }

  for (const { name } of everyRoute({ teamId: '', seasonId: '' })) {
    it(`downloads at most ${BUDGET_KB} KB of compressed JavaScript on a cold load of ${name}`, async () => {
      const route = everyRoute(ids).find((r) => r.name === name)!;
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      if (route.as) await signIn(context.request, route.as);
      const { bytes, files } = await coldLoadScripts(context, `${sideline.url}${route.path}`);
      await context.close();
      const kb = bytes / 1024;
      expect(kb, `${name}: ${kb.toFixed(1)} KB in ${files.length} files`).toBeLessThanOrEqual(BUDGET_KB);
    });
  }
});
