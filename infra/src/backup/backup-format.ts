import path from 'node:path';
import { LOCK_FILE } from './data-dir-lock.ts';

/**
 * A backup is one tar file (gzipped when its name ends in .gz or .tgz), streamed in this order:
 * - `sideline-backup.json`: what it is (`BackupHeader`);
 * - `database.tar.gz`: PGlite's dump of the embedded database;
 * - `files/…`: every file of DATA_DIR but the database, copied after the dump;
 * - `manifest.json`: the name, size and SHA-256 of every entry above it (`BackupManifest`).
 */
export const HEADER_ENTRY = 'sideline-backup.json';
export const DATABASE_ENTRY = 'database.tar.gz';
export const FILES_PREFIX = 'files/';
export const MANIFEST_ENTRY = 'manifest.json';

export const BACKUP_FORMAT = 'sideline-backup';
export const BACKUP_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** `server`: dumped by the running server; `direct`: Sideline was stopped, the backup opened it. */
  databaseFrom: 'server' | 'direct';
}

export interface ManifestEntry {
  name: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  database: ManifestEntry;
  files: ManifestEntry[];
}

/** The database's own folder, dumped rather than copied. */
export const DATABASE_DIR = 'pglite';

/**
 * What of DATA_DIR is not copied as files: the database (dumped instead), the lock, uploads
 * still arriving (`uploads/.incoming`), files being written beside their final name (`.tmp`) and
 * live streams' HLS segments (`hls/`: seconds of video, gone when the stream ends) and the RTMP
 * ingest's own runtime store (`nms-store/`: node-media-server's lock, nothing of Sideline's).
 * `relative` uses forward slashes.
 */
export function skippedInBackup(relative: string): boolean {
  const top = relative.split('/')[0]!;
  return (
    top === DATABASE_DIR ||
    top.startsWith(LOCK_FILE) ||
    top === 'hls' ||
    top === 'nms-store' ||
    relative === 'uploads/.incoming' ||
    relative.startsWith('uploads/.incoming/') ||
    relative.endsWith('.tmp')
  );
}

/**
 * The DATA_DIR-relative path of a `files/…` entry, or null when the name could reach outside the
 * folder or into the database (an archive is checked, not trusted).
 */
export function restorablePath(entryName: string): string | null {
  if (!entryName.startsWith(FILES_PREFIX)) return null;
  const relative = entryName.slice(FILES_PREFIX.length);
  if (relative === '' || relative.includes('\0') || relative.includes('\\')) return null;
  const normal = path.posix.normalize(relative);
  if (normal !== relative || path.posix.isAbsolute(normal) || normal.split('/').includes('..')) return null;
  if (skippedInBackup(normal)) return null;
  return normal;
}
