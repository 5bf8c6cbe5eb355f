import type { MyRewards, RewardTableResponse } from '@sideline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authKeys } from '../../auth/api.ts';
import { minutesAgo } from '../../../test/fixtures.ts';
import { mockFetch, renderApp, sampleUser } from '../../../test/utils.tsx';

const badge = (id: string, name: string, earnedAt: string | null) => ({
  id,
  name,
  description: `${name} description`,
  earnedAt,
});

function makeRewards(overrides: Partial<MyRewards> = {}): MyRewards {
  return {
    xp: 37,
    dulars: 18,
    streak: 3,
    badges: [
      badge('first_message', 'First Message', minutesAgo(60 * 24)),
      badge('chatterbox', 'Chatterbox', null),
      badge('streak_3', 'On a Roll', minutesAgo(5)),
    ],
    history: [
      { action: 'media_upload', label: 'Photo or video upload', xp: 10, dulars: 5, at: minutesAgo(5), teamId: 't' },
      { action: 'chat_message', label: 'Chat message', xp: 2, dulars: 1, at: minutesAgo(120), teamId: 't' },
    ],
    nextCursor: null,
    ...overrides,
  };
}

const table: RewardTableResponse = {
  rules: [
    { action: 'chat_message', label: 'Chat message', xp: 2, dulars: 1, dailyXpCap: 20, note: null, available: true },
    { action: 'goal', label: 'Goal', xp: 20, dulars: 10, dailyXpCap: 200, note: null, available: false },
  ],
  badges: [],
  streak: 'Your streak counts consecutive days (UTC) with any rewarded activity.',
};

function open(rewards: MyRewards | { status: number; body: unknown }, extra = {}) {
  const rewardsResponse = 'status' in rewards ? rewards : { status: 200, body: rewards };
  const fetch = mockFetch({
    'GET /api/user': { status: 200, body: sampleUser },
    'GET /api/teams': { status: 200, body: [] },
    'GET /api/rewards/me': rewardsResponse,
    'GET /api/rewards/table': { status: 200, body: table },
    ...extra,
  });
  return { ...renderApp('/gamification'), ...fetch };
}

describe('Badges & Rewards page (mocked fetch)', () => {
  it('shows XP, dulars, streak and the real badge count, badges earned and locked, the table and the history', async () => {
    open(makeRewards());
    expect(await screen.findByRole('heading', { name: 'Badges & Rewards', level: 1 })).toBeInTheDocument();
    const totals = await screen.findByRole('list', { name: 'Your totals' });
    for (const [label, value] of [
      ['XP Points', '37'],
      ['Dulars', '18'],
      ['Day Streak', '3'],
      ['Badges', '2'],
    ] as const) {
      expect(within(totals).getByText(label).closest('li')).toHaveTextContent(value);
    }
    expect(screen.getByRole('heading', { name: 'Badges (2 of 3)' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'First Message (earned)' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Chatterbox (locked)' })).toBeInTheDocument();
    const history = screen.getByRole('list', { name: 'Reward history' });
    const items = within(history).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Photo or video upload');
    expect(items[0]).toHaveTextContent('5 minutes ago');
    expect(items[0]).toHaveTextContent('+10 XP');
    expect(items[1]).toHaveTextContent('2 hours ago');
    const rules = await screen.findByRole('table', { name: 'What each action earns' });
    expect(within(rules).getByText('Chat message').closest('tr')).toHaveTextContent('2120 XP');
    expect(within(rules).getByText('(matches, coming soon)')).toBeInTheDocument();
  });

  it('brings the cached current user up to date with the fresh totals', async () => {
    const { queryClient } = open(makeRewards());
    await screen.findByRole('list', { name: 'Your totals' });
    await waitFor(() =>
      expect(queryClient.getQueryData(authKeys.user)).toMatchObject({ xp: 37, dulars: 18, streak: 3 }),
    );
  });

  it('shows empty states for a new user', async () => {
    open(
      makeRewards({
        xp: 0,
        dulars: 0,
        streak: 0,
        history: [],
        badges: [badge('first_message', 'First Message', null)],
      }),
    );
    expect(await screen.findByRole('heading', { name: 'No rewards yet' })).toBeInTheDocument();
    expect(screen.getByText(/No badges yet/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Badges (0 of 1)' })).toBeInTheDocument();
  });

  it('pages back through older history with the cursor', async () => {
    const older = makeRewards({
      history: [{ action: 'rsvp', label: 'RSVP to an event', xp: 5, dulars: 2, at: minutesAgo(600), teamId: 't' }],
      nextCursor: null,
    });
    const { user, calls } = open(
      { status: 200, body: makeRewards({ nextCursor: '12.34' }) },
      {
        'GET /api/rewards/me': (call: { url: string }) => ({
          status: 200,
          body: call.url.includes('before=12.34') ? older : makeRewards({ nextCursor: '12.34' }),
        }),
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Show older' }));
    expect(await screen.findByText('RSVP to an event')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('before=12.34'))).toBe(true);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument());
  });

  it('shows an error with a retry when the rewards fail to load', async () => {
    open({ status: 500, body: { message: 'Something went wrong on our side', code: 'INTERNAL' } });
    expect(await screen.findByRole('heading', { name: "Couldn't load your rewards" })).toBeInTheDocument();
    expect(screen.getByText('Something went wrong on our side')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
