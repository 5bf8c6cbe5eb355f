import type { ClientFrameInput, OutgoingFrame, ServerFrame } from '@sideline/domain';

/**
 * The `/ws` frames as the web client sees them. The schemas live in `@sideline/domain`
 * (chat/socket-protocol.ts), shared with the realtime gateway; this file adds the "this changed"
 * notifications that projectors send beside the spec's frames, and a forgiving parser (the
 * client trusts its own server's frame shapes and only checks that a frame is an object with a
 * `type`, so a newer server's extra fields or frames never break an older tab).
 */

/** What the client writes. Identity fields are left out: the gateway takes them from the session. */
export type ClientFrame = ClientFrameInput;

/** `membership_changed`: the user's team list changed (re-join: refetch /api/teams, send join_teams). */
export interface MembershipChangedFrame {
  type: 'membership_changed';
  teamId: string;
}

/** `team_members_changed`: a team's member list changed. */
export interface TeamMembersChangedFrame {
  type: 'team_members_changed';
  teamId: string;
}

/** Every frame a handler may receive: the spec's, the notifications above, or an unknown one. */
export type IncomingFrame = ServerFrame | MembershipChangedFrame | TeamMembersChangedFrame | OutgoingFrame;

/** Narrows an incoming frame by its type (the union has an open member, so `switch` cannot). */
export function isFrame<T extends KnownFrame['type']>(
  frame: IncomingFrame,
  type: T,
): frame is Extract<KnownFrame, { type: T }> {
  return frame.type === type;
}

export type KnownFrame = ServerFrame | MembershipChangedFrame | TeamMembersChangedFrame;

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
