import { connect } from '@nats-io/transport-node';
import { splitServers } from './nats-bus.ts';

export const defaultNatsUrl = 'nats://127.0.0.1:4222';

/**
 * Whether a NATS server answers at `url` (default: NATS_URL, else 127.0.0.1:4222), within a
 * short timeout and without retrying. Used by tests to decide skip vs. fail, and by health
 * checks at startup.
 */
export async function natsAvailable(
  url: string = process.env.NATS_URL ?? defaultNatsUrl,
  timeoutMs = 1_000,
): Promise<boolean> {
  try {
    const nc = await connect({
      servers: splitServers(url),
      timeout: timeoutMs,
      reconnect: false,
      maxReconnectAttempts: 0,
    });
    await nc.close();
    return true;
  } catch {
    return false;
  }
}
