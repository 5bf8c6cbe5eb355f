import { ConfigError, loadConfig } from '../config/index.ts';
import { DataDirBusyError } from './data-dir-lock.ts';
import { DataDirNotEmptyError, InvalidBackupError, restoreBackup } from './restore-backup.ts';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** `npm run restore -- FILE`: a backup into an empty DATA_DIR (the same environment as `npm start`). */
async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file || process.argv.length > 3) {
    console.error('Usage: npm run restore -- FILE   (into an empty DATA_DIR, as npm start would use it)');
    return 2;
  }
  const config = loadConfig();
  if (config.DATABASE_URL) {
    console.error('npm run restore restores the embedded mode; DATABASE_URL is set (services mode: pg_restore).');
    return 2;
  }
  const summary = await restoreBackup({ file, dataDir: config.DATA_DIR });
  console.log(
    `Restored ${file} (taken ${summary.header.createdAt}) into ${summary.dataDir} in ${(summary.ms / 1000).toFixed(1)} s: ` +
      `${summary.events} events and ${summary.files} files (${megabytes(summary.fileBytes)}). Start Sideline with npm start.`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known =
      error instanceof ConfigError ||
      error instanceof DataDirBusyError ||
      error instanceof DataDirNotEmptyError ||
      error instanceof InvalidBackupError;
    if (known) console.error(error.message);
    else console.error('Restore failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
