export type SocketStatus = 'disconnected' | 'connecting' | 'connected' | 'error';

const statuses: readonly SocketStatus[] = ['connected', 'connecting', 'error', 'disconnected'];

/**
 * The spec's connection state of a reconnect-machine snapshot, read from its tags. Kept apart
 * from the machine so that the app shell can read it without loading XState before Home shows.
 */
export function statusOf(snapshot: { hasTag(tag: string): boolean }): SocketStatus {
  return statuses.find((status) => snapshot.hasTag(status)) ?? 'disconnected';
}
