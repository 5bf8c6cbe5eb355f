/**
 * A fresh id for a write that may be sent again (a retry, an outbox's replay): the server records
 * it once per id. 8–64 letters, digits, `_` or `-`, as the server's schema asks.
 */
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Older browsers and pages outside a secure context: 32 random hex digits.
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
