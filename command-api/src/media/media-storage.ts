import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const SAFE_SEGMENT = /^[A-Za-z0-9_-]+(\.[a-z0-9]+)?$/;

/**
 * Uploads live in `${dataDir}/uploads/{teamId}/{file}`: outside the web root, served only by
 * GET /api/media/{file} after a membership check.
 */
export function uploadPath(dataDir: string, teamId: string, fileName: string): string {
  // Both are ours (ids and generated names), but a path is never built from unchecked text.
  if (!SAFE_SEGMENT.test(teamId) || !SAFE_SEGMENT.test(fileName)) throw new Error('Unsafe upload path segment');
  return path.join(dataDir, 'uploads', teamId, fileName);
}

/** Written beside, then renamed: a reader never sees half a file, a crash leaves only a temp. */
export async function writeFileAtomically(target: string, data: Buffer): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, data, { flag: 'wx' });
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

export async function removeFiles(paths: readonly string[]): Promise<void> {
  await Promise.all(paths.map((p) => rm(p, { force: true })));
}
