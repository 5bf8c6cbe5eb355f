import type { PresenceUpdateFrame, TypingUpdateFrame } from '@sideline/domain';
import { createContext, useContext, useEffect, useRef } from 'react';
import type { ClientFrame, IncomingFrame } from './protocol.ts';
import type { SocketStatus } from './socket-status.ts';

export type FrameListener = (frame: IncomingFrame) => void;

export interface SocketApi {
  /** The spec's connection state. */
  status: SocketStatus;
  /** Writes a frame; `false` (and nothing written) unless connected. */
  send: (frame: ClientFrame) => boolean;
  /** Calls `listener` with every frame the server sends; returns the unsubscribe function. */
  subscribe: (listener: FrameListener) => () => void;
  /** Try to connect again now (from `error`, or instead of waiting out a retry delay). */
  retry: () => void;
}

const disconnected: SocketApi = {
  status: 'disconnected',
  send: () => false,
  subscribe: () => () => {},
  retry: () => {},
};

export const SocketContext = createContext<SocketApi>(disconnected);

/** The whole socket API (status, send, subscribe, retry). */
export function useSocket(): SocketApi {
  return useContext(SocketContext);
}

/** 'disconnected' | 'connecting' | 'connected' | 'error' (spec §4). */
export function useSocketStatus() {
  return useContext(SocketContext).status;
}

/**
 * Calls `listener` for every server frame while the component is mounted. The latest listener
 * is always used, so it may close over fresh state without resubscribing.
 */
export function useSocketSubscription(listener: FrameListener) {
  const { subscribe } = useContext(SocketContext);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => subscribe((frame) => latest.current(frame)), [subscribe]);
}

// ---- typing and presence as browser events (spec §4) ------------------------------------------

/** `window` event carrying a `typing_update` frame as its `detail`. */
export const TYPING_EVENT = 'sideline:typing';
/** `window` event carrying a `presence_update` frame as its `detail`. */
export const PRESENCE_EVENT = 'sideline:presence';

export type TypingEventDetail = Omit<TypingUpdateFrame, 'type'>;
export type PresenceEventDetail = Omit<PresenceUpdateFrame, 'type'>;

declare global {
  interface WindowEventMap {
    'sideline:typing': CustomEvent<TypingEventDetail>;
    'sideline:presence': CustomEvent<PresenceEventDetail>;
  }
}
