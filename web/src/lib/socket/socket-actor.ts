import { fromCallback } from 'xstate';
import { parseServerFrame } from './protocol.ts';

/** The part of the browser's WebSocket the client uses (so tests can hand in a fake one). */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type WebSocketFactory = (url: string) => WebSocketLike;

/** WebSocket.OPEN, without needing the global (tests may replace it). */
const OPEN = 1;
/** WebSocket.CLOSING */
const CLOSING = 2;
/** A normal closure, sent when the client itself closes (sign-out, unmount). */
export const NORMAL_CLOSURE = 1000;

export const defaultWebSocketFactory: WebSocketFactory = (url) => new WebSocket(url);

export interface SocketActorInput {
  url: string;
}

/** Events the machine sends to the socket actor. */
export type SocketActorEvent = { type: 'socket.send'; data: string };

/**
 * A callback actor that owns one WebSocket for as long as it runs: it reports open, close and
 * each parsed frame to its parent, writes what the parent asks it to (only while open), and
 * closes the socket when the parent stops it. Socket errors are only logged (spec §8); the
 * close that follows an error is what drives reconnection.
 */
export function createSocketLogic(factory: WebSocketFactory = defaultWebSocketFactory) {
  return fromCallback<SocketActorEvent, SocketActorInput>(({ input, sendBack, receive }) => {
    let stopped = false;
    let socket: WebSocketLike;
    try {
      socket = factory(input.url);
    } catch (error) {
      // An invalid URL or a blocked scheme: treat it like a failed connection.
      console.warn('[socket] could not open', error);
      queueMicrotask(() => {
        if (!stopped) sendBack({ type: 'socket.close', code: 1006, reason: 'could not open' });
      });
      return () => {
        stopped = true;
      };
    }

    socket.onopen = () => {
      if (!stopped) sendBack({ type: 'socket.open' });
    };
    socket.onmessage = (event) => {
      if (stopped) return;
      const frame = parseServerFrame(event.data);
      if (frame) sendBack({ type: 'socket.frame', frame });
      else console.warn('[socket] ignored a malformed frame');
    };
    socket.onerror = (event) => {
      if (!stopped) console.warn('[socket] error', event);
    };
    socket.onclose = (event) => {
      if (!stopped) sendBack({ type: 'socket.close', code: event.code, reason: event.reason });
    };

    receive((event) => {
      if (event.type === 'socket.send' && socket.readyState === OPEN) socket.send(event.data);
    });

    return () => {
      stopped = true;
      socket.onopen = null;
      socket.onmessage = null;
      socket.onerror = null;
      socket.onclose = null;
      if (socket.readyState < CLOSING) socket.close(NORMAL_CLOSURE, 'client closed');
    };
  });
}
