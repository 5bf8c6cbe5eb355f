import { bundleSidelineServer } from '@sideline/infra/build/bundle-server';

/**
 * Vitest global setup of the e2e project: the server bundle `npm start` runs is built once,
 * from the sources under test, before any e2e file starts Sideline.
 */
export default async function buildServer(): Promise<void> {
  await bundleSidelineServer();
}
