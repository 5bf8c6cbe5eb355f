import type { ClientFrameInput, OutgoingFrame, ServerFrame } from '@sideline/domain';

/**
 * The `/ws` frames as the web client sees them. The schemas live in `@sideline/domain`
 * (chat/socket-protocol.ts), shared with the realtime gateway and the projectors that send the
 * "this changed" notifications (pinned_changed, media_changed, membership_changed,
 * team_members_changed); this file adds a forgiving parser (the client trusts its own server's
 * frame shapes and only checks that a frame is an object with a `type`, so a newer server's
 * extra fields or frames never break an older tab).
 */

/** What the client writes. Identity fields are left out: the gateway takes them from the session. */
export type ClientFrame = ClientFrameInput;

/** Every frame the client knows how to handle. */
export type KnownFrame = ServerFrame;

/** Every frame a handler may receive: a known one, or one a newer server added. */
export type IncomingFrame = KnownFrame | OutgoingFrame;

/** Narrows an incoming frame by its type (the union has an open member, so `switch` cannot). */
export function isFrame<T extends KnownFrame['type']>(
  frame: IncomingFrame,
  type: T,
): frame is Extract<KnownFrame, { type: T }> {
  return frame.type === type;
}

/** Parses one text frame; anything that is not a JSON object with a string `type` is `null`. */
export function parseServerFrame(data: unknown): IncomingFrame | null {
  if (typeof data !== 'string') return null;
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  if (typeof (raw as { type?: unknown }).type !== 'string') return null;
  return raw as IncomingFrame;
}

/** The socket URL on the page's own origin: wss on https, ws otherwise (spec §7). */
export function defaultSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/ws`;
}
