import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const darkPalette = readFileSync(path.join(src, 'styles/dark-palette.css'), 'utf8');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.(tsx?|css)$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [file] : [];
  });
}

describe('the dark palette', () => {
  it('has a dark value for every colour the app uses (else rerun node web/scripts/dark-palette.mjs)', () => {
    const used = new Set<string>();
    const utility =
      /\b(?:bg|text|border|ring|from|via|to|fill|stroke|outline|divide|shadow|placeholder|decoration|accent|caret)-([a-z]+-\d{2,3})\b/g;
    for (const file of sources(src)) {
      if (file.endsWith('dark-palette.css')) continue;
      for (const [, colour] of readFileSync(file, 'utf8').matchAll(utility)) used.add(colour!);
    }
    const missing = [...used].filter((colour) => !darkPalette.includes(`--color-${colour}:`));
    expect(used.size).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });
});
