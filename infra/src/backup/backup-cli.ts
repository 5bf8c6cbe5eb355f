import { ConfigError, loadConfig } from '../config/index.ts';
import { DataDirBusyError } from './data-dir-lock.ts';
import { writeBackup } from './write-backup.ts';

/** Where services mode keeps what a backup of the embedded mode holds (docs/operations.md). */
const SERVICES_HINT =
  'In services mode back up PostgreSQL with pg_dump and DATA_DIR with your file backup (docs/operations.md, Backups).';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * `npm run backup -- FILE`: an archive of the embedded installation under DATA_DIR (the same
 * environment as `npm start`), while Sideline runs or while it is stopped.
 */
async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file || process.argv.length > 3) {
    console.error('Usage: npm run backup -- FILE   (e.g. sideline-backup.tar.gz; DATA_DIR as for npm start)');
    return 2;
  }
  const config = loadConfig();
  if (config.DATABASE_URL) {
    console.error(`npm run backup backs up the embedded mode; DATABASE_URL is set. ${SERVICES_HINT}`);
    return 2;
  }
  const summary = await writeBackup({ dataDir: config.DATA_DIR, file });
  const from = summary.databaseFrom === 'server' ? 'dumped by the running server' : 'Sideline was not running';
  console.log(
    `Backed up ${config.DATA_DIR} to ${summary.file} in ${(summary.ms / 1000).toFixed(1)} s: ` +
      `the database (${megabytes(summary.databaseBytes)}, ${from}) and ${summary.files} files (${megabytes(summary.fileBytes)}).`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirBusyError) console.error(error.message);
    else console.error('Backup failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
