import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, renderApp, sampleUser } from '../../../test/utils.tsx';
import { FAKE_ENDPOINT, fakePushApi, removePushApi } from '../../notifications/__tests__/fake-push-api.ts';

const allOn = {
  chatMessages: true,
  eventChanges: true,
  eventReminders: true,
  mediaShared: true,
  matchUpdates: true,
  livestreams: true,
};

function settingsFetch(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/user': { status: 200, body: sampleUser },
    'GET /api/teams': { status: 200, body: [] },
    'GET /api/user/notification-preferences': { status: 200, body: allOn },
    'GET /api/user/quiet-hours': { status: 200, body: { quietHours: null } },
    'GET /api/push/public-key': { status: 200, body: { publicKey: 'BEl62iUYgUivxIkv69yViEuiBIa' } },
    'POST /api/push/subscriptions': { status: 201, body: { endpoint: FAKE_ENDPOINT, createdAt: '2026-11-27' } },
    'DELETE /api/push/subscriptions': { status: 204 },
    'POST /api/push/test': { status: 200, body: { sent: 1, delivered: 1 } },
    'GET /api/push/subscriptions': { status: 200, body: [] },
    ...extra,
  });
}

async function deviceSection() {
  const view = renderApp('/settings');
  const section = await screen.findByRole('region', { name: 'Notifications on this device' });
  return { ...view, section };
}

afterEach(() => removePushApi());

describe('Settings: notifications on this device (Push API mocked in jsdom)', () => {
  it('says Not supported where the browser has no Push API', async () => {
    removePushApi();
    settingsFetch();
    const { section } = await deviceSection();
    expect(await within(section).findByTestId('push-state')).toHaveTextContent('Not supported');
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says Blocked when the permission was refused', async () => {
    fakePushApi({ permission: 'denied' });
    settingsFetch();
    const { section } = await deviceSection();
    expect(await within(section).findByTestId('push-state')).toHaveTextContent('Blocked');
  });

  it('turns on (permission, subscribe, POST), sends a test to this device, and turns off (DELETE)', async () => {
    const push = fakePushApi();
    const { callsTo } = settingsFetch();
    const { section, user } = await deviceSection();
    expect(await within(section).findByTestId('push-state')).toHaveTextContent('Off');

    await user.click(within(section).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(within(section).getByTestId('push-state')).toHaveTextContent('On'));
    expect(push.requestPermission).toHaveBeenCalled();
    expect(callsTo('POST', '/api/push/subscriptions')[0]!.body).toMatchObject({ endpoint: FAKE_ENDPOINT });

    await user.click(within(section).getByRole('button', { name: 'Send a test' }));
    await waitFor(() => expect(callsTo('POST', '/api/push/test')).toHaveLength(1));
    expect(callsTo('POST', '/api/push/test')[0]!.body).toEqual({ endpoint: FAKE_ENDPOINT });
    expect(await screen.findByText('Test sent')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(within(section).getByTestId('push-state')).toHaveTextContent('Off'));
    expect(callsTo('DELETE', '/api/push/subscriptions')[0]!.body).toEqual({ endpoint: FAKE_ENDPOINT });
    expect(push.state.subscription).toBeNull();
  });

  it('lists every device with notifications on, marks this one, and removes another (DELETE)', async () => {
    fakePushApi({ subscribed: true });
    const laptop = 'https://updates.push.services.mozilla.com/wpush/v2/laptop';
    let devices = [
      { endpoint: FAKE_ENDPOINT, createdAt: '2026-11-20T10:00:00.000Z' },
      { endpoint: laptop, createdAt: '2026-11-21T10:00:00.000Z' },
    ];
    const { callsTo } = settingsFetch({
      'GET /api/push/subscriptions': () => ({ status: 200, body: devices }),
      'DELETE /api/push/subscriptions': (call) => {
        devices = devices.filter((d) => d.endpoint !== (call.body as { endpoint: string }).endpoint);
        return { status: 204 };
      },
    });
    const { section, user } = await deviceSection();
    const list = await within(section).findByRole('list', { name: 'Your devices with notifications on' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Chrome, Edge or Android · this device/),
      expect.stringMatching(/^Firefox/),
    ]);
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(rows[1]!).getByRole('button', { name: /^Remove Firefox/ }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(callsTo('DELETE', '/api/push/subscriptions')[0]!.body).toEqual({ endpoint: laptop });
  });

  it("shows the server's message when it refuses the subscription", async () => {
    fakePushApi();
    settingsFetch({
      'POST /api/push/subscriptions': {
        status: 409,
        body: { message: 'You have 10 devices with notifications on.', code: 'TOO_MANY_PUSH_SUBSCRIPTIONS' },
      },
    });
    const { section, user } = await deviceSection();
    await user.click(await within(section).findByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('You have 10 devices with notifications on.')).toBeInTheDocument();
  });
});

describe('Settings: match and livestream switches, quiet hours', () => {
  it('offers the match updates and livestreams switches beside the other four', async () => {
    removePushApi();
    const { callsTo } = settingsFetch({
      'PUT /api/user/notification-preferences': (call) => ({ status: 200, body: call.body }),
    });
    const { user } = renderApp('/settings');
    const livestreams = await screen.findByRole('switch', { name: 'Livestreams' });
    expect(screen.getByRole('switch', { name: 'Match updates' })).toHaveAttribute('aria-checked', 'true');
    await user.click(livestreams);
    await waitFor(() => expect(callsTo('PUT', '/api/user/notification-preferences')).toHaveLength(1));
    expect(callsTo('PUT', '/api/user/notification-preferences')[0]!.body).toEqual({ ...allOn, livestreams: false });
  });

  it("saves quiet hours in the browser's zone, shows the server's field error, and clears them", async () => {
    removePushApi();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    let attempt = 0;
    const { callsTo } = settingsFetch({
      'PUT /api/user/quiet-hours': (call) => {
        attempt += 1;
        if (attempt === 1)
          return {
            status: 400,
            body: {
              message: 'Invalid',
              code: 'VALIDATION',
              fieldErrors: { 'quietHours.end': ['Quiet hours must start and end at different times'] },
            },
          };
        return { status: 200, body: call.body };
      },
    });
    const { user } = renderApp('/settings');
    const section = await screen.findByRole('region', { name: 'Quiet hours' });
    expect(await within(section).findByLabelText('Time zone')).toHaveValue(zone);
    await user.click(within(section).getByRole('button', { name: 'Save quiet hours' }));
    expect(await within(section).findByText('Quiet hours must start and end at different times')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Save quiet hours' }));
    expect(await within(section).findByText(`On: 22:00–07:00 (${zone})`)).toBeInTheDocument();
    expect(callsTo('PUT', '/api/user/quiet-hours')[1]!.body).toEqual({
      quietHours: { start: '22:00', end: '07:00', timeZone: zone },
    });

    await user.click(within(section).getByRole('button', { name: 'Clear' }));
    expect(await within(section).findByText('Off: notifications may come at any hour.')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/user/quiet-hours')[2]!.body).toEqual({ quietHours: null });
  });
});
