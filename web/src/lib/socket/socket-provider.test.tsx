import type { Team } from '@sideline/domain';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, sampleUser } from '../../test/utils.tsx';
import { createQueryClient } from '../query-client.ts';
import { apiKey, apiPaths } from '../query-keys.ts';
import { useSocketStatus } from './socket-context.ts';
import { applyFrame, SocketProvider } from './socket-provider.tsx';
import { FakeWebSocket } from './testing/fake-web-socket.ts';

const teams = (...ids: string[]) => ids.map((id) => ({ id, name: `Team ${id}` }) as Team);

function Status() {
  return <p>status: {useSocketStatus()}</p>;
}

/** Keeps a query active so that invalidating it refetches. */
function Watch({ path }: { path: string }) {
  useQuery({ queryKey: apiKey(path), queryFn: () => fetch(path).then((r) => r.json()) });
  return null;
}

function setup(options: { teamsResponses?: Team[][] } = {}) {
  const responses = options.teamsResponses ?? [teams('t1')];
  let teamsCall = 0;
  const server = mockFetch({
    'GET /api/user': { status: 200, body: sampleUser },
    'GET /api/teams': () => ({ status: 200, body: responses[Math.min(teamsCall++, responses.length - 1)] }),
    'GET /api/teams/t1/messages': { status: 200, body: [] },
    'GET /api/teams/t1/media': { status: 200, body: [] },
    'GET /api/teams/t1/messages/pinned': { status: 200, body: [] },
    'GET /api/dashboard': { status: 200, body: {} },
  });
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SocketProvider createWebSocket={(url) => new FakeWebSocket(url)} url="ws://sideline.test/ws">
        <Status />
        <Watch path="/api/teams/t1/messages" />
        <Watch path="/api/teams/t1/media" />
        <Watch path="/api/teams/t1/messages/pinned" />
        <Watch path="/api/dashboard" />
      </SocketProvider>
    </QueryClientProvider>,
  );
  return { ...server, queryClient, view };
}

async function connected(): Promise<FakeWebSocket> {
  await waitFor(() => expect(FakeWebSocket.latest).toBeDefined());
  const socket = FakeWebSocket.latest!;
  act(() => socket.open());
  await screen.findByText('status: connected');
  return socket;
}

describe('SocketProvider (fake socket, mocked fetch)', () => {
  beforeEach(() => {
    FakeWebSocket.reset();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('opens once a user is signed in, joins their teams and reports presence', async () => {
    setup({ teamsResponses: [teams('t1', 't2')] });
    expect(screen.getByText('status: disconnected')).toBeInTheDocument();
    const socket = await connected();
    expect(socket.url).toBe('ws://sideline.test/ws');
    await waitFor(() =>
      expect(socket.sentOfType('join_teams')).toEqual([{ type: 'join_teams', teamIds: ['t1', 't2'] }]),
    );
    expect(socket.sentOfType('presence')).toEqual([{ type: 'presence', status: 'online' }]);
  });

  it('reports away when the tab is hidden, online when visible again, and offline when the page goes', async () => {
    setup();
    const socket = await connected();
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    hidden.mockReturnValue(false);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(socket.sentOfType('presence').map((f) => f.status)).toEqual(['online', 'away', 'online', 'offline']);
  });

  it('closes the socket when the user signs out', async () => {
    const { queryClient } = setup();
    const socket = await connected();
    act(() => queryClient.setQueryData(apiKey(apiPaths.user), null));
    await screen.findByText('status: disconnected');
    expect(socket.closedByClient?.code).toBe(1000);
  });

  it('on new_message invalidates the team messages, its media (with a photo) and the dashboard', async () => {
    const { callsTo } = setup();
    const socket = await connected();
    await waitFor(() => expect(callsTo('GET', '/api/dashboard')).toHaveLength(1));
    const message = {
      id: 'm1',
      teamId: 't1',
      userId: 'u-2',
      text: '📷 Photo shared',
      mediaUrl: '/api/media/p.jpg',
      timestamp: '2026-03-14T15:04:00.000Z',
      pinned: false,
      clientId: null,
      user: { name: 'Riley', avatarUrl: null },
      content: '📷 Photo shared',
      senderId: 'u-2',
      senderName: 'Riley',
    };
    act(() => socket.receive({ type: 'new_message', message }));
    await waitFor(() => expect(callsTo('GET', '/api/teams/t1/messages')).toHaveLength(2));
    await waitFor(() => expect(callsTo('GET', '/api/teams/t1/media')).toHaveLength(2));
    await waitFor(() => expect(callsTo('GET', '/api/dashboard')).toHaveLength(2));
    expect(callsTo('GET', '/api/teams/t1/messages/pinned')).toHaveLength(1);

    act(() => socket.receive({ type: 'new_message', message: { ...message, id: 'm2', mediaUrl: null } }));
    await waitFor(() => expect(callsTo('GET', '/api/teams/t1/messages')).toHaveLength(3));
    expect(callsTo('GET', '/api/teams/t1/media')).toHaveLength(2);
  });

  it('on pinned_changed refetches the pinned list', async () => {
    const { callsTo } = setup();
    const socket = await connected();
    await waitFor(() => expect(callsTo('GET', '/api/teams/t1/messages/pinned')).toHaveLength(1));
    act(() => socket.receive({ type: 'pinned_changed', teamId: 't1' }));
    await waitFor(() => expect(callsTo('GET', '/api/teams/t1/messages/pinned')).toHaveLength(2));
  });

  it('on membership_changed refetches the teams and joins again', async () => {
    const { callsTo } = setup({ teamsResponses: [teams('t1'), teams('t1', 't3'), teams('t1', 't3')] });
    const socket = await connected();
    await waitFor(() => expect(socket.sentOfType('join_teams')).toHaveLength(1));
    act(() => socket.receive({ type: 'membership_changed', teamId: 't3' }));
    await waitFor(() =>
      expect(socket.sentOfType('join_teams').at(-1)).toEqual({ type: 'join_teams', teamIds: ['t1', 't3'] }),
    );
    // Even when the list did not change, membership_changed re-joins.
    const joins = socket.sentOfType('join_teams').length;
    act(() => socket.receive({ type: 'membership_changed', teamId: 't3' }));
    await waitFor(() => expect(socket.sentOfType('join_teams')).toHaveLength(joins + 1));
    expect(callsTo('GET', '/api/teams')).toHaveLength(3);
  });

  it('after a reconnect invalidates every query and joins again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { callsTo } = setup();
      const first = await connected();
      await waitFor(() => expect(callsTo('GET', '/api/dashboard')).toHaveLength(1));
      act(() => first.serverClose());
      await screen.findByText('status: connecting');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
      const second = await connected();
      expect(second).not.toBe(first);
      await waitFor(() => expect(callsTo('GET', '/api/dashboard')).toHaveLength(2));
      await waitFor(() => expect(callsTo('GET', '/api/teams/t1/messages')).toHaveLength(2));
      await waitFor(() => expect(callsTo('GET', '/api/user')).toHaveLength(2));
      await waitFor(() => expect(second.sentOfType('join_teams')).toEqual([{ type: 'join_teams', teamIds: ['t1'] }]));
    } finally {
      vi.useRealTimers();
    }
  });

  it('on resync (the server missed notifications) refetches every active query, without reconnecting', async () => {
    const { callsTo } = setup();
    const socket = await connected();
    await waitFor(() => expect(callsTo('GET', '/api/dashboard')).toHaveLength(1));
    await waitFor(() => expect(callsTo('GET', '/api/teams/t1/messages')).toHaveLength(1));
    act(() => socket.receive({ type: 'resync' }));
    await waitFor(() => expect(callsTo('GET', '/api/teams/t1/messages')).toHaveLength(2));
    await waitFor(() => expect(callsTo('GET', '/api/teams/t1/media')).toHaveLength(2));
    await waitFor(() => expect(callsTo('GET', '/api/teams/t1/messages/pinned')).toHaveLength(2));
    await waitFor(() => expect(callsTo('GET', '/api/dashboard')).toHaveLength(2));
    expect(FakeWebSocket.instances).toEqual([socket]);
  });

  it('on joined, refetches what was read of a team before its last change (told of to no socket of this page), not after, nor the user', async () => {
    const { callsTo } = setup();
    const socket = await connected();
    await waitFor(() => expect(callsTo('GET', '/api/teams/t1/messages')).toHaveLength(1));
    await waitFor(() => expect(callsTo('GET', '/api/dashboard')).toHaveLength(1));
    const userReads = callsTo('GET', '/api/user').length;
    // The server's clock runs an hour ahead of this one: only the difference to its `now` counts.
    const serverNow = Date.now() + 3_600_000;

    // Nothing changed lately, or the change came well before these reads: nothing is read again.
    act(() => socket.receive({ type: 'joined', teamIds: ['t1'] }));
    act(() =>
      socket.receive({
        type: 'joined',
        teamIds: ['t1'],
        recentChanges: { now: serverNow, changedAt: { t1: serverNow - 30_000 } },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo('GET', '/api/teams/t1/messages')).toHaveLength(1);

    // A change after these reads: the team's reads and the dashboard are read again, the user is not.
    act(() =>
      socket.receive({
        type: 'joined',
        teamIds: ['t1'],
        recentChanges: { now: serverNow, changedAt: { t1: serverNow } },
      }),
    );
    await waitFor(() => expect(callsTo('GET', '/api/teams/t1/messages')).toHaveLength(2));
    await waitFor(() => expect(callsTo('GET', '/api/teams/t1/media')).toHaveLength(2));
    await waitFor(() => expect(callsTo('GET', '/api/teams/t1/messages/pinned')).toHaveLength(2));
    await waitFor(() => expect(callsTo('GET', '/api/dashboard')).toHaveLength(2));
    expect(callsTo('GET', '/api/user')).toHaveLength(userReads);
  });

  it('re-broadcasts typing_update and presence_update as sideline:typing / sideline:presence', async () => {
    setup();
    const socket = await connected();
    const typing = vi.fn();
    const presence = vi.fn();
    window.addEventListener('sideline:typing', typing);
    window.addEventListener('sideline:presence', presence);
    try {
      act(() =>
        socket.receive({ type: 'typing_update', teamId: 't1', userId: 'u-2', userName: 'Riley', isTyping: true }),
      );
      act(() =>
        socket.receive({
          type: 'presence_update',
          teamId: 't1',
          userId: 'u-2',
          userName: 'Riley',
          status: 'online',
          lastSeen: '2026-03-14T15:04:00.000Z',
        }),
      );
    } finally {
      window.removeEventListener('sideline:typing', typing);
      window.removeEventListener('sideline:presence', presence);
    }
    expect((typing.mock.calls[0]![0] as CustomEvent).detail).toEqual({
      teamId: 't1',
      userId: 'u-2',
      userName: 'Riley',
      isTyping: true,
    });
    expect((presence.mock.calls[0]![0] as CustomEvent).detail).toEqual({
      teamId: 't1',
      userId: 'u-2',
      userName: 'Riley',
      status: 'online',
      lastSeen: '2026-03-14T15:04:00.000Z',
    });
  });
});

describe('applyFrame for matches and rewards', () => {
  const cached = (...paths: string[]) => {
    const queryClient = createQueryClient();
    for (const path of paths) queryClient.setQueryData(apiKey(path), {});
    const stale = () =>
      paths.filter((path) => queryClient.getQueryState(apiKey(path))?.isInvalidated).sort((a, b) => a.localeCompare(b));
    return { queryClient, stale };
  };

  it("match_updated invalidates what shows the match: its reads, the lists, its teams' boards and the admins' figures, nothing else", () => {
    const { queryClient, stale } = cached(
      '/api/matches',
      '/api/matches/m1',
      '/api/matches/m1/stats',
      '/api/matches/m1/participants',
      '/api/matches/m1/playing-time',
      '/api/matches/m1/timeline',
      '/api/matches/m1/box-score',
      '/api/matches/m2',
      '/api/matches/m2/stats',
      '/api/me/matches',
      '/api/teams/t1/matches',
      '/api/teams/t3/matches',
      '/api/admin/stats',
      '/api/admin/matches',
      '/api/organizations/o1/stats',
      '/api/organizations/o1/teams',
      '/api/teams',
    );
    applyFrame(queryClient, { type: 'match_updated', matchId: 'm1', teamIds: ['t1', 't2'] }, () => {});
    expect(stale()).toEqual([
      '/api/admin/matches',
      '/api/admin/stats',
      '/api/matches',
      '/api/matches/m1',
      '/api/matches/m1/box-score',
      '/api/matches/m1/participants',
      '/api/matches/m1/playing-time',
      '/api/matches/m1/stats',
      '/api/matches/m1/timeline',
      '/api/me/matches',
      '/api/organizations/o1/stats',
      '/api/teams/t1/matches',
    ]);
  });

  it('livestream_updated refreshes the match reads (their "Watch live"), not the stats of a match', () => {
    const { queryClient, stale } = cached(
      '/api/matches',
      '/api/matches/m1',
      '/api/matches/m1/stats',
      '/api/me/matches',
      '/api/teams/t1/matches',
      '/api/teams/t2/matches',
      '/api/teams',
    );
    applyFrame(
      queryClient,
      { type: 'livestream_updated', livestreamId: 'ls1', teamId: 't1', status: 'live', ingest: 'on_air' },
      () => {},
    );
    expect(stale()).toEqual(['/api/matches', '/api/matches/m1', '/api/me/matches', '/api/teams/t1/matches']);
  });

  it("rewards_changed refetches the user's totals and rewards; team_players_changed the roster (XP shown to guardians)", () => {
    const { queryClient, stale } = cached('/api/user', '/api/rewards/me', '/api/teams/t1/players', '/api/teams');
    applyFrame(queryClient, { type: 'rewards_changed', userId: 'u-1' }, () => {});
    expect(stale()).toEqual(['/api/rewards/me', '/api/user']);
    applyFrame(queryClient, { type: 'team_players_changed', teamId: 't1' }, () => {});
    expect(stale()).toEqual(['/api/rewards/me', '/api/teams/t1/players', '/api/user']);
  });
});
