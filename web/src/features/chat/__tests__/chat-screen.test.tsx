import type { Message, Team } from '@sideline/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../../lib/socket/testing/fake-web-socket.ts';
import { FakeXMLHttpRequest } from '../../../lib/upload/testing/fake-xhr.ts';
import { mockFetch, renderApp, sampleUser, type MockResponse, type RecordedCall } from '../../../test/utils.tsx';

// ---- fixtures ----------------------------------------------------------------------------------

function team(id: string, name: string): Team {
  return {
    id,
    name,
    sport: 'Soccer',
    ageGroup: null,
    isIndie: true,
    orgId: null,
    coachId: sampleUser.id,
    creatorId: sampleUser.id,
    code: 'ABC123',
    memberCount: 3,
    createdAt: '2026-03-01T10:00:00.000Z',
    myAssignedRole: 'coach',
  };
}

const eagles = team('t1', 'Eagles U12');
const hawks = team('t2', 'Hawks U10');

let messageCount = 0;
function message(overrides: Partial<Message> = {}): Message {
  messageCount += 1;
  return {
    id: `m${messageCount}`,
    teamId: 't1',
    userId: 'u-2',
    text: `Message ${messageCount}`,
    mediaUrl: null,
    timestamp: '2026-03-14T15:04:00.000Z',
    pinned: false,
    clientId: null,
    user: { name: 'Riley Parent', avatarUrl: null },
    ...overrides,
  };
}

type Handler = MockResponse | ((call: RecordedCall) => MockResponse);

function setup(
  options: {
    teams?: Team[];
    messages?: Message[] | ((call: RecordedCall) => MockResponse);
    pinned?: Message[];
    extra?: Record<string, Handler>;
  } = {},
) {
  const { teams = [eagles], messages = [], extra = {} } = options;
  const handlers: Record<string, Handler> = {
    'GET /api/user': { status: 200, body: sampleUser },
    'GET /api/teams': { status: 200, body: teams },
    ...extra,
  };
  // The server's store: what a refetch returns (tests add what the server saved).
  const stored = typeof messages === 'function' ? [] : [...messages];
  // The pinned list, most recently pinned first (tests change it as the server would).
  const pinned = [...(options.pinned ?? [])];
  for (const t of teams) {
    handlers[`GET /api/teams/${t.id}/messages`] =
      typeof messages === 'function'
        ? messages
        : () => ({ status: 200, body: stored.filter((m) => m.teamId === t.id) });
    handlers[`GET /api/teams/${t.id}/messages/pinned`] = () => ({
      status: 200,
      body: pinned.filter((m) => m.teamId === t.id),
    });
  }
  return { ...mockFetch(handlers), stored, pinned };
}

/** The fake server accepts the (newest) socket. */
function openSocket(): FakeWebSocket {
  const socket = FakeWebSocket.latest;
  if (!socket) throw new Error('the client opened no socket');
  act(() => socket.open());
  return socket;
}

async function latestSocket(): Promise<FakeWebSocket> {
  await waitFor(() => expect(FakeWebSocket.latest).toBeDefined());
  return FakeWebSocket.latest!;
}

const log = () => screen.getByRole('log', { name: 'Messages' });
const messageField = () => screen.getByRole('textbox', { name: 'Message' });
const sendButton = () => screen.getByRole('button', { name: 'Send message' });
const typingIndicator = () =>
  screen
    .getAllByRole('status')
    .find((el) => el.getAttribute('aria-live') === 'polite' && !el.hasAttribute('aria-label'))!;

/** The nth upload request (0 first), once sent: the upload machine loads with the first file. */
async function sentUpload(index = 0): Promise<FakeXMLHttpRequest> {
  return waitFor(() => {
    const xhr = FakeXMLHttpRequest.instances[index];
    expect(xhr).toBeDefined();
    return xhr!;
  });
}

beforeEach(() => {
  FakeWebSocket.reset();
  FakeXMLHttpRequest.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
});

// ---- tests -------------------------------------------------------------------------------------

describe('chat screen (mocked fetch, fake socket)', () => {
  it('shows the team, the messages with sender, initials and time, own ones on the right, and the fallbacks', async () => {
    setup({
      messages: [
        message({ id: 'a', text: 'Practice moved to 5pm' }),
        message({
          id: 'b',
          text: 'Who is this?',
          user: { name: '', avatarUrl: null },
          userId: 'u-9',
          timestamp: 'garbage',
        }),
        message({
          id: 'c',
          text: 'See you there',
          userId: sampleUser.id,
          user: { name: sampleUser.name, avatarUrl: null },
        }),
        message({
          id: 'd',
          text: '📷 Photo shared',
          mediaUrl: '/api/media/pic.jpg',
          userId: 'u-3',
          user: { name: 'Sam Lee', avatarUrl: null },
        }),
      ],
    });
    renderApp('/chat');
    expect(await screen.findByRole('heading', { name: 'Eagles U12' })).toBeInTheDocument();
    const list = await screen.findByRole('log', { name: 'Messages' });
    expect(await within(list).findByText('Practice moved to 5pm')).toBeInTheDocument();

    const first = within(list).getByText('Practice moved to 5pm').closest('li')!;
    expect(within(first).getByText('Riley Parent')).toBeInTheDocument();
    expect(first.querySelector('[data-initials="RP"]')).not.toBeNull(); // avatar initials
    expect(first.querySelector('time')).toHaveAttribute('dateTime', '2026-03-14T15:04:00.000Z');
    expect(first).not.toHaveAttribute('data-own');

    const unknown = within(list).getByText('Who is this?').closest('li')!;
    expect(within(unknown).getByText('Unknown User')).toBeInTheDocument();
    expect(within(unknown).getByText('Just now')).toBeInTheDocument();

    const own = within(list).getByText('See you there').closest('li')!;
    expect(own).toHaveAttribute('data-own', 'true');
    expect(own).toHaveClass('justify-end');

    const image = within(list).getByRole('img', { name: 'Shared photo' });
    expect(image).toHaveAttribute('src', '/api/media/pic.jpg');
    fireEvent.error(image);
    expect(within(list).queryByRole('img', { name: 'Shared photo' })).not.toBeInTheDocument();
    expect(within(list).getByText('📷 Photo shared')).toBeInTheDocument();
  });

  it('shows the empty state when the team has no messages yet', async () => {
    setup();
    renderApp('/chat');
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    expect(screen.getByText('Start chatting with your team!')).toBeInTheDocument();
  });

  it('shows "Join a Team First" without a team, and goes to the dashboard', async () => {
    setup({ teams: [] });
    const { user, router } = renderApp('/chat');
    expect(await screen.findByRole('heading', { name: 'Join a Team First' })).toBeInTheDocument();
    expect(screen.getByText('Connect with your team to start chatting')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the text of the first pinned message', async () => {
    setup({
      pinned: [
        message({ id: 'p1', text: 'Tournament on Saturday, be there by 8', pinned: true }),
        message({ id: 'p2', text: 'Older pin', pinned: true }),
      ],
    });
    renderApp('/chat');
    const banner = await screen.findByRole('complementary', { name: 'Pinned message' });
    expect(banner).toHaveTextContent('Tournament on Saturday, be there by 8');
    expect(banner).not.toHaveTextContent('Older pin');
  });

  it('disables Send while the trimmed text is blank', async () => {
    setup();
    const { user } = renderApp('/chat');
    await screen.findByText('No messages yet');
    expect(sendButton()).toBeDisabled();
    await user.type(messageField(), '    ');
    expect(sendButton()).toBeDisabled();
    await user.type(messageField(), 'hi');
    expect(sendButton()).toBeEnabled();
    await user.clear(messageField());
    expect(sendButton()).toBeDisabled();
  });

  it('uses the team in the route, and switches team from the header', async () => {
    setup({ teams: [eagles, hawks] });
    const { user, router } = renderApp('/chat/t2');
    expect(await screen.findByRole('heading', { name: 'Hawks U10' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Switch team' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Eagles U12' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/t1'));
    expect(await screen.findByRole('heading', { name: 'Eagles U12' })).toBeInTheDocument();
  });

  it('falls back to /chat for a team the user is not in', async () => {
    setup({ teams: [eagles] });
    const { router } = renderApp('/chat/nope');
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    expect(await screen.findByRole('heading', { name: 'Eagles U12' })).toBeInTheDocument();
  });

  it('shows the reconnect banner while the live connection is down', async () => {
    setup();
    renderApp('/chat');
    await screen.findByText('No messages yet');
    expect(screen.getByText('Reconnecting to live chat...')).toBeInTheDocument();
    const socket = openSocket();
    expect(screen.queryByText('Reconnecting to live chat...')).not.toBeInTheDocument();
    act(() => socket.serverClose());
    expect(screen.getByText('Reconnecting to live chat...')).toBeInTheDocument();
  });

  it('sends over the socket when connected, shows it as sending, and reconciles on the echo', async () => {
    const { callsTo, stored } = setup();
    const { user } = renderApp('/chat');
    await screen.findByText('No messages yet');
    await latestSocket();
    const socket = openSocket();
    await waitFor(() => expect(socket.sentOfType('join_teams')).toEqual([{ type: 'join_teams', teamIds: ['t1'] }]));

    await user.type(messageField(), '  Great game today!  ');
    expect(socket.sentOfType('typing').at(-1)).toEqual({ type: 'typing', teamId: 't1', isTyping: true });
    await user.click(sendButton());

    const [frame] = socket.sentOfType('send_message');
    expect(frame).toMatchObject({ type: 'send_message', teamId: 't1', content: 'Great game today!' });
    expect(frame!.clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(socket.sentOfType('typing').at(-1)).toEqual({ type: 'typing', teamId: 't1', isTyping: false });
    expect(messageField()).toHaveValue('');
    expect(callsTo('POST', '/api/teams/t1/messages')).toHaveLength(0);

    const optimistic = within(log()).getByText('Great game today!').closest('li')!;
    expect(optimistic).toHaveAttribute('data-pending', 'sending');
    expect(optimistic).toHaveTextContent('Sending…');

    const echoed = message({
      id: 'server-1',
      text: 'Great game today!',
      userId: sampleUser.id,
      user: { name: sampleUser.name, avatarUrl: null },
      clientId: frame!.clientId as string,
    });
    stored.push(echoed);
    act(() =>
      socket.receive({
        type: 'new_message',
        message: { ...echoed, content: echoed.text, senderId: echoed.userId, senderName: echoed.user.name },
      }),
    );
    await waitFor(() => expect(within(log()).getAllByText('Great game today!')).toHaveLength(1));
    const confirmed = within(log()).getByText('Great game today!').closest('li')!;
    expect(confirmed).not.toHaveAttribute('data-pending');
    expect(confirmed).toHaveAttribute('data-own', 'true');
  });

  it('marks a socket send as not sent when the server answers an error frame with its clientId', async () => {
    setup();
    const { user } = renderApp('/chat');
    await screen.findByText('No messages yet');
    await latestSocket();
    const socket = openSocket();
    await user.type(messageField(), 'too fast{Enter}');
    const [frame] = socket.sentOfType('send_message');
    act(() =>
      socket.receive({
        type: 'error',
        message: 'You are sending messages too fast',
        code: 'rate_limited',
        clientId: frame!.clientId,
      }),
    );
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    expect(screen.getByText('You are sending messages too fast')).toBeInTheDocument();
    expect(within(log()).getByText('too fast').closest('li')).toHaveAttribute('data-pending', 'failed');
    expect(within(log()).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('sends over HTTP while the socket is down, with the Message sent toast', async () => {
    let posted: unknown;
    const server = setup({
      extra: {
        'POST /api/teams/t1/messages': (call) => {
          posted = call.body;
          const body = call.body as { text: string; clientId: string };
          const saved = message({
            id: 'srv-9',
            text: body.text,
            clientId: body.clientId,
            userId: sampleUser.id,
            user: { name: sampleUser.name, avatarUrl: null },
          });
          server.stored.push(saved);
          return { status: 201, body: saved };
        },
      },
    });
    const { callsTo } = server;
    const { user } = renderApp('/chat');
    await screen.findByText('No messages yet');
    await user.type(messageField(), 'Running late{Enter}');

    await waitFor(() => expect(callsTo('POST', '/api/teams/t1/messages')).toHaveLength(1));
    expect(posted).toMatchObject({ text: 'Running late', mediaUrl: null });
    expect((posted as { clientId: string }).clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(await screen.findByText('Message sent')).toBeInTheDocument();
    expect(screen.getByText('Your message has been sent to the team.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(log()).getByText('Running late').closest('li')).not.toHaveAttribute('data-pending'),
    );
    expect(within(log()).getAllByText('Running late')).toHaveLength(1);
  });

  it('disables Send while an HTTP send is in flight, and toasts the failure', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    setup({
      extra: {
        'POST /api/teams/t1/messages': {
          status: 500,
          body: { message: 'Database unavailable', code: 'INTERNAL' },
          delay: gate,
        },
      },
    });
    const { user } = renderApp('/chat');
    await screen.findByText('No messages yet');
    await user.type(messageField(), 'first{Enter}');
    await user.type(messageField(), 'second');
    expect(sendButton()).toBeDisabled();
    release();
    const title = await screen.findByText('Failed to send message');
    expect(title.closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    await waitFor(() => expect(sendButton()).toBeEnabled());
    expect(within(log()).getByText('first').closest('li')).toHaveAttribute('data-pending', 'failed');
  });

  it('lists who is typing (up to 3 names) and forgets an entry 3 s after its last update', async () => {
    setup();
    renderApp('/chat');
    await screen.findByText('No messages yet');
    await latestSocket();
    const socket = openSocket();
    vi.useFakeTimers();

    const typing = (userId: string, userName: string, isTyping = true, teamId = 't1') =>
      act(() => socket.receive({ type: 'typing_update', teamId, userId, userName, isTyping }));

    typing('u-2', 'Riley');
    expect(typingIndicator()).toHaveTextContent('Riley is typing…');
    typing(sampleUser.id, sampleUser.name); // the user's own typing is not shown
    typing('u-x', 'Other team', true, 't2'); // another team's typing is not shown
    expect(typingIndicator()).toHaveTextContent(/^Riley is typing…$/);

    typing('u-3', 'Sam');
    expect(typingIndicator()).toHaveTextContent('Riley and Sam are typing…');
    typing('u-4', 'Alex');
    expect(typingIndicator()).toHaveTextContent('Riley, Sam and Alex are typing…');
    typing('u-5', 'Jo');
    expect(typingIndicator()).toHaveTextContent('Riley, Sam, Alex and 1 other are typing…');

    act(() => vi.advanceTimersByTime(2000));
    typing('u-2', 'Riley'); // Riley keeps typing: her entry is renewed
    typing('u-5', 'Jo', false); // Jo stopped
    act(() => vi.advanceTimersByTime(999));
    expect(typingIndicator()).toHaveTextContent('Riley, Sam and Alex are typing…');
    act(() => vi.advanceTimersByTime(1));
    expect(typingIndicator()).toHaveTextContent('Riley is typing…');
    act(() => vi.advanceTimersByTime(1999));
    expect(typingIndicator()).toHaveTextContent('Riley is typing…');
    act(() => vi.advanceTimersByTime(1));
    expect(typingIndicator()).toHaveTextContent(/^$/);
  });

  it('clears the typing flag 3 s after the last keystroke', async () => {
    setup();
    renderApp('/chat');
    await screen.findByText('No messages yet');
    await latestSocket();
    const socket = openSocket();
    vi.useFakeTimers();
    fireEvent.change(messageField(), { target: { value: 'h' } });
    expect(socket.sentOfType('typing')).toEqual([{ type: 'typing', teamId: 't1', isTyping: true }]);
    act(() => vi.advanceTimersByTime(2999));
    fireEvent.change(messageField(), { target: { value: 'he' } });
    act(() => vi.advanceTimersByTime(2999));
    expect(socket.sentOfType('typing')).toHaveLength(2); // true, then renewed (2 s refresh)
    act(() => vi.advanceTimersByTime(1));
    expect(socket.sentOfType('typing').at(-1)).toEqual({ type: 'typing', teamId: 't1', isTyping: false });

    fireEvent.change(messageField(), { target: { value: 'hey' } });
    expect(socket.sentOfType('typing').at(-1)).toEqual({ type: 'typing', teamId: 't1', isTyping: true });
    fireEvent.change(messageField(), { target: { value: '' } });
    expect(socket.sentOfType('typing').at(-1)).toEqual({ type: 'typing', teamId: 't1', isTyping: false });
  });

  it('refuses a file that is not an image', async () => {
    setup();
    const { container } = renderApp('/chat');
    await screen.findByText('No messages yet');
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input).toHaveAttribute('accept', 'image/*');
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'schedule.pdf', { type: 'application/pdf' })] } });
    const title = await screen.findByText('Invalid file type');
    expect(title.closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByText('Please select an image file.')).toBeInTheDocument();
    expect(FakeXMLHttpRequest.instances).toHaveLength(0);
  });

  it('uploads a photo with progress, then shares it as a message and toasts', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
    let posted: unknown;
    setup({
      extra: {
        'POST /api/teams/t1/messages': (call) => {
          posted = call.body;
          const body = call.body as { text: string; mediaUrl: string; clientId: string };
          return {
            status: 201,
            body: message({ text: body.text, mediaUrl: body.mediaUrl, clientId: body.clientId, userId: sampleUser.id }),
          };
        },
      },
    });
    const { container } = renderApp('/chat');
    await screen.findByText('No messages yet');
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['jpeg'], 'goal.jpg', { type: 'image/jpeg' })] } });

    const xhr = await sentUpload();
    expect(xhr.url).toBe('/api/teams/t1/media/upload');
    expect(xhr.formFields.title).toBe('goal.jpg');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Attach photo' })).toBeDisabled());
    act(() => xhr.progress(42, 100));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText(/Uploading goal\.jpg\.\.\. 42%/)).toBeInTheDocument();

    act(() => xhr.respond(201, { url: '/api/media/goal.jpg', id: 'md1', thumbnailUrl: null }));
    expect(await screen.findByText('Photo uploaded')).toBeInTheDocument();
    expect(screen.getByText('Your photo has been shared with the team!')).toBeInTheDocument();
    expect(posted).toMatchObject({ text: '📷 Photo shared', mediaUrl: '/api/media/goal.jpg' });
    expect(screen.getByRole('button', { name: 'Attach photo' })).toBeEnabled();
  });

  it('toasts the server message when an upload fails', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
    setup();
    const { container } = renderApp('/chat');
    await screen.findByText('No messages yet');
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['jpeg'], 'huge.jpg', { type: 'image/jpeg' })] } });
    const first = await sentUpload();
    act(() => first.respond(413, { message: 'Photos can be at most 10 MB', code: 'FILE_TOO_LARGE' }));
    const title = await screen.findByText('Upload failed');
    expect(title.closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByText('Photos can be at most 10 MB')).toBeInTheDocument();

    fireEvent.change(input, { target: { files: [new File(['jpeg'], 'again.jpg', { type: 'image/jpeg' })] } });
    const second = await sentUpload(1);
    act(() => second.respond(502, '<html>Bad gateway</html>'));
    expect(await screen.findByText('Failed to upload image.')).toBeInTheDocument();
  });

  it('tags the roster players in a photo, and names those without photo consent when refused', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
    const rosterPlayer = (id: string, name: string) => ({
      id,
      teamId: 't1',
      name,
      jerseyNumber: null,
      xp: 0,
      dulars: 0,
      addedAt: '2026-03-01T10:00:00.000Z',
      guardians: [],
      account: null,
      linkStatus: 'linked',
      adult: false,
    });
    setup({ extra: { 'GET /api/teams/t1/players': { status: 200, body: [rosterPlayer('p1', 'Mia')] } } });
    const { container } = renderApp('/chat');
    await screen.findByText('No messages yet');
    fireEvent.click(await screen.findByRole('button', { name: 'Who is in it?' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Mia' }));
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['jpeg'], 'mia.jpg', { type: 'image/jpeg' })] } });
    const xhr = await sentUpload();
    expect(xhr.formFields.players).toBe('p1');
    act(() =>
      xhr.respond(409, {
        message: 'No photo consent for Mia: leave them out of this upload or ask their guardians',
        code: 'CONSENT_MISSING',
        players: [{ id: 'p1', name: 'Mia' }],
      }),
    );
    expect(
      await screen.findByText('No photo consent for: Mia. Leave them out of this upload or ask their guardians.'),
    ).toBeInTheDocument();
  });

  it('offers 20 emojis and inserts the chosen one into the message', async () => {
    setup();
    const { user } = renderApp('/chat');
    await screen.findByText('No messages yet');
    await user.type(messageField(), 'Nice ');
    await user.click(screen.getByRole('button', { name: 'Add emoji' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(20);
    await user.click(within(menu).getByRole('menuitem', { name: 'Trophy' }));
    expect(messageField()).toHaveValue('Nice 🏆');
  });

  it('loads earlier messages with the oldest id as the cursor', async () => {
    const latest = Array.from({ length: 50 }, (_, i) =>
      message({ id: `late-${i}`, text: `Late ${i}`, timestamp: `2026-03-14T15:${String(i).padStart(2, '0')}:00.000Z` }),
    );
    const earlier = [message({ id: 'early-1', text: 'The very first message', timestamp: '2026-03-13T09:00:00.000Z' })];
    const { calls } = setup({
      messages: (call) => {
        const before = new URL(call.url, 'http://x').searchParams.get('before');
        return { status: 200, body: before === 'late-0' ? earlier : latest };
      },
    });
    const { user } = renderApp('/chat');
    expect(await within(await screen.findByRole('log')).findByText('Late 49')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    expect(await within(log()).findByText('The very first message')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('before=late-0') && c.url.includes('limit=50'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
    // Oldest first.
    const texts = within(log())
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');
    expect(texts.findIndex((t) => t.includes('The very first message'))).toBeLessThan(
      texts.findIndex((t) => t.includes('Late 0')),
    );
  });
});

describe('chat pinning (mocked fetch, fake socket)', () => {
  /** The server's pin / unpin: updates its store and the pinned list, answers the Message. */
  function pinHandlers(server: { stored: Message[]; pinned: Message[] }, messageId: string) {
    const setPinned = (pinned: boolean): MockResponse => {
      const index = server.stored.findIndex((m) => m.id === messageId);
      const updated = { ...server.stored[index]!, pinned };
      server.stored[index] = updated;
      const others = server.pinned.filter((m) => m.id !== messageId);
      server.pinned.splice(0, server.pinned.length, ...(pinned ? [updated, ...others] : others));
      return { status: 200, body: updated };
    };
    return {
      [`POST /api/teams/t1/messages/${messageId}/pin`]: () => setPinned(true),
      [`DELETE /api/teams/t1/messages/${messageId}/pin`]: () => setPinned(false),
    };
  }

  it('lets a coach pin a message from its actions menu, then unpin it from the banner', async () => {
    const server: { stored: Message[]; pinned: Message[] } = { stored: [], pinned: [] };
    const { callsTo, stored, pinned } = setup({
      messages: [
        message({ id: 'a', text: 'Tournament on Saturday, be there by 8' }),
        message({ id: 'b', text: 'Ok!' }),
      ],
      extra: pinHandlers(server, 'a'),
    });
    server.stored = stored;
    server.pinned = pinned;
    const { user } = renderApp('/chat');
    const item = (
      await within(await screen.findByRole('log')).findByText('Tournament on Saturday, be there by 8')
    ).closest('li')!;
    expect(screen.queryByRole('complementary', { name: 'Pinned message' })).not.toBeInTheDocument();
    expect(within(log()).getAllByRole('button', { name: 'Message actions' })).toHaveLength(2);

    await user.click(within(item).getByRole('button', { name: 'Message actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Pin message' }));

    await waitFor(() => expect(callsTo('POST', '/api/teams/t1/messages/a/pin')).toHaveLength(1));
    expect(callsTo('POST', '/api/teams/t1/messages/a/pin')[0]!.body).toBeUndefined();
    expect(await screen.findByText('Message pinned')).toBeInTheDocument();
    // The pinned list and the messages are refetched: the banner shows it, the message is marked.
    const banner = await screen.findByRole('complementary', { name: 'Pinned message' });
    expect(banner).toHaveTextContent('Tournament on Saturday, be there by 8');
    await waitFor(() =>
      expect(within(log()).getByText('Tournament on Saturday, be there by 8').closest('li')).toHaveTextContent(
        'Pinned',
      ),
    );

    // Its menu now offers Unpin message; the banner unpins it too.
    await user.click(
      within(within(log()).getByText('Tournament on Saturday, be there by 8').closest('li')!).getByRole('button', {
        name: 'Message actions',
      }),
    );
    expect(await screen.findByRole('menuitem', { name: 'Unpin message' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(within(banner).getByRole('button', { name: 'Unpin' }));
    await waitFor(() => expect(callsTo('DELETE', '/api/teams/t1/messages/a/pin')).toHaveLength(1));
    expect(await screen.findByText('Message unpinned')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('complementary', { name: 'Pinned message' })).not.toBeInTheDocument(),
    );
    await waitFor(() =>
      expect(within(log()).getByText('Tournament on Saturday, be there by 8').closest('li')).not.toHaveTextContent(
        'Pinned',
      ),
    );
  });

  it('toasts the server message when a pin is refused', async () => {
    const { callsTo } = setup({
      messages: [message({ id: 'a', text: 'Pin me' })],
      extra: {
        'POST /api/teams/t1/messages/a/pin': {
          status: 403,
          body: { message: 'Only coaches and team admins can pin messages', code: 'FORBIDDEN' },
        },
      },
    });
    const { user } = renderApp('/chat');
    const item = (await within(await screen.findByRole('log')).findByText('Pin me')).closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Message actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Pin message' }));
    const title = await screen.findByText('Could not pin message');
    expect(title.closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByText('Only coaches and team admins can pin messages')).toBeInTheDocument();
    expect(callsTo('POST', '/api/teams/t1/messages/a/pin')).toHaveLength(1);
    expect(screen.queryByRole('complementary', { name: 'Pinned message' })).not.toBeInTheDocument();
  });

  it('shows a member the creator made coach (not the creator) the pin controls', async () => {
    setup({
      teams: [{ ...eagles, coachId: 'u-coach', creatorId: 'u-coach', myAssignedRole: 'coach' }],
      messages: [message({ id: 'a', text: 'Hello' })],
      pinned: [message({ id: 'p', text: 'Bring water', pinned: true })],
    });
    renderApp('/chat');
    const banner = await screen.findByRole('complementary', { name: 'Pinned message' });
    expect(within(banner).getByRole('button', { name: 'Unpin' })).toBeInTheDocument();
    expect(await within(log()).findByRole('button', { name: 'Message actions' })).toBeInTheDocument();
  });

  it('shows a parent the pinned message but no pin controls', async () => {
    const parentTeam: Team = { ...eagles, coachId: 'u-coach', creatorId: 'u-coach', myAssignedRole: 'parent' };
    const { calls } = setup({
      teams: [parentTeam],
      messages: [message({ id: 'a', text: 'Practice at 6', pinned: true }), message({ id: 'b', text: 'Thanks coach' })],
      pinned: [message({ id: 'a', text: 'Practice at 6', pinned: true })],
    });
    renderApp('/chat');
    const banner = await screen.findByRole('complementary', { name: 'Pinned message' });
    expect(banner).toHaveTextContent('Practice at 6');
    expect(await within(log()).findByText('Thanks coach')).toBeInTheDocument();
    expect(within(banner).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unpin' })).not.toBeInTheDocument();
    // Everyone sees which message is pinned.
    expect(within(log()).getByText('Practice at 6').closest('li')).toHaveTextContent('Pinned');
    expect(calls.some((c) => c.url.endsWith('/pin'))).toBe(false);
  });
});
