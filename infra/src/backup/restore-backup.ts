import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, openAsBlob } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { sql } from 'kysely';
import { extract as tarExtract } from 'tar-stream';
import { createPgliteDatabase } from '../db/pglite-database.ts';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  DATABASE_ENTRY,
  HEADER_ENTRY,
  MANIFEST_ENTRY,
  restorablePath,
  type BackupHeader,
  type BackupManifest,
  type ManifestEntry,
} from './backup-format.ts';
import { LOCK_FILE, lockDataDir } from './data-dir-lock.ts';

export interface RestoreSummary {
  dataDir: string;
  header: BackupHeader;
  events: number;
  files: number;
  fileBytes: number;
  ms: number;
}

/** DATA_DIR already holds something: a restore never mixes two installations. */
export class DataDirNotEmptyError extends Error {
  readonly code = 'DATA_DIR_NOT_EMPTY';
}

/** The file is not a Sideline backup, or not a whole or intact one. */
export class InvalidBackupError extends Error {
  readonly code = 'INVALID_BACKUP';
}

/** Where the database dump waits between the archive and PGlite (inside DATA_DIR, removed after). */
const DATABASE_STAGING = '.restoring-database.tar.gz';

/** The archive's bytes, gunzipped when they start with gzip's magic number. */
async function openArchive(file: string): Promise<Readable> {
  const source = createReadStream(file);
  const first: Buffer = await new Promise((resolve, reject) => {
    source.once('error', reject);
    source.once('readable', () => resolve((source.read(2) as Buffer | null) ?? Buffer.alloc(0)));
  });
  source.unshift(first);
  if (first[0] === 0x1f && first[1] === 0x8b) {
    const gunzip = createGunzip();
    void pipeline(source, gunzip).catch((error: Error) => gunzip.destroy(error));
    return gunzip;
  }
  return source;
}

async function readAll(stream: AsyncIterable<Buffer>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > limit) throw new InvalidBackupError('The backup is damaged: a description entry is too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Writes an entry to a new file (never over one), returning its size and SHA-256. */
async function writeEntry(stream: AsyncIterable<Buffer>, target: string): Promise<{ bytes: number; sha256: string }> {
  await mkdir(path.dirname(target), { recursive: true });
  const hash = createHash('sha256');
  let bytes = 0;
  await pipeline(
    stream,
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    }),
    createWriteStream(target, { flags: 'wx' }),
  );
  return { bytes, sha256: hash.digest('hex') };
}

function parseJson<T>(bytes: Buffer, what: string): T {
  try {
    return JSON.parse(bytes.toString('utf8')) as T;
  } catch {
    throw new InvalidBackupError(`The backup is damaged: its ${what} is not JSON`);
  }
}

/**
 * `npm run restore -- FILE`: puts a backup (write-backup.ts) into an empty DATA_DIR. Every entry
 * is checked against the archive's manifest (names, sizes, SHA-256) and no name may reach
 * outside the folder; the database is then loaded by PGlite, which leaves a data folder
 * `npm start` opens as it is. A failed restore leaves the folder empty again.
 */
export async function restoreBackup(options: { file: string; dataDir: string }): Promise<RestoreSummary> {
  const started = performance.now();
  const dataDir = path.resolve(options.dataDir);
  const lock = await lockDataDir(dataDir, 'restore');
  let wrote = false;
  let archive: Readable | undefined;
  try {
    const present = (await readdir(dataDir)).filter((name) => name !== LOCK_FILE);
    if (present.length > 0) {
      const shown = present.slice(0, 5).join(', ') + (present.length > 5 ? ', …' : '');
      throw new DataDirNotEmptyError(
        `${dataDir} is not empty (${shown}): restore only into an empty or new folder, or move this one aside first`,
      );
    }
    wrote = true;
    archive = await openArchive(options.file);
    const extract = tarExtract();
    archive.on('error', (error: Error) => extract.destroy(error));
    archive.pipe(extract as unknown as NodeJS.WritableStream);

    let header: BackupHeader | null = null;
    let manifest: BackupManifest | null = null;
    const seen = new Map<string, { bytes: number; sha256: string }>();
    for await (const entry of extract) {
      const name = entry.header.name;
      const content = entry as unknown as AsyncIterable<Buffer>;
      if (manifest) throw new InvalidBackupError(`The backup is damaged: ${name} follows its manifest`);
      if (!header) {
        if (name !== HEADER_ENTRY) {
          throw new InvalidBackupError(
            `${options.file} is not a Sideline backup (it does not start with ${HEADER_ENTRY})`,
          );
        }
        header = parseJson<BackupHeader>(await readAll(content, 64 * 1024), 'description');
        if (header.format !== BACKUP_FORMAT || header.version !== BACKUP_VERSION) {
          throw new InvalidBackupError(
            `${options.file} is a backup of format ${header.format} ${header.version}; this Sideline reads ${BACKUP_FORMAT} ${BACKUP_VERSION}`,
          );
        }
        continue;
      }
      if (entry.header.type !== 'file') {
        throw new InvalidBackupError(`The backup holds ${name}, a ${entry.header.type ?? 'special'} entry: refused`);
      }
      if (name === MANIFEST_ENTRY) {
        manifest = parseJson<BackupManifest>(await readAll(content, 256 * 1024 * 1024), 'manifest');
        continue;
      }
      if (seen.has(name)) throw new InvalidBackupError(`The backup holds ${name} twice`);
      const relative = name === DATABASE_ENTRY ? DATABASE_STAGING : restorablePath(name);
      if (relative === null)
        throw new InvalidBackupError(`The backup holds ${name}, which is not a Sideline file: refused`);
      seen.set(name, await writeEntry(content, path.join(dataDir, relative)));
    }
    if (!header) throw new InvalidBackupError(`${options.file} is empty or not a tar archive`);
    if (!manifest) throw new InvalidBackupError('The backup is incomplete: it ends before its manifest');

    const listed: ManifestEntry[] = [manifest.database, ...manifest.files];
    for (const item of listed) {
      const got = seen.get(item.name);
      if (!got) throw new InvalidBackupError(`The backup is incomplete: ${item.name} is missing`);
      if (got.bytes !== item.bytes || got.sha256 !== item.sha256) {
        throw new InvalidBackupError(`The backup is damaged: ${item.name} does not match its checksum`);
      }
    }
    if (seen.size !== listed.length || manifest.database.name !== DATABASE_ENTRY) {
      throw new InvalidBackupError('The backup is damaged: its entries and its manifest disagree');
    }

    const staged = path.join(dataDir, DATABASE_STAGING);
    const database = await createPgliteDatabase({ dataDir, thread: 'main', loadDataDir: await openAsBlob(staged) });
    let events: number;
    try {
      const { rows } = await sql<{ count: number }>`SELECT count(*)::int AS count FROM es_events`.execute(database.db);
      events = rows[0]!.count;
    } finally {
      await database.close();
    }
    await rm(staged, { force: true });
    return {
      dataDir,
      header,
      events,
      files: manifest.files.length,
      fileBytes: manifest.files.reduce((sum, f) => sum + f.bytes, 0),
      ms: Math.round(performance.now() - started),
    };
  } catch (error) {
    if (wrote) {
      // Back to the empty folder it was: nothing half restored is left for `npm start` to open.
      for (const name of await readdir(dataDir)) {
        if (name !== LOCK_FILE) await rm(path.join(dataDir, name), { recursive: true, force: true });
      }
    }
    throw error;
  } finally {
    archive?.destroy();
    await lock.release();
  }
}
