import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (file: string) => readFileSync(`${root}${file}`, 'utf8');

interface LockEntry {
  version?: string;
  dev?: boolean;
  devOptional?: boolean;
  optional?: boolean;
  cpu?: string[];
  engines?: { node?: string } | string[];
}

const pkg = JSON.parse(read('package.json')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockEntry> };
const declared = pkg.engines.node;
/** The Node the README's commands run on: the registry's `node` package, as locked. */
const bundled = lock.packages['node_modules/node']?.version;

describe('the Node runtime', () => {
  it('is declared once: engines, .nvmrc and the bundled node package name the same major', () => {
    const major = semver.minVersion(declared)?.major;
    expect(major).toBeGreaterThanOrEqual(24);
    expect(read('.nvmrc').trim()).toBe(String(major));
    expect(bundled, 'package-lock.json has node_modules/node').toBeDefined();
    expect(semver.major(bundled!)).toBe(major);
    expect(semver.satisfies(bundled!, declared)).toBe(true);
    expect(semver.minVersion(pkg.devDependencies.node!)?.major).toBe(major);
  });

  // npm puts node_modules/.bin (with the bundled node) first on PATH for every script, npx and
  // workspace run; vitest's workers and the processes tests spawn inherit process.execPath.
  it('runs this test, and the processes tests spawn, on the declared Node', () => {
    console.info(`test worker: Node ${process.version} (${process.execPath})`);
    expect(semver.satisfies(process.version, declared), `${process.version} satisfies ${declared}`).toBe(true);
    const child = execFileSync(process.execPath, ['-p', 'process.version'], { encoding: 'utf8' }).trim();
    expect(child).toBe(process.version);
  });

  it('has no production dependency whose engines exclude the declared Node', () => {
    const lowest = semver.minVersion(declared)!.version;
    const excluded: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (!path.startsWith('node_modules/') || entry.dev || entry.devOptional) continue;
      // Optional binaries for 32-bit x86 never install: Node 24 is not built for it.
      if (entry.optional && entry.cpu?.every((cpu) => cpu === 'ia32')) continue;
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (range === undefined) continue;
      for (const version of [lowest, bundled!]) {
        if (!semver.satisfies(version, range))
          excluded.push(`${path}@${entry.version} wants node ${range}, not ${version}`);
      }
    }
    expect(excluded).toEqual([]);
  });
});
