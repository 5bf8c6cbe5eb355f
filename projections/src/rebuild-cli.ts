import { createLogger, loadConfig, openInfrastructure } from '@sideline/infra';
import { allProjectors, rebuildProjections } from './index.ts';

/**
 * `npm run projections:rebuild [-- name …]`: rebuild read models from the event log, with the
 * configuration `npm start` uses (the app must have started once, so the tables exist).
 */
async function main() {
  const config = loadConfig();
  const logger = createLogger({ level: config.LOG_LEVEL });
  const names = process.argv.slice(2);
  const unknown = names.filter((n) => !allProjectors.some((p) => p.name === n));
  if (unknown.length > 0) {
    console.error(
      `Unknown projection(s): ${unknown.join(', ')}. Known: ${allProjectors.map((p) => p.name).join(', ')}`,
    );
    process.exit(2);
  }
  const projectors = names.length > 0 ? allProjectors.filter((p) => names.includes(p.name)) : allProjectors;
  const infra = await openInfrastructure(config, logger);
  try {
    const result = await rebuildProjections({ ...infra, logger, projectors });
    console.log(`Rebuilt ${result.projectors.join(', ')} in ${result.ms} ms`);
  } finally {
    await infra.close();
  }
}

main().catch((error) => {
  console.error('Rebuild failed:', error);
  process.exit(1);
});
