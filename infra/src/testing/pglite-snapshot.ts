import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { open, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Migration } from 'kysely';
import { createPgliteDatabase } from '../db/pglite-database.ts';
import { migrateToLatest } from '../migrations/migrate.ts';
import { migrationSetKey } from './migration-set-key.ts';

const LOCK_STALE_MS = 120_000;
const snapshots = new Map<string, Promise<Blob>>();

function pgliteVersion(): string {
  // The package does not export its package.json: find it above its entry point.
  try {
    let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    for (let i = 0; i < 5; i++, dir = path.dirname(dir)) {
      const file = path.join(dir, 'package.json');
      if (existsSync(file)) {
        const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
        if (pkg.name === '@electric-sql/pglite') return pkg.version ?? 'unknown';
      }
    }
  } catch {
    // fall through
  }
  return 'unknown';
}

/**
 * A `dumpDataDir()` of a PGlite cluster migrated with this set, cached under the OS temp dir
 * across runs and workers (starting PGlite from scratch takes seconds; loading a dump ~0.3 s).
 * Workers racing to build it: one holds a lock file while the others wait for the file; the
 * dump is written to a temporary name and renamed, so a reader never sees half a file.
 */
export function pgliteSnapshot(migrations: Record<string, Migration>): Promise<Blob> {
  const key = migrationSetKey(migrations, `pglite ${pgliteVersion()}`);
  let snapshot = snapshots.get(key);
  if (!snapshot) {
    snapshot = loadOrBuild(path.join(os.tmpdir(), `sideline-pglite-${key}.tgz`), migrations);
    snapshots.set(key, snapshot);
    snapshot.catch(() => snapshots.delete(key));
  }
  return snapshot;
}

async function loadOrBuild(file: string, migrations: Record<string, Migration>): Promise<Blob> {
  const lock = `${file}.lock`;
  for (;;) {
    const cached = await readFile(file).catch(() => undefined);
    if (cached) {
      // The modification time says when it was last used (see removeUnusedSnapshots).
      const now = new Date();
      await utimes(file, now, now).catch(() => undefined);
      return unpacked(cached);
    }
    const handle = await open(lock, 'wx').catch(() => undefined);
    if (handle) {
      await handle.close();
      try {
        const dump = await build(migrations);
        const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
        const gzipped = new Uint8Array(await dump.arrayBuffer());
        await writeFile(tmp, gzipped);
        await rename(tmp, file);
        await removeUnusedSnapshots(path.dirname(file));
        return unpacked(gzipped);
      } finally {
        await rm(lock, { force: true });
      }
    }
    // Someone else is building: wait for the file, or take over from a builder that died.
    const lockAge = await stat(lock).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0,
    );
    if (lockAge > LOCK_STALE_MS) await rm(lock, { force: true });
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Kept gzipped on disk (~4.5 MB rather than ~40 MB) but unpacked once per process: PGlite would
 * otherwise gunzip it again for every test file, a third of the load time.
 */
function unpacked(gzipped: Uint8Array): Blob {
  return new Blob([gunzipSync(gzipped)]);
}

const SNAPSHOT_MAX_IDLE_MS = 7 * 86_400_000;

/** Snapshots of migration sets no one has used for a week are obsolete. */
async function removeUnusedSnapshots(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (!/^sideline-pglite-[0-9a-f]+\.tgz$/.test(name)) continue;
    const file = path.join(dir, name);
    const age = await stat(file).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0,
    );
    if (age > SNAPSHOT_MAX_IDLE_MS) await rm(file, { force: true });
  }
}

async function build(migrations: Record<string, Migration>): Promise<Blob> {
  const database = await createPgliteDatabase();
  try {
    await migrateToLatest(database, migrations);
    return await database.pglite.dumpDataDir('gzip');
  } finally {
    await database.close();
  }
}

/** Forgets a snapshot that failed to load (e.g. a truncated file from another PGlite build). */
export async function discardPgliteSnapshot(migrations: Record<string, Migration>): Promise<void> {
  const key = migrationSetKey(migrations, `pglite ${pgliteVersion()}`);
  snapshots.delete(key);
  await rm(path.join(os.tmpdir(), `sideline-pglite-${key}.tgz`), { force: true });
}
