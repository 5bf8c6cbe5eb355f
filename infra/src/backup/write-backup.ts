import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { open, opendir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { pack as tarPack, type Pack } from 'tar-stream';
import { createPgliteDatabase } from '../db/pglite-database.ts';
import { requestDatabaseDump } from './backup-control.ts';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  DATABASE_DIR,
  DATABASE_ENTRY,
  FILES_PREFIX,
  HEADER_ENTRY,
  MANIFEST_ENTRY,
  skippedInBackup,
  type BackupHeader,
  type BackupManifest,
  type ManifestEntry,
} from './backup-format.ts';
import { dumpEmbeddedDatabase } from './database-dump.ts';
import { DataDirBusyError, lockDataDir, readDataDirLock, type DataDirLock } from './data-dir-lock.ts';

export interface BackupSummary {
  file: string;
  databaseFrom: BackupHeader['databaseFrom'];
  databaseBytes: number;
  files: number;
  fileBytes: number;
  ms: number;
}

/** How long a backup waits for a server that is still starting to open its control endpoint. */
const SERVER_START_WAIT_MS = 120_000;

/** Streams `source` into a new entry of `size` bytes; resolves with its manifest line. */
async function addEntry(
  pack: Pack,
  name: string,
  size: number,
  source: AsyncIterable<Buffer>,
  mtime?: Date,
): Promise<ManifestEntry> {
  const hash = createHash('sha256');
  let bytes = 0;
  let entry!: ReturnType<Pack['entry']>;
  const written = new Promise<void>((resolve, reject) => {
    entry = pack.entry({ name, size, mode: 0o644, ...(mtime && { mtime }) }, (error) =>
      error ? reject(error) : resolve(),
    );
  });
  written.catch(() => undefined);
  for await (const chunk of source) {
    hash.update(chunk);
    bytes += chunk.length;
    if (!entry.write(chunk))
      await Promise.race([new Promise<void>((resolve) => entry.once('drain', () => resolve())), written]);
  }
  entry.end(undefined);
  await written;
  return { name, bytes, sha256: hash.digest('hex') };
}

/**
 * The database, compressed into `target`: from the running server's control endpoint when it
 * holds DATA_DIR, otherwise by opening PGlite here (with DATA_DIR locked, so the server cannot
 * start meanwhile). Returns where it came from and the lock to keep until the files are copied.
 */
async function dumpDatabase(
  dataDir: string,
  target: string,
): Promise<{ from: BackupHeader['databaseFrom']; lock: DataDirLock | null }> {
  const deadline = Date.now() + SERVER_START_WAIT_MS;
  for (;;) {
    const holder = await readDataDirLock(dataDir);
    if (holder?.holder === 'server' && holder.control) {
      const response = await requestDatabaseDump(holder.control);
      await pipeline(response, createGzip(), createWriteStream(target));
      return { from: 'server', lock: null };
    }
    if (holder?.holder === 'server') {
      // Started, still opening the database or migrating: its endpoint comes when it is ready.
      if (Date.now() > deadline) throw new DataDirBusyError(dataDir, holder);
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    if (holder) throw new DataDirBusyError(dataDir, holder);
    let lock: DataDirLock;
    try {
      lock = await lockDataDir(dataDir, 'backup');
    } catch (error) {
      // A server started between the look and the lock: ask it instead.
      if (error instanceof DataDirBusyError && error.info.holder === 'server') continue;
      throw error;
    }
    try {
      const database = await createPgliteDatabase({ dataDir, thread: 'main' });
      let dump: Uint8Array;
      try {
        dump = await dumpEmbeddedDatabase(database);
      } finally {
        await database.close();
      }
      await pipeline(Readable.from([dump]), createGzip(), createWriteStream(target));
      return { from: 'direct', lock };
    } catch (error) {
      await lock.release();
      throw error;
    }
  }
}

/** DATA_DIR's files, relative with forward slashes, sorted; the database and temporaries left out. */
async function* dataFiles(root: string, relative = ''): AsyncGenerator<string> {
  const directory = await opendir(path.join(root, relative)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (!directory) return;
  const names: Array<{ name: string; isDirectory: boolean; isFile: boolean }> = [];
  for await (const entry of directory) {
    names.push({ name: entry.name, isDirectory: entry.isDirectory(), isFile: entry.isFile() });
  }
  names.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of names) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (skippedInBackup(child)) continue;
    // Symbolic links and special files are not Sideline's: left out.
    if (entry.isDirectory) yield* dataFiles(root, child);
    else if (entry.isFile) yield child;
  }
}

/**
 * `npm run backup -- FILE`: one archive of an embedded installation (backup-format.ts), written
 * while Sideline runs or while it is stopped. The database is dumped first; the files are copied
 * after it, so a file the dump refers to is there (uploads are written before their event),
 * and a file added meanwhile is a harmless extra. Written beside FILE and renamed into place when
 * complete, so FILE is never half an archive.
 */
export async function writeBackup(options: { dataDir: string; file: string }): Promise<BackupSummary> {
  const started = performance.now();
  const dataDir = path.resolve(options.dataDir);
  const file = path.resolve(options.file);
  if (!existsSync(path.join(dataDir, DATABASE_DIR))) {
    throw new Error(`${dataDir} holds no embedded installation (no ${DATABASE_DIR}/ folder): nothing to back up`);
  }
  if (file === dataDir || file.startsWith(`${dataDir}${path.sep}`)) {
    throw new Error(`Write the backup outside DATA_DIR (${dataDir}), or it would contain itself`);
  }
  const partial = `${file}.partial`;
  const databaseFile = `${file}.database.partial`;
  let lock: DataDirLock | null = null;
  try {
    const dumped = await dumpDatabase(dataDir, databaseFile);
    lock = dumped.lock;

    const pack = tarPack();
    const gzip = /\.(t?gz)$/i.test(file);
    const archive = pack as unknown as AsyncIterable<Buffer>;
    const output = gzip
      ? pipeline(archive, createGzip(), createWriteStream(partial))
      : pipeline(archive, createWriteStream(partial));
    // A failed write (a full disk) stops the entry being added, instead of leaving it waiting.
    const outputFailed = new Promise<never>((_resolve, reject) => void output.catch(reject));
    outputFailed.catch(() => undefined);
    const add = (...args: Parameters<typeof addEntry>) => Promise.race([addEntry(...args), outputFailed]);
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      databaseFrom: dumped.from,
    };
    const headerBytes = Buffer.from(JSON.stringify(header, null, 2));
    await add(pack, HEADER_ENTRY, headerBytes.length, Readable.from([headerBytes]));

    const databaseSize = (await stat(databaseFile)).size;
    const database = await add(pack, DATABASE_ENTRY, databaseSize, createReadStream(databaseFile));

    const files: ManifestEntry[] = [];
    for await (const relative of dataFiles(dataDir)) {
      // Opened, then measured: a file still growing (a recording) is taken as long as it was then.
      const handle = await open(path.join(dataDir, relative), 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null; // deleted since it was listed
        throw error;
      });
      if (!handle) continue;
      try {
        const { size, mtime } = await handle.stat();
        const source =
          size === 0 ? Readable.from([]) : handle.createReadStream({ start: 0, end: size - 1, autoClose: false });
        files.push(await add(pack, `${FILES_PREFIX}${relative}`, size, source, mtime));
      } finally {
        await handle.close();
      }
    }

    const manifest: BackupManifest = { database, files };
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
    await add(pack, MANIFEST_ENTRY, manifestBytes.length, Readable.from([manifestBytes]));
    pack.finalize();
    await output;
    await rename(partial, file);
    return {
      file,
      databaseFrom: dumped.from,
      databaseBytes: database.bytes,
      files: files.length,
      fileBytes: files.reduce((sum, f) => sum + f.bytes, 0),
      ms: Math.round(performance.now() - started),
    };
  } finally {
    await lock?.release();
    await rm(databaseFile, { force: true });
    await rm(partial, { force: true });
  }
}
