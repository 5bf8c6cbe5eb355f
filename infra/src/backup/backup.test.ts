import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { sql } from 'kysely';
import { pino } from 'pino';
import { pack as tarPack } from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDatabase, type PgliteDatabase } from '../db/pglite-database.ts';
import { eventStoreMigrations, migrateToLatest } from '../migrations/index.ts';
import { serveBackupControl } from './backup-control.ts';
import { DataDirBusyError, LOCK_FILE, lockDataDir, readDataDirLock } from './data-dir-lock.ts';
import { DataDirNotEmptyError, InvalidBackupError, restoreBackup } from './restore-backup.ts';
import { writeBackup } from './write-backup.ts';

const logger = pino({ level: 'silent' });
let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'sideline-backup-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Every file under `root` (relative, forward slashes) with its bytes. */
async function filesUnder(root: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out.set(path.relative(root, full).split(path.sep).join('/'), await readFile(full));
  }
  return out;
}

/** An embedded installation's folder: the database (with the event store's tables) and files. */
async function installation(dataDir: string, thread: 'main' | 'worker'): Promise<PgliteDatabase> {
  const database = await createPgliteDatabase({ dataDir, thread });
  await migrateToLatest(database, eventStoreMigrations);
  await sql`CREATE TABLE IF NOT EXISTS notes (id int PRIMARY KEY, body text NOT NULL)`.execute(database.db);
  const file = (relative: string, bytes: Buffer | string) =>
    mkdir(path.dirname(path.join(dataDir, relative)), { recursive: true }).then(() =>
      writeFile(path.join(dataDir, relative), bytes),
    );
  await file('uploads/team-1/photo.jpg', randomBytes(300_000));
  await file('uploads/team-1/photo-thumb.webp', randomBytes(2_000));
  await file('avatars/user-1.webp', randomBytes(5_000));
  await file('outbox/2026-01-01-invite.eml', 'Subject: You are invited\r\n\r\nhttp://x/invite?token=t\r\n');
  await file('livestreams/stream-1/segment-1.flv', randomBytes(50_000));
  await file('uploads/team-1/empty.txt', '');
  // Not part of a backup: an upload still arriving and a file being written beside its name.
  await file('uploads/.incoming/upload-123', randomBytes(1_000));
  await file('uploads/team-1/next.jpg.a1b2c3.tmp', randomBytes(1_000));
  return database;
}

const restoredFiles = (files: Map<string, Buffer>) =>
  new Map(
    [...files].filter(
      ([name]) =>
        !name.startsWith('pglite/') && name !== LOCK_FILE && !name.includes('.incoming') && !name.endsWith('.tmp'),
    ),
  );

describe('npm run backup and npm run restore (embedded)', () => {
  it(
    'backs up a running installation through its server while it writes, and restores it into an empty folder',
    { timeout: 120_000 },
    async () => {
      const source = path.join(work, 'running');
      const lock = await lockDataDir(source, 'server');
      const database = await installation(source, 'worker');
      const control = await serveBackupControl({ database, lock, logger });
      // One writer, one row per transaction, acknowledged in order.
      const acknowledged: number[] = [];
      let writing = true;
      const writer = (async () => {
        for (let id = 1; writing; id++) {
          await database.db.transaction().execute(async (trx) => {
            await sql`INSERT INTO notes VALUES (${id}, ${`note ${id}`})`.execute(trx);
            await sql`INSERT INTO notes VALUES (${-id}, 'its pair, in the same transaction')`.execute(trx);
          });
          acknowledged.push(id);
        }
      })();
      while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 10));

      const before = acknowledged.length;
      const file = path.join(work, 'running.tar.gz');
      const summary = await writeBackup({ dataDir: source, file });
      const after = acknowledged.length;
      writing = false;
      await writer;
      const originalFiles = restoredFiles(await filesUnder(source));
      await control.close();
      await database.close();
      await lock.release();

      expect(summary).toMatchObject({ databaseFrom: 'server', files: originalFiles.size });
      expect(after).toBeGreaterThan(before); // the writer kept writing while the backup ran
      expect(existsSync(`${file}.partial`)).toBe(false);

      const target = path.join(work, 'restored');
      const restored = await restoreBackup({ file, dataDir: target });
      expect(restored).toMatchObject({ files: originalFiles.size, header: { databaseFrom: 'server' } });

      expect(restoredFiles(await filesUnder(target))).toEqual(originalFiles);
      expect((await readdir(target)).sort()).toEqual(['avatars', 'livestreams', 'outbox', 'pglite', 'uploads']);
      const reopened = await createPgliteDatabase({ dataDir: target });
      try {
        const { rows } = await sql<{ id: number }>`SELECT id FROM notes WHERE id > 0 ORDER BY id`.execute(reopened.db);
        const ids = rows.map((r) => r.id);
        // Everything acknowledged before the backup began, and a whole prefix of the writes: no gap.
        expect(ids.length).toBeGreaterThanOrEqual(before);
        expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => i + 1));
        const pairs = await sql<{ n: number }>`SELECT count(*)::int AS n FROM notes WHERE id < 0`.execute(reopened.db);
        expect(pairs.rows[0]!.n).toBe(ids.length); // no transaction restored by half
      } finally {
        await reopened.close();
      }
    },
  );

  it(
    'opens the database itself when Sideline is stopped, holding the folder so that it cannot start meanwhile',
    { timeout: 120_000 },
    async () => {
      const source = path.join(work, 'stopped');
      const database = await installation(source, 'main');
      await sql`INSERT INTO notes VALUES (1, 'kept')`.execute(database.db);
      await database.close();

      const file = path.join(work, 'stopped.tar');
      const backingUp = writeBackup({ dataDir: source, file });
      // While the backup holds the folder, a server would be refused.
      for (let i = 0; i < 200 && (await readDataDirLock(source)) === null; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(await readDataDirLock(source)).toMatchObject({ holder: 'backup', pid: process.pid });
      const summary = await backingUp;
      expect(summary.databaseFrom).toBe('direct');
      expect(await readDataDirLock(source)).toBeNull();
      // Not gzipped: the name does not ask for it.
      expect((await readFile(file)).subarray(257, 262).toString()).toBe('ustar');

      const target = path.join(work, 'stopped-restored');
      expect((await restoreBackup({ file, dataDir: target })).header.databaseFrom).toBe('direct');
      const reopened = await createPgliteDatabase({ dataDir: target });
      try {
        expect((await sql<{ body: string }>`SELECT body FROM notes`.execute(reopened.db)).rows).toEqual([
          { body: 'kept' },
        ]);
      } finally {
        await reopened.close();
      }
    },
  );

  it('refuses to restore into a folder that is not empty, and leaves it as it was', async () => {
    const file = path.join(work, 'stopped.tar');
    const target = path.join(work, 'occupied');
    await mkdir(target, { recursive: true });
    await writeFile(path.join(target, 'notes.txt'), 'mine');
    const restoring = restoreBackup({ file, dataDir: target });
    await expect(restoring).rejects.toBeInstanceOf(DataDirNotEmptyError);
    await expect(restoring).rejects.toThrow(/is not empty \(notes\.txt\): restore only into an empty or new folder/);
    expect(await readdir(target)).toEqual(['notes.txt']);
  });

  it('refuses a damaged archive and one whose names leave the folder, leaving the folder empty', async () => {
    // The stopped installation's archive with one byte of a file changed.
    const good = await readFile(path.join(work, 'stopped.tar'));
    const at = good.indexOf(Buffer.from('Subject: You are invited'));
    expect(at).toBeGreaterThan(0);
    const damaged = Buffer.from(good);
    damaged[at] = 's'.charCodeAt(0);
    await writeFile(path.join(work, 'damaged.tar'), damaged);
    const target = path.join(work, 'damaged-target');
    await expect(restoreBackup({ file: path.join(work, 'damaged.tar'), dataDir: target })).rejects.toThrow(
      /outbox\/2026-01-01-invite\.eml does not match its checksum/,
    );
    expect(await readdir(target)).toEqual([]);

    const escaping = tarPack();
    const header = JSON.stringify({ format: 'sideline-backup', version: 1, createdAt: '', databaseFrom: 'direct' });
    escaping.entry({ name: 'sideline-backup.json' }, header);
    escaping.entry({ name: 'files/../../escaped.txt' }, 'outside');
    escaping.finalize();
    await pipeline(escaping as unknown as AsyncIterable<Buffer>, createWriteStream(path.join(work, 'escaping.tar')));
    const restoring = restoreBackup({ file: path.join(work, 'escaping.tar'), dataDir: target });
    await expect(restoring).rejects.toBeInstanceOf(InvalidBackupError);
    await expect(restoring).rejects.toThrow(/files\/\.\.\/\.\.\/escaped\.txt, which is not a Sideline file/);
    expect(existsSync(path.join(work, 'escaped.txt'))).toBe(false);
    expect(await readdir(target)).toEqual([]);

    await writeFile(path.join(work, 'not-a-backup.tar.gz'), randomBytes(2_000));
    await expect(restoreBackup({ file: path.join(work, 'not-a-backup.tar.gz'), dataDir: target })).rejects.toThrow();
    expect(await readdir(target)).toEqual([]);
  });

  it('gzips the archive when its name ends in .gz, and restore reads either', async () => {
    const head = Buffer.alloc(2);
    const stream = createReadStream(path.join(work, 'running.tar.gz'), { start: 0, end: 1 });
    for await (const chunk of stream) (chunk as Buffer).copy(head);
    expect([...head]).toEqual([0x1f, 0x8b]);
    await pipeline(createReadStream(path.join(work, 'running.tar.gz')), createGunzip(), async function* (source) {
      for await (const _ of source) yield;
    });
  });
});

describe('the DATA_DIR lock', () => {
  it('refuses a second holder while the first lives, and takes over a lock whose process is gone', async () => {
    const dataDir = path.join(work, 'locked');
    // A live process of this machine other than this one: a child that waits.
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      const held = { holder: 'server', pid: child.pid, host: hostname(), startedAt: new Date().toISOString() };
      await mkdir(dataDir, { recursive: true });
      await writeFile(path.join(dataDir, LOCK_FILE), JSON.stringify(held));
      const refused = lockDataDir(dataDir, 'backup');
      await expect(refused).rejects.toBeInstanceOf(DataDirBusyError);
      await expect(refused).rejects.toThrow(`is in use by Sideline (process ${child.pid}`);
      await expect(restoreBackup({ file: path.join(work, 'stopped.tar'), dataDir })).rejects.toBeInstanceOf(
        DataDirBusyError,
      );
    } finally {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    // Its process is gone: the lock is taken over.
    expect(await readDataDirLock(dataDir)).toBeNull();
    const lock = await lockDataDir(dataDir, 'server');
    expect(JSON.parse(await readFile(path.join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({
      holder: 'server',
      pid: process.pid,
    });
    await lock.release();
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });
});
