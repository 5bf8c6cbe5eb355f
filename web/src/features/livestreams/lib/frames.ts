import type { LivestreamChatFrame, LivestreamUpdatedFrame, LivestreamViewersFrame } from '@sideline/domain';
import type { IncomingFrame } from '../../../lib/socket/protocol.ts';

/**
 * The livestream frames of `/ws` (schemas in domain/src/livestreams/schemas.ts). The client
 * trusts its own server's shapes; it checks only the fields it uses, so a newer server's extra
 * fields never break an older tab.
 */
function fields(frame: IncomingFrame) {
  return frame as { type?: unknown; livestreamId?: unknown; teamId?: unknown };
}

function isLivestreamFrame(frame: IncomingFrame, type: string): boolean {
  const f = fields(frame);
  return f.type === type && typeof f.livestreamId === 'string' && typeof f.teamId === 'string';
}

/** `livestream_updated`: status, ingest, recording or key changed: refetch the stream's queries. */
export function isLivestreamUpdated(frame: IncomingFrame): frame is IncomingFrame & LivestreamUpdatedFrame {
  return isLivestreamFrame(frame, 'livestream_updated');
}

/** `livestream_viewers`: current and peak viewers. */
export function isLivestreamViewers(frame: IncomingFrame): frame is IncomingFrame & LivestreamViewersFrame {
  const f = frame as { viewerCount?: unknown; maxViewers?: unknown };
  return (
    isLivestreamFrame(frame, 'livestream_viewers') &&
    typeof f.viewerCount === 'number' &&
    typeof f.maxViewers === 'number'
  );
}

/** `livestream_chat`: a chat message was posted to a stream. */
export function isLivestreamChat(frame: IncomingFrame): frame is IncomingFrame & LivestreamChatFrame {
  const message = (frame as { message?: { id?: unknown; livestreamId?: unknown } }).message;
  return (
    isLivestreamFrame(frame, 'livestream_chat') &&
    typeof message?.id === 'string' &&
    typeof message.livestreamId === 'string'
  );
}

/** A client id for an idempotent chat send: 32 random hex digits (the ids' [A-Za-z0-9_-] shape). */
export function newChatClientId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
