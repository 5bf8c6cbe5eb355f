/** A client id for an idempotent chat send: 32 random hex digits (the ids' [A-Za-z0-9_-] shape). */
export function newChatClientId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
