import { requireServices, servicesOff } from '../testing/services.ts';
import { defaultNatsUrl, natsAvailable } from './nats-available.ts';

/**
 * Decides, once per test file, whether suites needing NATS run. Returns the URL to use, or null
 * after printing why they skip. Under SIDELINE_REQUIRE_SERVICES=1 (CI) an unreachable NATS is a
 * failure, not a skip; under SIDELINE_TEST_SERVICES=none they skip without trying. Import from '@sideline/infra/bus/testing' (kept out of the main barrel).
 */
export async function natsForTests(suite: string): Promise<string | null> {
  if (servicesOff()) {
    console.warn(`[skip] ${suite}: SIDELINE_TEST_SERVICES=none`);
    return null;
  }
  const url = process.env.NATS_URL ?? defaultNatsUrl;
  if (await natsAvailable(url)) return url;
  const reason = `NATS unreachable at ${url}`;
  if (requireServices()) {
    throw new Error(`${suite}: ${reason} and SIDELINE_REQUIRE_SERVICES=1`);
  }
  console.warn(`[skip] ${suite}: ${reason}`);
  return null;
}
