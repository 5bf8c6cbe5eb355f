import type { Message, Team } from '@sideline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { builtScreens } from '../../../config/paths.ts';
import { makeMessage, makeTeam, minutesAgo } from '../../../test/fixtures.ts';
import { mockFetch, renderApp, sampleUser } from '../../../test/utils.tsx';
import { DESKTOP_VIEWPORT_WIDTH, setViewportWidth } from '../../../test/viewport.ts';
import { latestMessages, previewText, relativeTime, senderName } from '../message-preview.ts';

const rockets = makeTeam();
const lions = makeTeam({ id: 'team-2', name: 'Lakeside Lions', code: null, myAssignedRole: 'other' });

const rocketsMessages: Message[] = [
  makeMessage({ id: 'm-1', text: 'Oldest, not shown', timestamp: minutesAgo(60) }),
  makeMessage({ id: 'm-2', text: 'Practice moved to 6pm', timestamp: minutesAgo(30) }),
  makeMessage({
    id: 'm-3',
    text: '',
    mediaUrl: '/api/media/abc.jpg',
    timestamp: minutesAgo(5),
    user: { name: '', avatarUrl: null },
  }),
  makeMessage({ id: 'm-4', text: 'See you there!', timestamp: 'not a date' }),
];

function homeFetch({
  user = sampleUser,
  teams = [rockets, lions] as Team[],
  messages = {
    'team-1': rocketsMessages,
    'team-2': [makeMessage({ id: 'l-1', teamId: 'team-2', text: 'Lions roar' })],
  } as Record<string, Message[]>,
} = {}) {
  const handlers: Parameters<typeof mockFetch>[0] = {
    'GET /api/user': { status: 200, body: user },
    'GET /api/teams': { status: 200, body: teams },
  };
  for (const [teamId, list] of Object.entries(messages)) {
    handlers[`GET /api/teams/${teamId}/messages`] = { status: 200, body: list };
  }
  return mockFetch(handlers);
}

async function openHome(path = '/') {
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Jordan Smith', level: 1 });
  return view;
}

describe('message preview helpers', () => {
  it('takes the latest 3, newest first', () => {
    expect(latestMessages(rocketsMessages).map((m) => m.id)).toEqual(['m-4', 'm-3', 'm-2']);
  });

  it("falls back to 'Unknown User', '📷 Photo' and 'Just now'", () => {
    expect(senderName(makeMessage({ user: { name: ' ', avatarUrl: null } }))).toBe('Unknown User');
    expect(previewText({ text: '', mediaUrl: '/api/media/x.jpg' })).toBe('📷 Photo');
    expect(previewText({ text: 'Hi', mediaUrl: '/api/media/x.jpg' })).toBe('Hi');
    expect(relativeTime('garbage')).toBe('Just now');
    expect(relativeTime('')).toBe('Just now');
    expect(relativeTime(new Date().toISOString())).toBe('Just now');
    const now = new Date('2026-05-01T12:00:00Z');
    expect(relativeTime('2026-05-01T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-04-29T12:00:00Z', now)).toBe('2 days ago');
  });
});

describe('Home dashboard (mocked fetch)', () => {
  it('shows the user name, role and XP', async () => {
    homeFetch();
    await openHome();
    expect(screen.getByText('Coach')).toBeInTheDocument();
    expect(screen.getByText('120 XP')).toBeInTheDocument();
  });

  it("shows the first team's latest 3 messages with sender, text or photo, relative time and fallbacks", async () => {
    const { callsTo } = homeFetch();
    await openHome();
    const section = await screen.findByRole('region', { name: 'Team Chat' });
    const list = await within(section).findByRole('list', { name: 'Latest messages' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Alex Parent');
    expect(items[0]).toHaveTextContent('See you there!');
    expect(items[0]).toHaveTextContent('Just now');
    expect(items[1]).toHaveTextContent('Unknown User');
    expect(items[1]).toHaveTextContent('📷 Photo');
    expect(items[1]).toHaveTextContent('5 minutes ago');
    expect(items[2]).toHaveTextContent('Practice moved to 6pm');
    expect(items[2]).toHaveTextContent('30 minutes ago');
    expect(within(section).queryByText('Oldest, not shown')).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/chat/team-1');
    expect(callsTo('GET', '/api/teams/team-2/messages')).toHaveLength(0);
  });

  it("shows 'No messages yet' when the team has no messages", async () => {
    homeFetch({ teams: [rockets], messages: { 'team-1': [] } });
    await openHome();
    const section = await screen.findByRole('region', { name: 'Team Chat' });
    expect(await within(section).findByRole('heading', { name: 'No messages yet' })).toBeInTheDocument();
    expect(within(section).getByText('Start chatting with your team!')).toBeInTheDocument();
  });

  it('links the tiles of built screens to the team and marks the others as coming soon (no dead links)', async () => {
    homeFetch();
    await openHome();
    const tiles = await screen.findByRole('list', { name: 'Quick links' });
    expect(within(tiles).getByRole('link', { name: /Chat/ })).toHaveAttribute('href', '/chat/team-1');
    expect(within(tiles).getByRole('link', { name: /Events/ })).toHaveAttribute('href', '/events/team-1');
    const rest = [
      { label: 'Media', built: builtScreens.media, href: '/media/team-1' },
      { label: 'Badges', built: builtScreens.gamification, href: '/gamification' },
    ];
    for (const { label, built, href } of rest) {
      if (built) {
        expect(within(tiles).getByRole('link', { name: new RegExp(label) })).toHaveAttribute('href', href);
      } else {
        expect(within(tiles).queryByRole('link', { name: new RegExp(label) })).not.toBeInTheDocument();
        expect(within(tiles).getByRole('group', { name: `${label} (coming soon)` })).toBeInTheDocument();
      }
    }
  });

  it('shows a plain label (no switcher) when the user has one team', async () => {
    homeFetch({ teams: [rockets], messages: { 'team-1': [] } });
    await openHome();
    expect(await screen.findByTestId('current-team')).toHaveTextContent('Riverside Rockets');
    expect(screen.queryByRole('button', { name: /Switch team/ })).not.toBeInTheDocument();
  });

  it('switches teams with a dialog on small screens and remembers the choice in the URL', async () => {
    const { callsTo } = homeFetch();
    const { user, router } = await openHome();
    await user.click(await screen.findByRole('button', { name: 'Switch team, current: Riverside Rockets' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch team' });
    expect(within(dialog).getByRole('button', { name: /Riverside Rockets/ })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(dialog).getByRole('button', { name: /Lakeside Lions/ }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Switch team, current: Lakeside Lions' })).toBeInTheDocument();
    expect(await screen.findByText('Lions roar')).toBeInTheDocument();
    expect(callsTo('GET', '/api/teams/team-2/messages')).toHaveLength(1);
    expect(router.state.location.search).toBe('?team=team-2');
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/chat/team-2');
  });

  it('switches teams with a dropdown on wide screens', async () => {
    setViewportWidth(DESKTOP_VIEWPORT_WIDTH);
    homeFetch();
    const { user } = await openHome();
    await user.click(await screen.findByRole('button', { name: 'Switch team, current: Riverside Rockets' }));
    const menu = await screen.findByRole('menu');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitemradio', { name: 'Riverside Rockets' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Lakeside Lions' }));
    expect(await screen.findByRole('button', { name: 'Switch team, current: Lakeside Lions' })).toBeInTheDocument();
    expect(await screen.findByText('Lions roar')).toBeInTheDocument();
  });

  it('opens on the team named in the URL, and otherwise on the last team picked', async () => {
    homeFetch();
    const first = await openHome('/?team=team-2');
    expect(await screen.findByText('Lions roar')).toBeInTheDocument();
    first.unmount();

    // The choice is remembered per user in localStorage after picking in the switcher.
    window.localStorage.setItem('sideline:selected-team:u-1', 'team-2');
    await openHome('/');
    expect(await screen.findByRole('button', { name: 'Switch team, current: Lakeside Lions' })).toBeInTheDocument();
  });

  it('ignores an unknown team in the URL and falls back to the first team', async () => {
    homeFetch();
    await openHome('/?team=not-mine');
    expect(await screen.findByRole('button', { name: 'Switch team, current: Riverside Rockets' })).toBeInTheDocument();
  });

  it('invites a coach without a team to create one (or join with a code)', async () => {
    homeFetch({ teams: [], messages: {} });
    await openHome();
    expect(await screen.findByRole('heading', { name: 'Start your first team' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Team' })).toHaveAttribute('href', '/create-team');
    expect(screen.getByLabelText('Team code')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Team Chat' })).not.toBeInTheDocument();
  });

  it('invites anyone else without a team to join one with a code', async () => {
    homeFetch({ user: { ...sampleUser, role: 'player', accountRole: 'player' }, teams: [], messages: {} });
    await openHome();
    expect(await screen.findByRole('heading', { name: 'Join your team' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create Team' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join team' })).toBeInTheDocument();
  });
});
