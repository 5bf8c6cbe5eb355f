import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The content security policy sources (`'sha256-…'`) of the inline scripts of the built app's
 * index.html. The page runs one before its first paint (the colour theme, so a dark-mode phone
 * never flashes white); the policy allows exactly that script's text and no other inline script.
 */
export function inlineScriptSources(webDist: string | null | undefined): string[] {
  if (!webDist) return [];
  const file = path.join(webDist, 'index.html');
  if (!existsSync(file)) return [];
  return inlineScriptHashes(readFileSync(file, 'utf8')).map((hash) => `'sha256-${hash}'`);
}

/** Base64 SHA-256 of the text of each `<script>` without `src` (CSP Level 2 hash sources). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', text = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || text.trim() === '') continue;
    hashes.push(createHash('sha256').update(text, 'utf8').digest('base64'));
  }
  return hashes;
}
