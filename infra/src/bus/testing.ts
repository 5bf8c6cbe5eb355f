import { defaultNatsUrl, natsAvailable } from './nats-available.ts';

/**
 * Decides, once per test file, whether suites needing NATS run. Returns the URL to use, or null
 * after printing why they skip. Under SIDELINE_REQUIRE_SERVICES=1 (CI) an unreachable NATS is a
 * failure, not a skip. Import from '@sideline/infra/bus/testing' (kept out of the main barrel).
 */
export async function natsForTests(suite: string): Promise<string | null> {
  const url = process.env.NATS_URL ?? defaultNatsUrl;
  if (await natsAvailable(url)) return url;
  const reason = `NATS unreachable at ${url}`;
  if (process.env.SIDELINE_REQUIRE_SERVICES === '1') {
    throw new Error(`${suite}: ${reason} and SIDELINE_REQUIRE_SERVICES=1`);
  }
  console.warn(`[skip] ${suite}: ${reason}`);
  return null;
}
