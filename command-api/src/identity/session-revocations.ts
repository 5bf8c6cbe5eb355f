import { setTimeout as delay } from 'node:timers/promises';
import { busEnvelope, busReconnectedSubject, type Bus } from '@sideline/infra';
import { publishSessionRevoked, revokedSessionId, sessionRevokedKind } from '@sideline/realtime';
import type { SessionStore } from './sessions.ts';

/** How long a sign-out waits for its revocation notice to reach the bus (NATS may be down). */
const FLUSH_TIMEOUT_MS = 1_000;

/**
 * Tells every process that a session was revoked, with the gateways' own `session_revoked`
 * notice (their sockets close, every session cache forgets it), and waits until the bus has it,
 * so the next request to any process is refused.
 */
export async function announceSessionRevoked(bus: Bus, userId: string, sessionId: string): Promise<void> {
  await publishSessionRevoked(bus, userId, sessionId);
  await Promise.race([bus.flush(), delay(FLUSH_TIMEOUT_MS, undefined, { ref: false })]);
}

/**
 * Keeps this process's session cache in step with revocations anywhere: a `session_revoked`
 * notice drops that session; after the bus was down (notices may be lost) it drops them all.
 */
export function followSessionRevocations(bus: Bus, sessions: SessionStore): () => void {
  const forgetAll = () => sessions.forgetAll();
  const unsubscribes = [
    bus.subscribe(`sideline.user.*.${sessionRevokedKind}`, (message) => {
      const envelope = busEnvelope.safeParse(message.data);
      const sessionId = envelope.success ? revokedSessionId(envelope.data.payload) : null;
      // A notice we cannot read still says some session ended.
      if (sessionId) sessions.forget(sessionId);
      else forgetAll();
    }),
    bus.onReconnect(forgetAll),
    bus.subscribe(busReconnectedSubject, forgetAll),
  ];
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
  };
}
