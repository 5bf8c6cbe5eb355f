import type { Livestream, LivestreamChatMessage, Team } from '@sideline/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../../lib/socket/testing/fake-web-socket.ts';
import { mockFetch, renderApp, sampleUser, type MockResponse, type RecordedCall } from '../../../test/utils.tsx';

// ---- fixtures ----------------------------------------------------------------------------------

function team(id: string, name: string, myAssignedRole: Team['myAssignedRole'] = 'coach'): Team {
  return {
    id,
    name,
    sport: 'Soccer',
    ageGroup: null,
    isIndie: true,
    orgId: null,
    coachId: 'u-coach',
    creatorId: myAssignedRole === 'coach' ? sampleUser.id : 'u-coach',
    code: 'ABC123',
    memberCount: 3,
    createdAt: '2026-03-01T10:00:00.000Z',
    myAssignedRole,
  };
}

const hawks = team('t1', 'Riverside Hawks');

function stream(overrides: Partial<Livestream> = {}): Livestream {
  const status = overrides.status ?? 'scheduled';
  return {
    id: 'ls-1',
    teamId: 't1',
    teamName: 'Riverside Hawks',
    title: 'Hawks vs. Eagles',
    description: 'Semi-final at Riverside Park',
    streamType: 'match',
    scheduledStartTime: '2026-11-28T15:00:00.000Z',
    actualStartTime: status === 'live' ? new Date(Date.now() - 5 * 60_000).toISOString() : null,
    endedAt: null,
    status,
    ingest: status === 'live' ? 'on_air' : null,
    isPublic: false,
    allowChat: true,
    recordStream: true,
    viewerCount: 0,
    maxViewers: 0,
    rtmpUrl: 'rtmp://sideline.example:1935/live',
    streamKey: null,
    streamKeyHint: 'wxyz',
    streamKeyRevoked: false,
    playbackUrl: status === 'live' ? '/api/livestreams/ls-1/live.flv' : null,
    hlsPlaybackUrl: status === 'live' ? '/api/livestreams/ls-1/hls/index.m3u8' : null,
    recordingMediaId: null,
    createdBy: sampleUser.id,
    createdAt: '2026-11-20T10:00:00.000Z',
    canManage: true,
    actions:
      status === 'scheduled'
        ? ['CancelLivestream', 'RotateStreamKey']
        : status === 'live'
          ? ['EndLivestream', 'RotateStreamKey', 'SendChatMessage']
          : [],
    ...overrides,
  };
}

function chatMessage(overrides: Partial<LivestreamChatMessage> = {}): LivestreamChatMessage {
  return {
    id: 'c1',
    livestreamId: 'ls-1',
    teamId: 't1',
    userId: 'u-2',
    userName: 'Pat Parent',
    message: 'Go Hawks!',
    sentAt: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

type Handler = MockResponse | ((call: RecordedCall) => MockResponse);

/** A fake server: GETs answer from `streams` (tests change it as the server would). */
function setup(
  options: {
    teams?: Team[];
    streams?: Livestream[];
    chat?: LivestreamChatMessage[];
    extra?: Record<string, Handler>;
  } = {},
) {
  const { teams = [hawks], extra = {} } = options;
  const streams = [...(options.streams ?? [])];
  const chat = [...(options.chat ?? [])];
  const handlers: Record<string, Handler> = {
    'GET /api/user': { status: 200, body: sampleUser },
    'GET /api/teams': { status: 200, body: teams },
    'GET /api/livestreams/active': () => ({ status: 200, body: streams.filter((s) => s.status === 'live') }),
  };
  for (const t of teams) {
    handlers[`GET /api/teams/${t.id}/livestreams`] = () => ({
      status: 200,
      body: streams.filter((s) => s.teamId === t.id),
    });
  }
  const byId = (url: string) => streams.find((s) => url.includes(`/api/livestreams/${s.id}`));
  for (const id of ['ls-1', 'ls-2', 'ls-new']) {
    handlers[`GET /api/livestreams/${id}`] = (call) => {
      const found = byId(call.url);
      return found ? { status: 200, body: found } : { status: 404, body: { message: 'Livestream not found' } };
    };
    handlers[`GET /api/livestreams/${id}/chat`] = () => ({ status: 200, body: chat });
  }
  return { ...mockFetch({ ...handlers, ...extra }), streams, chat };
}

async function openSocket(): Promise<FakeWebSocket> {
  await waitFor(() => expect(FakeWebSocket.latest).toBeDefined());
  const socket = FakeWebSocket.latest!;
  act(() => socket.open());
  return socket;
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

// ---- tests -------------------------------------------------------------------------------------

describe('/livestream (mocked fetch, fake socket)', () => {
  it('shows the title, the team selector, the empty team list with New Stream for a coach, and the empty detail', async () => {
    setup();
    renderApp('/livestream');
    expect(await screen.findByRole('heading', { level: 1, name: 'Live Streaming' })).toBeInTheDocument();
    expect(await screen.findByText('Broadcast live sports events and team activities')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No livestreams yet' })).toBeInTheDocument();
    expect(await screen.findByText('Create your first livestream to get started')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Stream' })).toBeInTheDocument();
    expect(await screen.findByText('No streams are live right now.')).toBeInTheDocument();
    expect(await screen.findByText('Select a livestream to view details')).toBeInTheDocument();
    expect(await screen.findByText('Riverside Hawks')).toBeInTheDocument();
  });

  it('shows no New Stream to a parent', async () => {
    setup({ teams: [team('t1', 'Riverside Hawks', 'parent')], streams: [stream({ canManage: false, actions: [] })] });
    renderApp('/livestream');
    expect(await screen.findByRole('button', { name: /Hawks vs. Eagles/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Stream' })).toBeNull();
  });

  it('shows an error with a retry when the team list fails', async () => {
    let fail = true;
    setup({
      extra: {
        'GET /api/teams/t1/livestreams': () =>
          fail ? { status: 500, body: { message: 'Database is down' } } : { status: 200, body: [] },
      },
    });
    const { user } = renderApp('/livestream');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText("Couldn't load the team's livestreams")).toBeInTheDocument();
    expect(within(alert).getByText('Database is down')).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No livestreams yet' })).toBeInTheDocument();
  });

  it('creates a stream with the form defaults; the key is shown once and the RTMP URL copies with it', async () => {
    const { streams, callsTo } = setup({
      extra: {
        'POST /api/livestreams': (call) => {
          const body = call.body as Record<string, unknown>;
          const created = stream({
            id: 'ls-new',
            title: body.title as string,
            description: null,
            streamKeyHint: 'k9Zq',
          });
          streams.unshift(created);
          return { status: 201, body: { ...created, streamKey: 'sk_live_abcdefgh1234k9Zq' } };
        },
      },
    });
    const { user } = renderApp('/livestream');
    await user.click(await screen.findByRole('button', { name: 'New Stream' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Livestream' });
    expect(within(dialog).getByLabelText('Stream Type')).toHaveValue('match');
    expect(within(dialog).getByRole('checkbox', { name: /Public stream/ })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Enable chat' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /Record stream/ })).toBeChecked();

    // Only the title is required.
    await user.click(within(dialog).getByRole('button', { name: 'Create Stream' }));
    expect(await within(dialog).findByText('Stream title is required')).toBeInTheDocument();
    expect(callsTo('POST', '/api/livestreams')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Stream Title'), '  Hawks vs. Eagles  ');
    await user.selectOptions(within(dialog).getByLabelText('Stream Type'), 'practice');
    await user.type(within(dialog).getByLabelText('Scheduled Start Time'), '2026-11-28T15:30');
    await user.click(within(dialog).getByRole('checkbox', { name: /Public stream/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Record stream/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Stream' }));

    await waitFor(() => expect(callsTo('POST', '/api/livestreams')).toHaveLength(1));
    expect(callsTo('POST', '/api/livestreams')[0]!.body).toEqual({
      teamId: 't1',
      title: 'Hawks vs. Eagles',
      description: null,
      streamType: 'practice',
      scheduledStartTime: new Date('2026-11-28T15:30').toISOString(),
      isPublic: true,
      allowChat: true,
      recordStream: false,
    });
    expect(await screen.findByText('Livestream created')).toBeInTheDocument();
    expect(await screen.findByText('Your livestream has been set up successfully.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Livestream' })).toBeNull());

    // The new stream is selected: its key is shown in full, once.
    expect(await screen.findByTestId('stream-key')).toHaveTextContent('sk_live_abcdefgh1234k9Zq');
    expect(screen.getByTestId('rtmp-url')).toHaveTextContent('rtmp://sideline.example:1935/live');
    await user.click(screen.getByRole('button', { name: 'Copy RTMP URL' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe('rtmp://sideline.example:1935/live/sk_live_abcdefgh1234k9Zq');
    expect(await screen.findByText('RTMP URL copied')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/livestream?stream=ls-new`);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    // The list shows it too (refetched after the create).
    expect(
      within(screen.getByRole('list', { name: 'Team livestreams' })).getByText('Hawks vs. Eagles'),
    ).toBeInTheDocument();
  });

  it('toasts the server message when creating fails', async () => {
    setup({
      extra: { 'POST /api/livestreams': { status: 403, body: { message: 'Only coaches can start a stream' } } },
    });
    const { user } = renderApp('/livestream');
    await user.click(await screen.findByRole('button', { name: 'New Stream' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Livestream' });
    await user.type(within(dialog).getByLabelText('Stream Title'), 'Practice');
    await user.click(within(dialog).getByRole('button', { name: 'Create Stream' }));
    expect(await screen.findByText('Error creating livestream')).toBeInTheDocument();
    expect(await screen.findByText('Only coaches can start a stream')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create Livestream' })).toBeInTheDocument();
  });

  it('masks a stored key, and shows Cancel (not End, not chat) for a scheduled stream', async () => {
    setup({ streams: [stream()] });
    const { user } = renderApp('/livestream');
    await user.click(await screen.findByRole('button', { name: /Hawks vs. Eagles/ }));
    expect(await screen.findByTestId('livestream-status')).toHaveTextContent('scheduled');
    expect(screen.getByTestId('stream-key')).toHaveTextContent('••••••••wxyz');
    expect(screen.getByRole('button', { name: 'Copy stream key' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel Stream' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End Stream' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Live Chat' })).toBeNull();
  });

  it("shows a private stream's manager the players without livestream consent before going live", async () => {
    setup({
      streams: [
        stream({
          playersWithoutConsent: [
            { id: 'p1', name: 'Mia' },
            { id: 'p2', name: 'Ben' },
          ],
        }),
      ],
    });
    const { user } = renderApp('/livestream');
    await user.click(await screen.findByRole('button', { name: /Hawks vs. Eagles/ }));
    expect(await screen.findByText(/Without livestream consent: Mia, Ben\./)).toBeInTheDocument();
  });

  it('says nothing of consent when every player has given it (or the stream is not the caller’s to manage)', async () => {
    setup({ streams: [stream({ playersWithoutConsent: [] })] });
    const { user } = renderApp('/livestream');
    await user.click(await screen.findByRole('button', { name: /Hawks vs. Eagles/ }));
    expect(await screen.findByTestId('livestream-status')).toHaveTextContent('scheduled');
    expect(screen.queryByText(/Without livestream consent/)).toBeNull();
  });

  it('goes live when the socket says so: the machine moves on, End Stream, the player and the chat appear', async () => {
    const { streams } = setup({ streams: [stream()] });
    const { user } = renderApp('/livestream?stream=ls-1');
    expect(await screen.findByRole('button', { name: 'Cancel Stream' })).toBeInTheDocument();
    const socket = await openSocket();

    streams[0] = stream({ status: 'live' });
    act(() => socket.receive({ type: 'livestream_updated', livestreamId: 'ls-1', teamId: 't1', status: 'live' }));
    expect(await screen.findByRole('button', { name: 'End Stream' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Stream' })).toBeNull();
    expect(screen.getByTestId('livestream-status')).toHaveTextContent('live');
    expect(await screen.findByRole('heading', { name: 'Live Chat' })).toBeInTheDocument();
    // The player loaded (jsdom has no Media Source Extensions, so it says it cannot play here).
    expect(await screen.findByText(/can't play live video/)).toBeInTheDocument();
    // Live Now lists it with its viewers and start.
    const liveNow = await screen.findByRole('list', { name: 'Live now' });
    expect(within(liveNow).getByText(/Started 5 minutes ago/)).toBeInTheDocument();

    // The publisher drops: reconnecting, still End Stream.
    streams[0] = stream({ status: 'live', ingest: 'interrupted' });
    act(() => socket.receive({ type: 'livestream_updated', livestreamId: 'ls-1', teamId: 't1', status: 'live' }));
    await waitFor(() => expect(screen.getByTestId('livestream-status')).toHaveTextContent('reconnecting'));
    expect(screen.getByText(/connection dropped/)).toBeInTheDocument();

    // It ends, with its recording in the Media Hub.
    streams[0] = stream({
      status: 'ended',
      ingest: null,
      playbackUrl: null,
      hlsPlaybackUrl: null,
      recordingMediaId: 'm-9',
    });
    act(() => socket.receive({ type: 'livestream_updated', livestreamId: 'ls-1', teamId: 't1', status: 'ended' }));
    await waitFor(() => expect(screen.getByTestId('livestream-status')).toHaveTextContent('ended'));
    expect(screen.queryByRole('button', { name: 'End Stream' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Live Chat' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Watch recording' })).toHaveAttribute('href', '/media/t1?item=m-9');
    void user;
  });

  it('updates Current and Peak Viewers from the socket', async () => {
    setup({ streams: [stream({ status: 'live', viewerCount: 1, maxViewers: 1 })] });
    renderApp('/livestream?stream=ls-1');
    await screen.findByRole('button', { name: 'End Stream' });
    const socket = await openSocket();
    const viewers = (label: string) => screen.getByText(label).closest('div')!.querySelector('dd')!.textContent;
    expect(viewers('Current Viewers')).toBe('1');
    act(() =>
      socket.receive({ type: 'livestream_viewers', livestreamId: 'ls-1', teamId: 't1', viewerCount: 3, maxViewers: 4 }),
    );
    await waitFor(() => expect(viewers('Current Viewers')).toBe('3'));
    expect(viewers('Peak Viewers')).toBe('4');
    // Another stream's counters change nothing here.
    act(() =>
      socket.receive({ type: 'livestream_viewers', livestreamId: 'ls-2', teamId: 't1', viewerCount: 9, maxViewers: 9 }),
    );
    expect(viewers('Current Viewers')).toBe('3');
  });

  it("shows the chat's history and everyone's new messages live; sends trimmed, never empty", async () => {
    const { callsTo } = setup({
      streams: [stream({ status: 'live' })],
      chat: [chatMessage()],
      extra: {
        'POST /api/livestreams/ls-1/chat': (call) => ({
          status: 201,
          body: chatMessage({
            id: 'c-mine',
            userId: sampleUser.id,
            userName: sampleUser.name,
            message: (call.body as { message: string }).message,
          }),
        }),
      },
    });
    const { user } = renderApp('/livestream?stream=ls-1');
    const log = await screen.findByRole('log', { name: 'Live chat messages' });
    expect(await within(log).findByText('Go Hawks!')).toBeInTheDocument();
    const socket = await openSocket();

    act(() =>
      socket.receive({
        type: 'livestream_chat',
        livestreamId: 'ls-1',
        teamId: 't1',
        message: chatMessage({ id: 'c2', userName: 'Riley Player', message: 'What a save!' }),
      }),
    );
    expect(await within(log).findByText('What a save!')).toBeInTheDocument();
    expect(within(log).getByText('Riley Player')).toBeInTheDocument();

    const box = screen.getByRole('textbox', { name: 'Chat message' });
    expect(box).toHaveAttribute('placeholder', 'Type a message...');
    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(callsTo('POST', '/api/livestreams/ls-1/chat')).toHaveLength(0);

    await user.clear(box);
    await user.type(box, '  Nice goal  ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(callsTo('POST', '/api/livestreams/ls-1/chat')).toHaveLength(1));
    expect(callsTo('POST', '/api/livestreams/ls-1/chat')[0]!.body).toMatchObject({ message: 'Nice goal' });
    expect(await within(log).findByText('Nice goal')).toBeInTheDocument();
    expect(await screen.findByText('Message sent')).toBeInTheDocument();
    expect(box).toHaveValue('');
    // The echo of our own message over the socket is not shown twice.
    act(() =>
      socket.receive({
        type: 'livestream_chat',
        livestreamId: 'ls-1',
        teamId: 't1',
        message: chatMessage({ id: 'c-mine', userId: sampleUser.id, userName: sampleUser.name, message: 'Nice goal' }),
      }),
    );
    expect(within(log).getAllByText('Nice goal')).toHaveLength(1);
  });

  it('toasts when a chat message fails', async () => {
    setup({
      streams: [stream({ status: 'live' })],
      extra: { 'POST /api/livestreams/ls-1/chat': { status: 409, body: { message: 'The stream is not live' } } },
    });
    const { user } = renderApp('/livestream?stream=ls-1');
    await user.type(await screen.findByRole('textbox', { name: 'Chat message' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Error sending message')).toBeInTheDocument();
    expect(await screen.findByText('The stream is not live')).toBeInTheDocument();
  });

  it('rotates the key: the new key is shown once', async () => {
    const { streams } = setup({
      streams: [stream()],
      extra: {
        'POST /api/livestreams/ls-1/key': () => {
          streams[0] = stream({ streamKeyHint: 'NEW1' });
          return { status: 200, body: { ...streams[0], streamKey: 'sk_rotated_keyNEW1' } };
        },
      },
    });
    const { user } = renderApp('/livestream?stream=ls-1');
    await user.click(await screen.findByRole('button', { name: 'Rotate key' }));
    await waitFor(() => expect(screen.getByTestId('stream-key')).toHaveTextContent('sk_rotated_keyNEW1'));
    expect(await screen.findByText('New stream key')).toBeInTheDocument();
  });

  it('says when the key was revoked and asks for a rotation, which gives a working key', async () => {
    const { streams } = setup({
      streams: [stream({ status: 'live', ingest: 'interrupted', streamKeyRevoked: true })],
      extra: {
        'POST /api/livestreams/ls-1/key': () => {
          streams[0] = stream({ status: 'live', ingest: 'interrupted', streamKeyHint: 'NEW2' });
          return { status: 200, body: { ...streams[0], streamKey: 'sk_rotated_keyNEW2' } };
        },
      },
    });
    const { user } = renderApp('/livestream?stream=ls-1');
    expect(await screen.findByText(/This key stopped working/)).toBeInTheDocument();
    expect(screen.getByTestId('stream-key')).toHaveTextContent('Revoked');
    await user.click(screen.getByRole('button', { name: 'Rotate key' }));
    await waitFor(() => expect(screen.getByTestId('stream-key')).toHaveTextContent('sk_rotated_keyNEW2'));
    expect(screen.queryByText(/This key stopped working/)).toBeNull();
  });

  it('cancels a scheduled stream', async () => {
    const { streams, callsTo } = setup({
      streams: [stream()],
      extra: {
        'POST /api/livestreams/ls-1/cancel': () => {
          streams[0] = stream({ status: 'cancelled', actions: [] });
          return { status: 200, body: streams[0] };
        },
      },
    });
    const { user } = renderApp('/livestream?stream=ls-1');
    await user.click(await screen.findByRole('button', { name: 'Cancel Stream' }));
    await waitFor(() => expect(screen.getByTestId('livestream-status')).toHaveTextContent('cancelled'));
    expect(callsTo('POST', '/api/livestreams/ls-1/cancel')).toHaveLength(1);
    expect(await screen.findByText('Livestream cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Stream' })).toBeNull();
    expect(screen.queryByText('RTMP Settings')).toBeNull();
  });

  it('ends a live stream only after a second confirmation', async () => {
    const { streams, callsTo } = setup({
      streams: [stream({ status: 'live' })],
      extra: {
        'POST /api/livestreams/ls-1/end': () => {
          streams[0] = stream({ status: 'ended', ingest: null, playbackUrl: null, hlsPlaybackUrl: null });
          return { status: 200, body: streams[0] };
        },
      },
    });
    const { user } = renderApp('/livestream?stream=ls-1');
    await user.click(await screen.findByRole('button', { name: 'End Stream' }));
    const confirm = screen.getByRole('group', { name: 'End the stream?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep streaming' }));
    expect(callsTo('POST', '/api/livestreams/ls-1/end')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'End Stream' }));
    await user.click(screen.getByRole('button', { name: 'Yes, end it' }));
    await waitFor(() => expect(screen.getByTestId('livestream-status')).toHaveTextContent('ended'));
    expect(callsTo('POST', '/api/livestreams/ls-1/end')).toHaveLength(1);
    expect(await screen.findByText('Livestream ended')).toBeInTheDocument();
    expect(screen.getByText("The recording will appear in the team's Media Hub shortly.")).toBeInTheDocument();
  });

  it("polls a public stream of a team the viewer is not in (the socket doesn't tell them)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const other = stream({
        id: 'ls-2',
        teamId: 't9',
        teamName: 'Lakeside Lions',
        title: 'Lions open day',
        status: 'live',
        isPublic: true,
        canManage: false,
        rtmpUrl: null,
        streamKeyHint: null,
        actions: ['SendChatMessage'],
        playbackUrl: '/api/livestreams/ls-2/live.flv',
        hlsPlaybackUrl: '/api/livestreams/ls-2/hls/index.m3u8',
      });
      const { callsTo } = setup({ streams: [other] });
      renderApp('/livestream?stream=ls-2');
      expect(await screen.findByRole('heading', { name: 'Lions open day' })).toBeInTheDocument();
      expect(screen.queryByText('RTMP Settings')).toBeNull();
      const fetched = callsTo('GET', '/api/livestreams/ls-2').length;
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10_000);
      });
      await waitFor(() => expect(callsTo('GET', '/api/livestreams/ls-2').length).toBeGreaterThan(fetched));
    } finally {
      vi.useRealTimers();
    }
  });

  it("says so when the selected stream isn't available", async () => {
    setup();
    renderApp('/livestream?stream=ls-2');
    expect(await screen.findByText(/This livestream isn't available/)).toBeInTheDocument();
  });
});
