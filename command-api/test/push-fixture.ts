import { expect } from 'vitest';
import { readJson, type ApiClient } from './http-client.ts';
import { startLocalPushService, type FakeSubscription, type LocalPushService } from './push-service.ts';
import { startTestServer, type TestServer } from './test-server.ts';

export interface PushedServer {
  server: TestServer;
  pushService: LocalPushService;
}

/**
 * A test server whose pushes go to a local RFC 8030 push service (allowed by
 * PUSH_ENDPOINT_ALLOWLIST), the service checking every push's VAPID signature with the server's key.
 */
export async function startPushedServer(
  options: Parameters<typeof startTestServer>[0] & { env?: NodeJS.ProcessEnv } = {},
): Promise<PushedServer> {
  const pushService = await startLocalPushService();
  const server = await startTestServer({
    ...options,
    env: { TRUST_PROXY: '1', PUSH_ENDPOINT_ALLOWLIST: pushService.origin, ...options.env },
  });
  pushService.expectVapidKey((await readJson(await fetch(`${server.url}/api/push/public-key`))).publicKey);
  return { server, pushService };
}

export async function stopPushedServer(pushed: Partial<PushedServer>): Promise<void> {
  await pushed.server?.close();
  await pushed.pushService?.close();
}

/** A browser of this person subscribed to pushes. */
export async function subscribedDevice(pushService: LocalPushService, client: ApiClient): Promise<FakeSubscription> {
  const subscription = pushService.subscribe();
  expect((await client.post('/api/push/subscriptions', subscription.toJSON())).status).toBe(201);
  return subscription;
}

/** Waits until the notice sender has settled: nothing queued, nothing claimed. */
export async function noticesSettled(server: TestServer, timeout = 5_000): Promise<void> {
  await expect
    .poll(
      async () =>
        (await server.database.db.selectFrom('notice_outbox').select('seq').where('done_at', 'is', null).execute())
          .length,
      { timeout, interval: 50 },
    )
    .toBe(0);
}
