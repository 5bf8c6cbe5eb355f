import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enableMetrics } from '@sideline/infra';
import { sessionClient, signUp, readJson, type ApiClient } from './http-client.ts';
import { startLocalPushService, type LocalPushService } from './push-service.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let pushService: LocalPushService;
let publicKey: string;

beforeAll(async () => {
  pushService = await startLocalPushService();
  server = await startTestServer({ env: { TRUST_PROXY: '1', PUSH_ENDPOINT_ALLOWLIST: pushService.origin } });
  publicKey = (await readJson(await fetch(`${server.url}/api/push/public-key`))).publicKey;
  pushService.expectVapidKey(publicKey);
});
afterAll(async () => {
  await server?.close();
  await pushService?.close();
});

let ip = 0;
const person = () => signUp(server.url, 'parent', undefined, { forwardedFor: `198.51.100.${++ip}` });

function sendJson(
  client: ApiClient | null,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: {
      origin: server.url,
      'content-type': 'application/json',
      ...(client ? { cookie: client.cookie } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

const streamTypes = async (userId: string) =>
  (await server.eventStore.readStream(`user-${userId}`)).map((e) => [e.type, (e.data as { reason?: string }).reason]);

describe('the VAPID key', () => {
  it('is an uncompressed P-256 public key, kept in the database: a second process on it serves the same', async () => {
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const second = await startTestServer({ database: server.database });
    try {
      expect((await readJson(await fetch(`${second.url}/api/push/public-key`))).publicKey).toBe(publicKey);
    } finally {
      await second.close();
    }
  });

  it('is the configured one when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set', async () => {
    const keys = webpush.generateVAPIDKeys();
    const configured = await startTestServer({
      database: server.database,
      env: { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey },
    });
    try {
      expect((await readJson(await fetch(`${configured.url}/api/push/public-key`))).publicKey).toBe(keys.publicKey);
    } finally {
      await configured.close();
    }
  });
});

describe('POST /api/push/subscriptions', () => {
  it('subscribes a browser once per endpoint, as an event on the person’s stream', async () => {
    const pat = await person();
    const browser = pushService.subscribe();
    const first = await sendJson(pat, 'POST', '/api/push/subscriptions', browser.toJSON());
    expect(first.status).toBe(201);
    expect(await readJson(first)).toMatchObject({ endpoint: browser.endpoint });
    const again = await sendJson(pat, 'POST', '/api/push/subscriptions', browser.toJSON());
    expect(again.status).toBe(200);
    expect((await readJson(await pat.get('/api/push/subscriptions'))).map((s: any) => s.endpoint)).toEqual([
      browser.endpoint,
    ]);
    expect(await streamTypes(pat.userId)).toEqual([
      ['UserRegistered', undefined],
      ['PushSubscriptionAdded', undefined],
    ]);
  });

  it('allows at most 10 devices per person (409 with a message)', async () => {
    const pat = await person();
    for (let i = 0; i < 10; i++) {
      expect((await sendJson(pat, 'POST', '/api/push/subscriptions', pushService.subscribe().toJSON())).status).toBe(
        201,
      );
    }
    const eleventh = await sendJson(pat, 'POST', '/api/push/subscriptions', pushService.subscribe().toJSON());
    expect(eleventh.status).toBe(409);
    expect(await readJson(eleventh)).toMatchObject({
      code: 'TOO_MANY_PUSH_SUBSCRIPTIONS',
      message: expect.stringContaining('10 devices'),
    });
  });

  it("accepts a known push service's endpoint (FCM), also where this network cannot resolve its name", async () => {
    const pat = await person();
    const endpoint = 'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91bHexample';
    const response = await sendJson(pat, 'POST', '/api/push/subscriptions', {
      ...pushService.subscribe().toJSON(),
      endpoint,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    expect(
      (await readJson(await pat.get('/api/push/subscriptions'))).map((s: { endpoint: string }) => s.endpoint),
    ).toEqual([endpoint]);
  });

  it.each([
    ['a plain http endpoint', 'http://push.example.com/abc'],
    ['an endpoint that is no push service', 'https://example.com/push/abc'],
    ['this machine', 'https://127.0.0.1/push/abc'],
    ['a private address', 'https://10.1.2.3/push/abc'],
    ['a push service on another port', 'https://fcm.googleapis.com:8443/fcm/send/abc'],
  ])('refuses %s (400)', async (_, endpoint) => {
    const pat = await person();
    const response = await sendJson(pat, 'POST', '/api/push/subscriptions', {
      ...pushService.subscribe().toJSON(),
      endpoint,
    });
    expect(response.status).toBe(400);
    expect(await readJson(response)).toMatchObject({ code: 'ENDPOINT_REFUSED' });
  });

  it('refuses keys that are not a P-256 key and a 16-byte secret', async () => {
    const pat = await person();
    const browser = pushService.subscribe().toJSON();
    const response = await sendJson(pat, 'POST', '/api/push/subscriptions', {
      ...browser,
      keys: { p256dh: 'abc', auth: 'def' },
    });
    expect(response.status).toBe(400);
  });

  it('needs a session', async () => {
    expect((await sendJson(null, 'POST', '/api/push/subscriptions', pushService.subscribe().toJSON())).status).toBe(
      401,
    );
  });
});

describe('sending', () => {
  it('a test push arrives signed with the VAPID key and decrypts to {title, body, url, tag}', async () => {
    const pat = await person();
    const phone = pushService.subscribe();
    const laptop = pushService.subscribe();
    await sendJson(pat, 'POST', '/api/push/subscriptions', phone.toJSON());
    await sendJson(pat, 'POST', '/api/push/subscriptions', laptop.toJSON());
    const response = await sendJson(pat, 'POST', '/api/push/test', {});
    expect(pushService.refused).toEqual([]);
    expect(await readJson(response)).toEqual({ sent: 2, delivered: 2 });
    for (const device of [phone, laptop]) {
      const [push] = pushService.receivedBy(device);
      expect(push?.payload).toEqual({
        title: 'Sideline',
        body: 'Notifications work on this device.',
        url: '/settings',
        tag: 'test',
      });
      expect(push?.claims.aud).toBe(pushService.origin);
      expect(push?.ttl).toBeGreaterThan(0);
    }
  });

  it('a device the push service answers 410 for is removed (PushSubscriptionRemoved, gone)', async () => {
    const pat = await person();
    const old = pushService.subscribe();
    const current = pushService.subscribe();
    await sendJson(pat, 'POST', '/api/push/subscriptions', old.toJSON());
    await sendJson(pat, 'POST', '/api/push/subscriptions', current.toJSON());
    pushService.markGone(old);
    expect(await readJson(await sendJson(pat, 'POST', '/api/push/test', {}))).toEqual({ sent: 2, delivered: 1 });
    await expect.poll(async () => (await readJson(await pat.get('/api/push/subscriptions'))).length).toBe(1);
    expect((await streamTypes(pat.userId)).at(-1)).toEqual(['PushSubscriptionRemoved', 'gone']);
    expect(await readJson(await sendJson(pat, 'POST', '/api/push/test', {}))).toEqual({ sent: 1, delivered: 1 });
  });

  it('counts every push on /metrics by result: sent, expired (410) and failed', async () => {
    const registry = await enableMetrics();
    const count = async (result: string) => {
      const metric = await registry.getSingleMetric('sideline_pushes_total')!.get();
      return metric.values.find((v) => v.labels.result === result)?.value ?? 0;
    };
    const before = { sent: await count('sent'), expired: await count('expired'), failed: await count('failed') };
    const pat = await person();
    const [working, gone, broken] = [pushService.subscribe(), pushService.subscribe(), pushService.subscribe()];
    for (const device of [working, gone, broken])
      await sendJson(pat, 'POST', '/api/push/subscriptions', device.toJSON());
    pushService.markGone(gone);
    pushService.failWith(broken, 500);
    expect(await readJson(await sendJson(pat, 'POST', '/api/push/test', {}))).toEqual({ sent: 3, delivered: 1 });
    expect(await count('sent')).toBe(before.sent + 1);
    expect(await count('expired')).toBe(before.expired + 1);
    expect(await count('failed')).toBe(before.failed + 1);
  });

  it('the local push service refuses a push signed with another key', async () => {
    const device = pushService.subscribe();
    const other = webpush.generateVAPIDKeys();
    const details = webpush.generateRequestDetails(device.toJSON(), 'hello', {
      vapidDetails: { subject: 'mailto:test@example.com', ...other },
      contentEncoding: 'aes128gcm',
    });
    const response = await fetch(details.endpoint, {
      method: 'POST',
      headers: details.headers as Record<string, string>,
      body: new Uint8Array(details.body),
    });
    expect(response.status).toBe(403);
    expect(pushService.receivedBy(device)).toEqual([]);
  });
});

describe('turning notifications off', () => {
  it('DELETE /api/push/subscriptions removes the device', async () => {
    const pat = await person();
    const browser = pushService.subscribe();
    await sendJson(pat, 'POST', '/api/push/subscriptions', browser.toJSON());
    expect((await sendJson(pat, 'DELETE', '/api/push/subscriptions', { endpoint: browser.endpoint })).status).toBe(204);
    expect(await readJson(await pat.get('/api/push/subscriptions'))).toEqual([]);
    expect((await streamTypes(pat.userId)).at(-1)).toEqual(['PushSubscriptionRemoved', 'unsubscribed']);
    // Again: nothing to remove, nothing recorded.
    expect((await sendJson(pat, 'DELETE', '/api/push/subscriptions', { endpoint: browser.endpoint })).status).toBe(204);
    expect((await streamTypes(pat.userId)).filter(([t]) => t === 'PushSubscriptionRemoved')).toHaveLength(1);
  });

  it('a password change removes the devices of the sessions it ended; signing out everywhere removes every device', async () => {
    const email = `push-everywhere-${Date.now()}@example.com`;
    const here = await signUp(server.url, 'parent', undefined, { forwardedFor: `198.51.100.${++ip}`, email });
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct horse' }),
    });
    expect(login.status).toBe(200);
    const elsewhere = { ...here, cookie: login.headers.getSetCookie()[0]!.split(';')[0]! };
    const [mine, theirs] = [pushService.subscribe(), pushService.subscribe()];
    expect((await sendJson(here, 'POST', '/api/push/subscriptions', mine.toJSON())).status).toBe(201);
    expect((await sendJson(elsewhere, 'POST', '/api/push/subscriptions', theirs.toJSON())).status).toBe(201);
    const endpoints = async () =>
      ((await readJson(await here.get('/api/push/subscriptions'))) as { endpoint: string }[]).map((d) => d.endpoint);

    const changed = await sendJson(here, 'POST', '/api/user/password', {
      currentPassword: 'correct horse',
      newPassword: 'a brand new password',
    });
    expect(changed.status).toBe(200);
    expect(await endpoints()).toEqual([mine.endpoint]);

    expect((await here.delete('/api/user/sessions')).status).toBe(200);
    const relogin = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'a brand new password' }),
    });
    expect(relogin.status, await relogin.clone().text()).toBe(200);
    const again = sessionClient(server.url, relogin.headers.getSetCookie()[0]!.split(';')[0]!, here.userId);
    expect(await readJson(await again.get('/api/push/subscriptions'))).toEqual([]);
    expect(
      (await streamTypes(here.userId)).filter(
        ([t, reason]) => t === 'PushSubscriptionRemoved' && reason === 'signed_out',
      ),
    ).toHaveLength(2);
  });

  it("signing out removes that browser's subscriptions (those its session made, and one it names in the body or the X-Push-Endpoint header), and no other's", async () => {
    const email = `push-signout-${Date.now()}@example.com`;
    const first = await signUp(server.url, 'parent', undefined, { forwardedFor: `198.51.100.${++ip}`, email });
    const userId = first.userId;
    const signIn = async () => {
      const login = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { origin: server.url, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'correct horse' }),
      });
      expect(login.status).toBe(200);
      return { ...first, cookie: login.headers.getSetCookie()[0]!.split(';')[0]! };
    };
    const signOut = (browser: ApiClient, body?: unknown, headers: Record<string, string> = {}) =>
      fetch(`${server.url}/api/logout`, {
        method: 'POST',
        headers: {
          origin: server.url,
          cookie: browser.cookie,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const [second, third] = [await signIn(), await signIn()];
    const [a, b, c] = [pushService.subscribe(), pushService.subscribe(), pushService.subscribe()];
    expect((await sendJson(first, 'POST', '/api/push/subscriptions', a.toJSON())).status).toBe(201);
    for (const d of [b, c])
      expect((await sendJson(second, 'POST', '/api/push/subscriptions', d.toJSON())).status).toBe(201);
    const rows = async () =>
      (
        await server.database.db
          .selectFrom('push_subscriptions')
          .select('endpoint')
          .where('user_id', '=', userId)
          .execute()
      )
        .map((r: { endpoint: string }) => r.endpoint)
        .sort();
    const signedOut = async () =>
      (await streamTypes(userId)).filter(([t, reason]) => t === 'PushSubscriptionRemoved' && reason === 'signed_out');

    // The first browser signs out without naming its endpoint: its own subscription goes, only it.
    expect((await signOut(first)).status).toBe(204);
    expect(await rows()).toEqual([b.endpoint, c.endpoint].sort());
    expect(await signedOut()).toHaveLength(1);
    // Another names one in the header (subscribed in an earlier session of that browser): it goes.
    expect((await signOut(third, undefined, { 'x-push-endpoint': b.endpoint })).status).toBe(204);
    expect(await rows()).toEqual([c.endpoint]);
    // The second, naming the one it has left in the body: that is all that remained.
    expect((await signOut(second, { pushEndpoint: c.endpoint })).status).toBe(204);
    expect(await rows()).toEqual([]);
    expect(await signedOut()).toHaveLength(3);
  });
});
