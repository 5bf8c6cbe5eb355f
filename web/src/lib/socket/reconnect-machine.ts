import { assign, emit, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { ClientFrame, IncomingFrame } from './protocol.ts';
import { createSocketLogic, type SocketActorInput } from './socket-actor.ts';

/** Spec §4 / §9: after an unexpected close, at most 5 retries… */
export const MAX_RECONNECT_ATTEMPTS = 5;

/** …waiting 2^attempt seconds: 1, 2, 4, 8, 16 s for attempts 0 to 4. */
export function reconnectDelayMs(attempt: number): number {
  return 2 ** attempt * 1000;
}

/** The connection states of spec §4. */
import type { SocketStatus } from './socket-status.ts';

export { statusOf, type SocketStatus } from './socket-status.ts';

export interface ReconnectContext {
  url: string;
  /** Whether a user is signed in: the socket is open only then. */
  signedIn: boolean;
  /** Retries made since the last successful open (reset by a successful open). */
  attempt: number;
  /** Whether this actor has been connected before (the next open is a reconnect). */
  everConnected: boolean;
  /** Whether the browser has a network: no socket is tried without one. */
  networkUp: boolean;
}

export type ReconnectEvent =
  /** A user is present (signed in): open the socket. */
  | { type: 'user.present' }
  /** No user (signed out): close the socket and stay closed. */
  | { type: 'user.absent' }
  /** Try again now: from `error` (the user asked), or skipping the wait between retries. */
  | { type: 'retry' }
  /** The browser lost its network: the connection is down now, whatever the socket says yet. */
  | { type: 'network.offline' }
  /** The browser has a network again: connect at once, with a fresh count of retries. */
  | { type: 'network.online' }
  /** Write a frame (dropped unless connected). */
  | { type: 'send'; frame: ClientFrame }
  | { type: 'socket.open' }
  | { type: 'socket.close'; code: number; reason: string }
  | { type: 'socket.frame'; frame: IncomingFrame };

export type ReconnectEmitted =
  /** The socket opened; `reconnect` when an earlier connection of this actor had opened too. */
  | { type: 'connected'; reconnect: boolean }
  /** A frame from the server. */
  | { type: 'frame'; frame: IncomingFrame };

export interface ReconnectInput {
  /** The socket URL (see `defaultSocketUrl`). */
  url: string;
  /** Whether a user is already signed in when the actor starts. */
  signedIn?: boolean;
  /** Whether the browser has a network when the actor starts (true unless told otherwise). */
  networkUp?: boolean;
}

/**
 * The realtime connection lifecycle (spec §4 "Realtime connection states"). The state value is
 * the phase; `statusOf(snapshot)` maps it to the spec's four states through tags:
 *
 * - `disconnected`: no user, nothing open. `user.present` → `online`.
 * - `online`: invokes the `socket` actor (one WebSocket per entry) and is `connecting` until it
 *   opens, then `connected` (the retry count resets). An unexpected close goes to `backoff`
 *   while fewer than 5 retries were made, otherwise to `error`.
 * - `backoff` (tag `connecting`): waits 2^attempt s (1, 2, 4, 8, 16), counts the retry and
 *   opens again. `retry` skips the wait.
 * - `error`: gave up after 5 retries; `retry` (a person's "Try again") or `network.online`
 *   starts over with a fresh count.
 * - `user.absent` anywhere → `disconnected` (stopping the socket actor closes the socket).
 * - `network.offline` anywhere → `disconnected` at once (a socket can take many seconds to notice
 *   a lost network; the chat says Offline now), and no socket is tried until `network.online`.
 */
export const reconnectMachine = setup({
  types: {
    context: {} as ReconnectContext,
    events: {} as ReconnectEvent,
    input: {} as ReconnectInput,
    emitted: {} as ReconnectEmitted,
    tags: {} as SocketStatus,
  },
  actors: {
    socket: createSocketLogic(),
  },
  guards: {
    signedIn: ({ context }) => context.signedIn,
    canConnect: ({ context }) => context.signedIn && context.networkUp,
    canRetry: ({ context }) => context.attempt < MAX_RECONNECT_ATTEMPTS,
  },
  delays: {
    reconnectDelay: ({ context }) => reconnectDelayMs(context.attempt),
  },
  actions: {
    resetAttempts: assign({ attempt: 0 }),
    countAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
  },
}).createMachine({
  id: 'socket',
  context: ({ input }) => ({
    url: input.url,
    signedIn: input.signedIn ?? false,
    attempt: 0,
    everConnected: false,
    networkUp: input.networkUp ?? true,
  }),
  initial: 'disconnected',
  on: {
    'user.present': { actions: assign({ signedIn: true }) },
    'user.absent': {
      target: '.disconnected',
      actions: [assign({ signedIn: false }), 'resetAttempts'],
    },
    'network.offline': {
      target: '.disconnected',
      actions: [assign({ networkUp: false }), 'resetAttempts'],
    },
  },
  states: {
    disconnected: {
      tags: 'disconnected',
      always: { guard: 'canConnect', target: 'online' },
      on: {
        'network.online': { actions: [assign({ networkUp: true }), 'resetAttempts'] },
      },
    },
    online: {
      invoke: {
        id: 'socket',
        src: 'socket',
        input: ({ context }): SocketActorInput => ({ url: context.url }),
      },
      initial: 'connecting',
      states: {
        connecting: {
          tags: 'connecting',
          on: {
            'socket.open': {
              target: 'connected',
              actions: [
                'resetAttempts',
                emit(({ context }) => ({ type: 'connected' as const, reconnect: context.everConnected })),
                assign({ everConnected: true }),
              ],
            },
          },
        },
        connected: {
          tags: 'connected',
          on: {
            send: {
              actions: sendTo('socket', ({ event }) => ({
                type: 'socket.send' as const,
                data: JSON.stringify(event.frame),
              })),
            },
          },
        },
      },
      on: {
        'socket.frame': {
          actions: emit(({ event }) => ({ type: 'frame' as const, frame: event.frame })),
        },
        'socket.close': [{ guard: 'canRetry', target: 'backoff' }, { target: 'error' }],
      },
    },
    backoff: {
      tags: 'connecting',
      after: {
        reconnectDelay: { target: 'online', actions: 'countAttempt' },
      },
      on: {
        retry: { target: 'online', actions: 'countAttempt' },
        'network.online': { target: 'online', actions: [assign({ networkUp: true }), 'resetAttempts'] },
      },
    },
    error: {
      tags: 'error',
      on: {
        retry: { target: 'online', actions: 'resetAttempts' },
        'network.online': { target: 'online', actions: [assign({ networkUp: true }), 'resetAttempts'] },
      },
    },
  },
});

export type ReconnectActorRef = ActorRefFrom<typeof reconnectMachine>;
