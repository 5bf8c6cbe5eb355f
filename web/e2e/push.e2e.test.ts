/// <reference lib="dom" />
// The functions passed to page.evaluate run in the browser.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserUnavailableReason } from './support/browser.ts';
import { useSidelineInBrowser } from './support/fixture.ts';
import { callApi, signInAsDemo } from './support/demo.ts';

const skipReason = browserUnavailableReason();
if (skipReason) console.warn(`push e2e skipped: ${skipReason}`);

const PHONE = { viewport: { width: 390, height: 844 } };
/** Nothing listens here: the server only has to accept it as an endpoint (PUSH_ENDPOINT_ALLOWLIST). */
const LOCAL_PUSH_ORIGIN = 'http://127.0.0.1:3944';
const OFFER = 'Get told when plans change?';

async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 });
}

describe.skipIf(skipReason !== null)('Web Push in Chromium at 390×844', () => {
  const app = useSidelineInBrowser({ env: { SEED_DEMO: '1', PUSH_ENDPOINT_ALLOWLIST: LOCAL_PUSH_ORIGIN } });

  it('offers notifications after the first answer on Home (never on load); a CDP-delivered push shows a notification, and its tap (the worker notificationclick handler) takes the open window to its screen', async () => {
    const context = await app.browser.newContext(PHONE);
    const origin = new URL(app.sideline.url).origin;
    await context.grantPermissions(['notifications'], { origin });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInAsDemo(page, app.sideline.url, 'parent');
    await controlledByServiceWorker(page);

    // On load: no offer.
    const nextUp = page.getByRole('region', { name: 'Next up' });
    const going = nextUp.getByRole('button', { name: 'Going', exact: true }).first();
    await going.waitFor();
    expect(await page.getByRole('region', { name: OFFER }).count()).toBe(0);

    // After the first answer: the offer, with 44 px buttons.
    await going.click();
    const offer = page.getByRole('region', { name: OFFER });
    await offer.waitFor({ timeout: 10_000 });
    for (const name of ['Turn on', 'Not now', 'Dismiss']) {
      const box = (await offer.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(box.height, name).toBeGreaterThanOrEqual(44);
    }

    // Turn on asks the real PushManager. Headless Chromium has no push service and refuses
    // ("Registration failed - permission denied"): the offer then says so rather than failing quietly.
    await offer.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expect
      .poll(
        async () =>
          ((await callApi(page, app.sideline.url, 'GET', '/api/push/subscriptions')) as unknown[]).length > 0 ||
          (await offer.getByRole('alert').count()) > 0,
        { timeout: 15_000 },
      )
      .toBe(true);
    if ((await offer.getByRole('alert').count()) > 0) {
      expect(await offer.getByRole('alert').textContent()).toMatch(/This browser could not turn notifications on/);
    }

    // A push delivered to the app's service worker through CDP shows a notification.
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(origin));
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const payload = {
      title: 'Changed: Lions scrimmage',
      body: 'Riverside Lions · 6:00 PM',
      url: '/settings',
      tag: 'e2e',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: await registrationId,
      data: JSON.stringify(payload),
    });
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.ready;
            return (await registration.getNotifications()).map((n) => ({
              title: n.title,
              body: n.body,
              tag: n.tag,
              url: (n.data as { url?: string } | null)?.url,
            }));
          }),
        { timeout: 10_000 },
      )
      .toContainEqual({ title: payload.title, body: payload.body, tag: payload.tag, url: payload.url });

    // A tap: the service worker's own notificationclick handler, run on that notification inside
    // the worker (a page cannot click a system notification), takes the open window to its screen.
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    expect(new URL(page.url()).pathname).not.toBe(payload.url);
    await worker.evaluate(async (tag) => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [notification] = await scope.registration.getNotifications({ tag });
      self.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
    }, payload.tag);
    await page.waitForURL((url) => url.pathname === payload.url, { timeout: 10_000 });
    await page.getByRole('heading', { name: 'Settings' }).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("subscribes against the server with an allowlisted endpoint (headless Chromium refuses a real PushManager.subscribe), and refuses an unknown one with the server's message", async () => {
    const context = await app.browser.newContext(PHONE);
    const page = await context.newPage();
    await signInAsDemo(page, app.sideline.url, 'parent');
    const { publicKey } = (await callApi(page, app.sideline.url, 'GET', '/api/push/public-key')) as {
      publicKey: string;
    };
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);

    const endpoint = `${LOCAL_PUSH_ORIGIN}/push/e2e-device`;
    const keys = {
      p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'),
      auth: Buffer.alloc(16, 9).toString('base64url'),
    };
    await callApi(page, app.sideline.url, 'POST', '/api/push/subscriptions', { endpoint, keys });
    const mine = (await callApi(page, app.sideline.url, 'GET', '/api/push/subscriptions')) as Array<{
      endpoint: string;
    }>;
    expect(mine.map((s) => s.endpoint)).toContain(endpoint);

    const refused = await page.request.post(`${app.sideline.url}/api/push/subscriptions`, {
      headers: { origin: app.sideline.url },
      data: { endpoint: 'https://push.example.net/x', keys },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { code: string }).code).toBe('ENDPOINT_REFUSED');

    // Settings on this browser: it holds no subscription of its own, so notifications here are off.
    await page.goto(`${app.sideline.url}/settings`);
    const section = page.getByRole('region', { name: 'Notifications on this device' });
    await section.getByTestId('push-state').waitFor();
    expect(await section.getByTestId('push-state').textContent()).toMatch(/Off|Blocked/);

    // Every device of the person is listed there; the subscribed one (not this browser) can be removed.
    const devices = section.getByRole('list', { name: 'Your devices with notifications on' });
    await devices.getByRole('button', { name: /^Remove 127\.0\.0\.1/ }).click();
    await expect
      .poll(async () => (await callApi(page, app.sideline.url, 'GET', '/api/push/subscriptions')) as unknown[])
      .toEqual([]);
    await section.getByTestId('push-devices-none').waitFor();
    await context.close();
  });
});
