import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The repository's root folder (this file is `infra/src/build/` in it). */
export const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** How `npm start` runs the built server: its environment, node's flags and the entry file. */
export interface StartCommand {
  env: Record<string, string>;
  nodeFlags: string[];
  /** Absolute path of the bundle node runs. */
  entry: string;
}

/**
 * Reads the last step of the root package.json's `start` script (`NAME=value … node --flag …
 * file`), so that end-to-end tests and benchmarks start the server exactly as a newcomer's
 * `npm start` does, and change with it.
 */
export function readStartCommand(): StartCommand {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const step = manifest.scripts.start.split('&&').at(-1)!.trim().split(/\s+/);
  const env: Record<string, string> = {};
  let at = 0;
  for (; at < step.length && /^[A-Z_][A-Z0-9_]*=/.test(step[at]!); at++) {
    const [name, ...value] = step[at]!.split('=');
    env[name!] = value.join('=');
  }
  if (step[at] !== 'node') throw new Error(`npm start's last step does not run node: ${manifest.scripts.start}`);
  const nodeFlags = step.slice(at + 1, -1);
  const entry = step.at(-1)!;
  if (nodeFlags.some((flag) => !flag.startsWith('--')) || !entry.endsWith('.mjs')) {
    throw new Error(`cannot read npm start's node flags and entry: ${manifest.scripts.start}`);
  }
  return { env, nodeFlags, entry: path.join(repoRoot, entry) };
}
