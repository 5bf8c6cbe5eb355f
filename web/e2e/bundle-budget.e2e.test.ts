import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { budgetedRoutes, gzippedBytes, initialFiles, readManifest, webDist } from './support/initial-js.ts';

/** The budget: what a phone downloads before the sign-in screen or Home shows. */
const BUDGET_BYTES = 170 * 1024;

describe('the first load of the built web app (npm run build:web)', () => {
  it('has a build manifest to measure', () => {
    expect(existsSync(path.join(webDist, '.vite', 'manifest.json'))).toBe(true);
  });

  for (const [screen, modules] of Object.entries(budgetedRoutes)) {
    it(`downloads at most 170 KB of gzipped JavaScript before ${screen} shows`, () => {
      const files = initialFiles(readManifest(), modules);
      const bytes = gzippedBytes(files);
      expect(bytes, `${screen}: ${(bytes / 1024).toFixed(1)} KB in ${files.length} files`).toBeLessThanOrEqual(
        BUDGET_BYTES,
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
      'src/features/events/routes/events.tsx',
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
