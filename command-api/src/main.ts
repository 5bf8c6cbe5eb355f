import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ConfigError,
  createLogger,
  DataDirBusyError,
  loadConfig,
  lockDataDir,
  migrateToLatest,
  openInfrastructure,
  runMode,
  scheduleEmbeddedMaintenance,
  serveBackupControl,
  type PgliteDatabase,
} from '@sideline/infra';
import { allMigrations } from './migrations.ts';
import { describeDemo, findDemo, seedDemo } from './seed/demo-seed.ts';
import { createSidelineServer } from './server.ts';
import { shownHost } from './http/origin-check.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDist = path.resolve(here, '../../web/dist');

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ level: config.LOG_LEVEL });
  const mode = runMode(config);
  if (mode === 'embedded') mkdirSync(config.DATA_DIR, { recursive: true });
  // Embedded, this process alone opens the database under DATA_DIR: a second server, a backup
  // or a restore working on the same folder is refused until this one stops.
  const lock =
    mode === 'embedded'
      ? await lockDataDir(config.DATA_DIR, 'server').catch((error: unknown) => {
          if (!(error instanceof DataDirBusyError)) throw error;
          console.error(`${error.message}: Sideline cannot start on it until that process ends.`);
          process.exit(1);
        })
      : null;

  const infra = await openInfrastructure(config, logger);
  await migrateToLatest(infra.database, allMigrations);
  // `npm run backup` asks this process for a consistent dump of the database it holds.
  const backupControl =
    lock && infra.database.kind === 'pglite'
      ? await serveBackupControl({ database: infra.database as PgliteDatabase, lock, logger })
      : null;
  const stopMaintenance = scheduleEmbeddedMaintenance(infra.database, logger);
  const server = await createSidelineServer({
    config,
    ...infra,
    logger,
    webDist: existsSync(path.join(webDist, 'index.html')) ? webDist : null,
  });
  if (!existsSync(path.join(webDist, 'index.html'))) {
    logger.warn(
      'web/dist is missing: the API runs, but build the web app (npm run build:web) to use Sideline in a browser',
    );
  }

  const host = shownHost(config.HOST);
  // A newcomer's first start gets a living team to look at; never on a database with users.
  const demo =
    mode === 'embedded' && config.SEED_DEMO && config.SIDELINE_ROLE === 'all'
      ? await seedDemo(server.app, infra.database.db, { origin: `http://${host}:${config.PORT}` }).catch(
          (error: unknown) => {
            logger.warn({ err: error }, 'demo data could not be seeded');
            return null;
          },
        )
      : null;
  const demoToShow = demo ?? (mode === 'embedded' ? await findDemo(infra.database.db) : null);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping Sideline');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    stopMaintenance();
    await backupControl?.close();
    await server.close();
    await infra.close();
    await lock?.release();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await server.app.listen({ host: config.HOST, port: config.PORT });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const where = mode === 'embedded' ? `data in ${path.resolve(config.DATA_DIR)}` : `mode ${mode}`;
  console.log(
    `\n  Sideline is running at http://${host}:${port}  (${where}, role ${config.SIDELINE_ROLE}, Node ${process.versions.node})\n`,
  );
  if (server.metrics) console.log(`  Metrics for Prometheus: ${server.metrics.url}\n`);
  if (config.RTMP_ENABLED && config.SIDELINE_ROLE !== 'projector' && config.SIDELINE_ROLE !== 'realtime') {
    const rtmpHost = config.RTMP_HOST ?? config.HOST;
    const shownRtmp = rtmpHost === '0.0.0.0' || rtmpHost === '::' ? 'localhost' : rtmpHost;
    console.log(`  Livestream ingest (OBS, ffmpeg): rtmp://${shownRtmp}:${config.RTMP_PORT}/live/{stream key}\n`);
  }
  if (demoToShow) console.log(`${describeDemo(demoToShow)}${demo ? '\n  (Set SEED_DEMO=0 to start empty.)' : ''}\n`);
}

main().catch((error) => {
  console.error('Sideline failed to start:', error);
  process.exit(1);
});
