import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

/** The file in DATA_DIR that says which process has the embedded database open. */
export const LOCK_FILE = 'sideline.lock';

export type LockHolder = 'server' | 'backup' | 'restore';

export interface DataDirLockInfo {
  holder: LockHolder;
  pid: number;
  host: string;
  startedAt: string;
  /** A running server's backup endpoint on loopback (backup-control.ts), once it listens. */
  control?: { port: number; token: string };
}

/** Another live process holds DATA_DIR. */
export class DataDirBusyError extends Error {
  readonly code = 'DATA_DIR_BUSY';
  constructor(
    readonly dataDir: string,
    readonly info: DataDirLockInfo,
  ) {
    const who =
      info.holder === 'server' ? 'Sideline' : info.holder === 'backup' ? 'a backup (npm run backup)' : 'a restore';
    const where = info.host === hostname() ? `process ${info.pid}` : `process ${info.pid} on ${info.host}`;
    super(`${dataDir} is in use by ${who} (${where}, since ${info.startedAt})`);
  }
}

export interface DataDirLock {
  readonly info: DataDirLockInfo;
  /** Adds the control endpoint to the lock file (replaced whole, never half written). */
  update(change: Pick<DataDirLockInfo, 'control'>): Promise<void>;
  /** Removes the lock file if it is still this process's. */
  release(): Promise<void>;
}

const lockPath = (dataDir: string) => path.join(dataDir, LOCK_FILE);

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readInfo(dataDir: string): Promise<DataDirLockInfo | null> {
  try {
    return JSON.parse(await readFile(lockPath(dataDir), 'utf8')) as DataDirLockInfo;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // Written whole (link or rename of a complete file), so unreadable means damaged: not a holder.
    if (error instanceof SyntaxError) return null;
    throw error;
  }
}

/**
 * Whether a holder is alive. A lock from another host (a container sharing the volume) cannot be
 * checked from here, so it counts as alive.
 */
const alive = (info: DataDirLockInfo) => info.host !== hostname() || processAlive(info.pid);

/** The live holder of DATA_DIR, if any (a lock left by a process that died is no holder). */
export async function readDataDirLock(dataDir: string): Promise<DataDirLockInfo | null> {
  const info = await readInfo(dataDir);
  return info && alive(info) ? info : null;
}

async function writeWhole(target: string, info: DataDirLockInfo, place: 'link' | 'rename'): Promise<void> {
  const temp = `${target}.${randomBytes(6).toString('hex')}`;
  await writeFile(temp, JSON.stringify(info, null, 2), { mode: 0o600 });
  try {
    // link() fails if the lock exists: taking it is atomic and the file is never seen half written.
    if (place === 'link') await link(temp, target);
    else await rename(temp, target);
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

/**
 * Takes DATA_DIR for this process: the server for its lifetime, a backup or restore while it
 * works on the folder, so that no two of them ever open the embedded database at once. A lock
 * left by a process that is gone (or by this process's own id, as after a container restart) is
 * taken over.
 */
export async function lockDataDir(dataDir: string, holder: LockHolder): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  let info: DataDirLockInfo = { holder, pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  const target = lockPath(dataDir);
  for (let attempt = 0; ; attempt++) {
    try {
      await writeWhole(target, info, 'link');
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error;
      const current = await readInfo(dataDir);
      if (current && alive(current) && !(current.pid === process.pid && current.host === info.host)) {
        throw new DataDirBusyError(dataDir, current);
      }
      await unlink(target).catch(() => undefined);
    }
  }
  let released = false;
  return {
    get info() {
      return info;
    },
    async update(change) {
      info = { ...info, ...change };
      await writeWhole(target, info, 'rename');
    },
    async release() {
      if (released) return;
      released = true;
      const current = await readInfo(dataDir);
      if (current?.pid === info.pid && current.host === info.host) await unlink(target).catch(() => undefined);
    },
  };
}
