import type { OutboxWrite, SendOutcome } from './outbox-types.ts';

/**
 * The outbox's entry points for screens, loading it (and IndexedDB) on first use rather than with
 * the screen: see `outbox.ts` for how writes are sent, queued and shown.
 */
const outbox = () => import('./outbox.ts');

/** Sends a write now, or keeps it in the outbox until it can be sent (`queued`). */
export async function sendOrQueue<T>(write: OutboxWrite): Promise<SendOutcome<T>> {
  return (await outbox()).sendOrQueue<T>(write);
}

/** Sends a refused write again. */
export async function retryOutboxEntry(id: string): Promise<void> {
  return (await outbox()).retryOutboxEntry(id);
}

/** Drops a write the person no longer wants sent. */
export async function discardOutboxEntry(id: string): Promise<void> {
  return (await outbox()).discardOutboxEntry(id);
}

/** A fresh idempotency key for one write, made when the write is made. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
