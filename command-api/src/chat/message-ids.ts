import { createHash } from 'node:crypto';

/**
 * The id of the message a sender's clientId stands for, derived rather than random: a retry
 * that races its original (socket send times out, the client falls back to HTTP with the same
 * clientId) is decided on the SAME message stream, finds the original there and appends
 * nothing, so both requests answer with one message. A UUID (version 8, "custom") so it looks
 * like every other id.
 */
export function messageIdForClientId(teamId: string, userId: string, clientId: string): string {
  const bytes = createHash('sha256')
    .update(JSON.stringify(['chat-message', teamId, userId, clientId]))
    .digest();
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
