import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeWebSocket } from '../../../lib/socket/testing/fake-web-socket.ts';
import { makeMessage, minutesAgo } from '../../../test/fixtures.ts';
import { renderApp, sampleUser } from '../../../test/utils.tsx';
import { latestMessages, previewText, relativeTime, senderName } from '../message-preview.ts';
import { mapsHref, splitUpcoming, zonedDateTime, zonedParts } from '../upcoming.ts';
import { child, hawks, homeFetch, inHours, lions, makeMatch, parent, upcomingItem } from './home-fixtures.ts';

async function openHome(path = '/') {
  const view = renderApp(path);
  await screen.findByRole('heading', { name: /Pat Rivera/, level: 1 });
  return view;
}

describe('message preview helpers', () => {
  const messages = [
    makeMessage({ id: 'm-1', text: 'Oldest', timestamp: minutesAgo(60) }),
    makeMessage({ id: 'm-2', text: 'Newest', timestamp: minutesAgo(5) }),
  ];
  it('takes the latest ones, newest first', () => {
    expect(latestMessages(messages, 1).map((m) => m.id)).toEqual(['m-2']);
  });

  it("falls back to 'Unknown User', '📷 Photo' and 'Just now'", () => {
    expect(senderName(makeMessage({ user: { name: ' ', avatarUrl: null } }))).toBe('Unknown User');
    expect(previewText({ text: '', mediaUrl: '/api/media/x.jpg' })).toBe('📷 Photo');
    expect(relativeTime('garbage')).toBe('Just now');
    const now = new Date('2026-05-01T12:00:00Z');
    expect(relativeTime('2026-05-01T11:55:00Z', now)).toBe('5 minutes ago');
  });
});

describe("Home's upcoming helpers", () => {
  it("formats the start in the event's own zone, not the device's", () => {
    // 17:30 UTC on a Friday is 09:30 in Los Angeles and 02:30 on Saturday in Tokyo.
    expect(zonedDateTime('2026-11-27T17:30:00.000Z', 'America/Los_Angeles')).toBe('Fri, Nov 27 · 9:30 AM');
    expect(zonedParts('2026-11-27T17:30:00.000Z', 'Asia/Tokyo')).toEqual({
      weekday: 'Sat',
      day: 'Nov 28',
      time: '2:30 AM',
    });
    expect(zonedDateTime('not a date', 'UTC')).toBe('Date TBD');
  });

  it('opens the place in the maps app', () => {
    expect(mapsHref('Riverside Park, field 2')).toBe('https://maps.google.com/?q=Riverside%20Park%2C%20field%202');
  });

  it('leads with the first occurrence that is not cancelled; the week is the rest of the seven days', () => {
    const cancelled = upcomingItem({ id: 'c', date: inHours(1), status: 'cancelled' });
    const next = upcomingItem({ id: 'n', date: inHours(2) });
    const later = upcomingItem({ id: 'l', date: inHours(24 * 3) });
    const nextWeek = upcomingItem({ id: 'w', date: inHours(24 * 8) });
    const { next: lead, week } = splitUpcoming([cancelled, next, later, nextWeek]);
    expect(lead?.id).toBe('n');
    expect(week.map((i) => i.id)).toEqual(['c', 'l']);
  });
});

describe('Home (mocked fetch)', () => {
  const game = upcomingItem({
    id: 'game',
    title: 'Saturday game',
    date: '2099-11-28T15:00:00.000Z',
    occurrenceDate: '2099-11-28T15:00:00.000Z',
    timeZone: 'America/New_York',
    location: 'Riverside Park, field 1',
    counts: { going: 1, maybe: 1, notGoing: 0, noReply: 3 },
    household: [child('Jordan Rivera', 'p-jordan', 'yes'), child('Sam Rivera', 'p-sam', 'maybe')],
  });

  it('greets in one line with the XP, and shows no tiles that repeat the tab bar', async () => {
    homeFetch({ upcoming: [game] });
    await openHome();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome back, Pat Rivera');
    expect(screen.getByText('120 XP')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Quick links' })).not.toBeInTheDocument();
  });

  it('leads with the next occurrence across teams: when in its zone, where, the team, the counts and a row per child', async () => {
    homeFetch({
      upcoming: [
        game,
        upcomingItem({
          id: 'practice',
          title: 'Team practice',
          team: { id: hawks.id, name: hawks.name },
          household: [child('Jordan Rivera', 'p-jordan-h')],
        }),
      ],
    });
    await openHome();
    const nextUp = await screen.findByRole('region', { name: 'Next up' });
    const card = await within(nextUp).findByRole('article', { name: 'Saturday game' });
    // 15:00 UTC is 10:00 in New York.
    expect(card).toHaveTextContent('Sat');
    expect(card).toHaveTextContent('Nov 28');
    expect(card).toHaveTextContent('10:00 AM');
    expect(card).toHaveTextContent('Riverside Lions');
    expect(card).toHaveTextContent('1 going · 1 maybe · 0 not going · 3 no reply');
    expect(within(card).getByRole('link', { name: /Riverside Park, field 1/ })).toHaveAttribute(
      'href',
      'https://maps.google.com/?q=Riverside%20Park%2C%20field%201',
    );
    const jordan = within(card).getByRole('group', { name: 'Jordan Rivera: Saturday game' });
    const sam = within(card).getByRole('group', { name: 'Sam Rivera: Saturday game' });
    expect(within(jordan).getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(sam).getByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'true');

    // The other team's practice is in the week below.
    const week = screen.getByRole('region', { name: 'This Week' });
    expect(within(week).getByRole('article', { name: 'Team practice' })).toHaveTextContent('Riverside Hawks');
  });

  it("answers for one child: the RSVP names the child's roster entry and the occurrence", async () => {
    const { callsTo } = homeFetch({
      upcoming: [game],
      extra: { 'POST /api/events/game/rsvp': { status: 200, body: {} } },
    });
    const { user } = await openHome();
    const sam = await screen.findByRole('group', { name: 'Sam Rivera: Saturday game' });
    await user.click(within(sam).getByRole('button', { name: 'Not Going' }));
    await waitFor(() => expect(callsTo('POST', '/api/events/game/rsvp')).toHaveLength(1));
    expect(callsTo('POST', '/api/events/game/rsvp')[0]!.body).toEqual({
      status: 'no',
      occurrenceDate: game.occurrenceDate,
      playerId: 'p-sam',
    });
    expect(within(sam).getByRole('button', { name: 'Not Going' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says so when nothing is planned, and when the events could not be loaded', async () => {
    homeFetch({ upcoming: [] });
    const first = await openHome();
    const nextUp = await screen.findByRole('region', { name: 'Next up' });
    expect(await within(nextUp).findByRole('heading', { name: 'Nothing planned yet' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'This Week' })).not.toBeInTheDocument();
    first.unmount();

    let fail = true;
    homeFetch({
      upcoming: () =>
        fail ? { status: 500, body: { message: 'Server error', code: 'INTERNAL' } } : { status: 200, body: [game] },
    });
    const view = await openHome();
    expect(await screen.findByText("We couldn't load what's next", {}, { timeout: 5_000 })).toBeInTheDocument();
    fail = false;
    await view.user.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByRole('article', { name: 'Saturday game' })).toBeInTheDocument();
  });

  it('shows a live card for every match in progress above everything, and the next match below the next event', async () => {
    homeFetch({
      upcoming: [game],
      board: {
        live: [makeMatch()],
        upcoming: [
          makeMatch({
            id: 'm2',
            status: 'scheduled',
            startedAt: null,
            minute: null,
            scoreA: 0,
            scoreB: 0,
            teamB: { id: null, name: 'Northside United' },
            opponentName: 'Northside United',
            startTime: '2099-11-29T15:00:00.000Z',
          }),
        ],
        recent: [],
      },
    });
    await openHome();
    const live = await screen.findByRole('list', { name: 'Matches in progress' });
    const card = within(live).getByRole('link');
    expect(card).toHaveAttribute('href', '/matches/m1');
    expect(card).toHaveTextContent(/Riverside Lions\s*2\s*Eastside FC\s*1/);
    expect(card).toHaveTextContent(/Live\s*3[45]'/);
    const next = screen.getByRole('region', { name: 'Next match' });
    expect(within(next).getByRole('link', { name: /Northside United/ })).toHaveAttribute('href', '/matches/m2');
    // Live first, then the next event, then the next match.
    const order = [live, screen.getByRole('region', { name: 'Next up' }), next];
    for (let i = 1; i < order.length; i++) {
      expect(order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it("follows match_updated: the live card's score changes without a reload", async () => {
    let scoreB = 1;
    homeFetch({
      upcoming: [game],
      board: () => ({ status: 200, body: { live: [makeMatch({ scoreB })], upcoming: [], recent: [] } }),
    });
    await openHome();
    const live = await screen.findByRole('list', { name: 'Matches in progress' });
    expect(within(live).getByRole('link')).toHaveTextContent(/Eastside FC\s*1/);
    await waitFor(() => expect(FakeWebSocket.latest).toBeDefined());
    act(() => FakeWebSocket.latest!.open());
    scoreB = 2;
    act(() => FakeWebSocket.latest!.receive({ type: 'match_updated', matchId: 'm1', teamIds: [lions.id] }));
    await waitFor(() => expect(within(live).getByRole('link')).toHaveTextContent(/Eastside FC\s*2/));
  });

  it("shows the latest message of each team, each opening that team's chat", async () => {
    homeFetch({
      upcoming: [game],
      messages: {
        [hawks.id]: [
          makeMessage({ id: 'h-1', text: 'Older', timestamp: minutesAgo(30) }),
          makeMessage({ id: 'h-2', text: 'See you Tuesday', timestamp: minutesAgo(5) }),
        ],
        [lions.id]: [],
      },
    });
    await openHome();
    const list = await screen.findByRole('list', { name: 'Latest messages' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('See you Tuesday'));
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Riverside Hawks');
    expect(first).toHaveTextContent('Alex Parent: See you Tuesday');
    expect(first).not.toHaveTextContent('Older');
    expect(within(first!).getByRole('link')).toHaveAttribute('href', '/chat/team-1');
    expect(second).toHaveTextContent('Riverside Lions');
    expect(second).toHaveTextContent('No messages yet');
    expect(within(second!).getByRole('link')).toHaveAttribute('href', '/chat/team-2');
  });

  it('keeps the team switcher for the chat and media shortcuts, remembered in the URL', async () => {
    homeFetch({ upcoming: [game] });
    const { user, router } = await openHome();
    const shortcuts = await screen.findByRole('region', { name: 'Team shortcuts' });
    expect(within(shortcuts).getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/chat/team-1');
    expect(within(shortcuts).getByRole('link', { name: 'Media' })).toHaveAttribute('href', '/media/team-1');
    await user.click(within(shortcuts).getByRole('button', { name: 'Switch team, current: Riverside Hawks' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch team' });
    await user.click(within(dialog).getByRole('button', { name: /Riverside Lions/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?team=team-2'));
    expect(within(shortcuts).getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/chat/team-2');
    expect(within(shortcuts).getByRole('link', { name: 'Media' })).toHaveAttribute('href', '/media/team-2');
    // Everything above stays every team's.
    expect(screen.getByRole('article', { name: 'Saturday game' })).toBeInTheDocument();
  });

  it('invites a coach without a team to create one (or join with a code)', async () => {
    homeFetch({ user: { ...sampleUser, name: 'Pat Rivera' }, teams: [] });
    await openHome();
    expect(await screen.findByRole('heading', { name: 'Start your first team' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Team' })).toHaveAttribute('href', '/create-team');
    expect(screen.queryByRole('region', { name: 'Next up' })).not.toBeInTheDocument();
  });

  it('invites anyone else without a team to join one with a code', async () => {
    homeFetch({ user: parent, teams: [] });
    await openHome();
    expect(await screen.findByRole('heading', { name: 'Join your team' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join team' })).toBeInTheDocument();
  });
});
