import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { RsvpLateFrame } from '@sideline/domain';
import { toast } from '../../components/ui/use-toast.ts';
import { useUser } from '../../features/auth/api.ts';
import { teamsQueryOptions } from '../../features/teams/api.ts';
import { invalidateStale, only } from '../query-client.ts';
import { apiKey, apiPaths } from '../query-keys.ts';
import { defaultSocketUrl, isFrame, type ClientFrame, type IncomingFrame } from './protocol.ts';
import type { ReconnectActorRef } from './reconnect-machine.ts';
import { staleReadsOf } from './stale-reads.ts';
import { statusOf, type SocketStatus } from './socket-status.ts';
import {
  PRESENCE_EVENT,
  SocketContext,
  TYPING_EVENT,
  type FrameListener,
  type PresenceEventDetail,
  type SocketApi,
  type TypingEventDetail,
} from './socket-context.ts';
import type { WebSocketFactory } from './socket-actor.ts';

export interface SocketProviderProps {
  children: ReactNode;
  /** How a WebSocket is made (tests pass a fake); the browser's by default. */
  createWebSocket?: WebSocketFactory;
  /** The socket URL; `/ws` on the page's origin by default. */
  url?: string;
}

/**
 * The realtime connection (spec §4 and §7), driven by the reconnect machine: open while a user
 * is signed in, closed when signed out. On every open it joins the user's teams (and again when
 * the team list changes or the server says `membership_changed`), reports presence (online /
 * away with the tab's visibility, offline when the page goes away), invalidates the cached keys
 * that a "this changed" frame names (and, on `joined`, what was read of a team before a change
 * made while the page loaded), re-broadcasts typing and presence as `window` events, and
 * after a reconnect, or a `resync` frame (the server's bus reconnected), invalidates every query
 * (whatever happened meanwhile is fetched).
 */
export function SocketProvider({ children, createWebSocket, url }: SocketProviderProps) {
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const userId = user?.id ?? null;

  // One actor per mount, made in an effect so React's strict-mode remount gets a fresh one. Its
  // code (with XState) loads after the first render: no screen waits for the socket to show.
  const [actor, setActor] = useState<ReconnectActorRef | null>(null);
  useEffect(() => {
    let unmounted = false;
    let started: ReconnectActorRef | null = null;
    void import('./start-reconnect-actor.ts').then(({ startReconnectActor }) => {
      if (unmounted) return;
      started = startReconnectActor(url ?? defaultSocketUrl(), createWebSocket);
      setActor(started);
    });
    return () => {
      unmounted = true;
      started?.stop();
    };
  }, [createWebSocket, url]);

  const status = useActorStatus(actor);

  // Open only while a user is present; a different user gets a new connection.
  const connectedUser = useRef<string | null>(null);
  useEffect(() => {
    if (!actor) return;
    if (userId && connectedUser.current && connectedUser.current !== userId) actor.send({ type: 'user.absent' });
    actor.send({ type: userId ? 'user.present' : 'user.absent' });
    connectedUser.current = userId;
  }, [actor, userId]);

  const send = useCallback(
    (frame: ClientFrame) => {
      if (!actor || statusOf(actor.getSnapshot()) !== 'connected') return false;
      actor.send({ type: 'send', frame });
      return true;
    },
    [actor],
  );

  const [listeners] = useState(() => new Set<FrameListener>());
  const subscribe = useCallback(
    (listener: FrameListener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    [listeners],
  );

  const retry = useCallback(() => actor?.send({ type: 'retry' }), [actor]);

  // Each open gets a number, so the teams are joined once per connection.
  const [connection, setConnection] = useState(0);
  // Bumped after `membership_changed` has refetched the teams: join again even if unchanged.
  const [joinRequest, setJoinRequest] = useState(0);

  useEffect(() => {
    if (!actor) return;
    const connected = actor.on('connected', ({ reconnect }) => {
      setConnection((n) => n + 1);
      if (reconnect) void queryClient.invalidateQueries();
    });
    const frames = actor.on('frame', ({ frame }) => {
      applyFrame(queryClient, frame, () => setJoinRequest((n) => n + 1));
      for (const listener of listeners) {
        try {
          listener(frame);
        } catch (error) {
          console.error('[socket] a frame listener failed', error);
        }
      }
    });
    return () => {
      connected.unsubscribe();
      frames.unsubscribe();
    };
  }, [actor, listeners, queryClient]);

  // join_teams with the user's teams, once per connection and whenever the list changes.
  const connected = status === 'connected';
  const teams = useQuery({ ...teamsQueryOptions, enabled: connected && userId !== null });
  const teamIds = useMemo(() => teams.data?.map((team) => team.id), [teams.data]);
  const joined = useRef('');
  useEffect(() => {
    if (!connected || !teamIds) return;
    const signature = `${connection}|${joinRequest}|${teamIds.join(',')}`;
    if (joined.current === signature) return;
    if (send({ type: 'join_teams', teamIds })) joined.current = signature;
  }, [connected, connection, joinRequest, teamIds, send]);

  // Presence: online while the tab is visible, away while hidden, offline when the page goes.
  useEffect(() => {
    if (!connected) return;
    const visibility = () => send({ type: 'presence', status: document.hidden ? 'away' : 'online' });
    const leaving = () => send({ type: 'presence', status: 'offline' });
    visibility();
    document.addEventListener('visibilitychange', visibility);
    window.addEventListener('pagehide', leaving);
    window.addEventListener('beforeunload', leaving);
    return () => {
      document.removeEventListener('visibilitychange', visibility);
      window.removeEventListener('pagehide', leaving);
      window.removeEventListener('beforeunload', leaving);
    };
  }, [connected, connection, send]);

  // The browser lost its network: the connection is down now (the chat says Offline at once);
  // it regained it: connect now rather than wait out the current delay (or the error).
  useEffect(() => {
    if (!actor) return;
    const offline = () => actor.send({ type: 'network.offline' });
    const online = () => actor.send({ type: 'network.online' });
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [actor]);

  const value = useMemo<SocketApi>(() => ({ status, send, subscribe, retry }), [status, send, subscribe, retry]);
  return <SocketContext.Provider value={value}>{children}</SocketContext.Provider>;
}

function useActorStatus(actor: ReconnectActorRef | null): SocketStatus {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!actor) return () => {};
      const subscription = actor.subscribe({ next: onChange, error: onChange });
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  const getSnapshot = useCallback(() => (actor ? statusOf(actor.getSnapshot()) : 'disconnected'), [actor]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/**
 * What a frame means for the cache and the page (spec §7): "this changed" frames invalidate the
 * keys they name; typing and presence updates become `window` events; server errors are logged.
 */
export function applyFrame(queryClient: QueryClient, frame: IncomingFrame, rejoin: () => void) {
  void invalidateStale(queryClient, staleReadsOf(frame));
  if (frame.type === 'rsvp_late_change') {
    // The coaches' late Not Going flag: the coach is told at once who dropped out of what.
    const { userName, eventTitle, teamId } = frame as Partial<RsvpLateFrame>;
    if (typeof teamId !== 'string') return;
    toast({ title: `${userName ?? 'Someone'} can't make it`, description: eventTitle ?? 'A change to Not Going' });
  } else if (isFrame(frame, 'typing_update')) {
    const { type: _type, ...detail } = frame;
    window.dispatchEvent(new CustomEvent<TypingEventDetail>(TYPING_EVENT, { detail }));
  } else if (isFrame(frame, 'presence_update')) {
    const { type: _type, ...detail } = frame;
    window.dispatchEvent(new CustomEvent<PresenceEventDetail>(PRESENCE_EVENT, { detail }));
  } else if (isFrame(frame, 'membership_changed')) {
    // The user's teams (not everything of each team): whom the socket joins follows them.
    void queryClient.invalidateQueries(only(apiKey(apiPaths.teams))).then(rejoin);
  } else if (isFrame(frame, 'error')) {
    // Spec §8: socket errors are only logged (a failed send is marked by the chat, by clientId).
    console.warn('[socket] server error', frame.code ?? '', frame.message);
  }
}
