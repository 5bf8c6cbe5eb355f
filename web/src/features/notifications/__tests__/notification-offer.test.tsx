import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/utils.tsx';
import { child, homeFetch, upcomingItem } from '../../dashboard/__tests__/home-fixtures.ts';
import { resetNotificationOffer } from '../offer-store.ts';
import { FAKE_ENDPOINT, fakePushApi, removePushApi } from './fake-push-api.ts';

const game = upcomingItem({
  id: 'game',
  title: 'Saturday game',
  date: '2099-11-28T15:00:00.000Z',
  occurrenceDate: '2099-11-28T15:00:00.000Z',
  timeZone: 'America/New_York',
  household: [child('Sam Rivera', 'p-sam', null)],
});
const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

function fetches() {
  return homeFetch({
    upcoming: [game],
    extra: {
      'POST /api/events/game/rsvp': { status: 200, body: {} },
      'GET /api/push/public-key': { status: 200, body: { publicKey: PUBLIC_KEY } },
      'POST /api/push/subscriptions': { status: 201, body: { endpoint: FAKE_ENDPOINT, createdAt: '2026-11-27' } },
    },
  });
}

async function answerOnHome() {
  const view = renderApp('/');
  const sam = await screen.findByRole('group', { name: 'Sam Rivera: Saturday game' });
  expect(screen.queryByRole('region', { name: 'Get told when plans change?' })).not.toBeInTheDocument();
  await view.user.click(within(sam).getByRole('button', { name: 'Going' }));
  return view;
}

afterEach(() => {
  resetNotificationOffer();
  localStorage.clear();
  removePushApi();
});

describe('the offer to turn notifications on (Push API mocked in jsdom)', () => {
  it('never shows on load; after the first answer Turn on asks permission, subscribes and posts it', async () => {
    const push = fakePushApi();
    const { callsTo, user } = Object.assign(fetches(), await answerOnHome());
    const offer = await screen.findByRole('region', { name: 'Get told when plans change?' });
    expect(push.requestPermission).not.toHaveBeenCalled();

    await user.click(within(offer).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(callsTo('POST', '/api/push/subscriptions')).toHaveLength(1));
    expect(push.requestPermission).toHaveBeenCalledTimes(1);
    expect(push.pushManager.subscribe).toHaveBeenCalledWith(
      expect.objectContaining({ userVisibleOnly: true, applicationServerKey: expect.any(Uint8Array) }),
    );
    expect(callsTo('POST', '/api/push/subscriptions')[0]!.body).toMatchObject({ endpoint: FAKE_ENDPOINT });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Get told when plans change?' })).not.toBeInTheDocument(),
    );
  });

  it('Not now hides it and remembers that on this device', async () => {
    fakePushApi();
    fetches();
    const { user, unmount } = await answerOnHome();
    const offer = await screen.findByRole('region', { name: 'Get told when plans change?' });
    await user.click(within(offer).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Get told when plans change?' })).not.toBeInTheDocument();
    unmount();

    const again = await answerOnHome();
    await waitFor(() =>
      expect(again.queryAllByRole('button', { name: 'Going', pressed: true }).length).toBeGreaterThan(0),
    );
    expect(screen.queryByRole('region', { name: 'Get told when plans change?' })).not.toBeInTheDocument();
  });

  it('says what the browser answered when permission is refused', async () => {
    fakePushApi({ answer: 'denied' });
    const { callsTo, user } = Object.assign(fetches(), await answerOnHome());
    const offer = await screen.findByRole('region', { name: 'Get told when plans change?' });
    await user.click(within(offer).getByRole('button', { name: 'Turn on' }));
    expect(await within(offer).findByRole('alert')).toHaveTextContent(/blocked/);
    expect(callsTo('POST', '/api/push/subscriptions')).toHaveLength(0);
  });
});
