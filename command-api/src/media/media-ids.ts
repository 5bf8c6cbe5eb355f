import { createHash } from 'node:crypto';

/**
 * The media id an upload's Idempotency-Key stands for: a retried upload (same user, team and
 * key) lands on the same `media-{id}` stream and answers with the first upload. A version-8
 * ("custom") UUID so it looks like every other id.
 */
export function mediaIdForIdempotencyKey(teamId: string, userId: string, key: string): string {
  const bytes = createHash('sha256')
    .update(JSON.stringify(['media-upload', teamId, userId, key]))
    .digest();
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Idempotency-Key header values we accept (a client-generated UUID fits). */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,128}$/;
