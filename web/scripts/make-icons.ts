/**
 * Draws Sideline's app icons and writes them to web/public/icons (committed; rerun after changing
 * the drawing): `npx tsx web/scripts/make-icons.ts`.
 *
 * - icon-192.png, icon-512.png: the rounded mark, for launchers and install prompts (`any`).
 * - maskable-512.png: the mark on a full square, its S inside the central 60 % (the safe zone is
 *   the central circle of 80 %), for launchers that cut their own shape (`maskable`).
 * - apple-touch-icon.png (180 px): full square, no transparency (iOS rounds it itself).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');

/** The S of the favicon, drawn in a 64-unit box. */
const S_PATH = 'M20 42c3 3 7 4 12 4 7 0 12-3 12-9 0-5-4-7-11-9-5-1-7-2-7-4s2-4 6-4c4 0 7 1 9 3';

function drawing({ rounded, markScale }: { rounded: boolean; markScale: number }): string {
  // The mark is scaled about the centre; the touchline under it marks the "side line".
  const offset = 32 * (1 - markScale);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#6366f1"/><stop offset="1" stop-color="#7c3aed"/>
    </linearGradient>
  </defs>
  <rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="url(#g)"/>
  <g transform="translate(${offset} ${offset - 3 * markScale}) scale(${markScale})">
    <path d="${S_PATH}" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>
    <path d="M16 53h32" stroke="#fff" stroke-opacity="0.55" stroke-width="3" stroke-linecap="round"/>
  </g>
</svg>`;
}

async function render(name: string, size: number, options: { rounded: boolean; markScale: number }) {
  await sharp(Buffer.from(drawing(options)), { density: Math.ceil((72 * size) / 64) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
}

mkdirSync(out, { recursive: true });
await render('icon-192.png', 192, { rounded: true, markScale: 1 });
await render('icon-512.png', 512, { rounded: true, markScale: 1 });
await render('maskable-512.png', 512, { rounded: false, markScale: 0.7 });
await render('apple-touch-icon.png', 180, { rounded: false, markScale: 0.85 });
console.log(`Icons written to ${out}`);
