import type { Bus } from '@sideline/infra';
import type { OutgoingFrame } from '../protocol.ts';
import { teamSubject, userSubject } from './subjects.ts';
import { toEnvelope, type EnvelopeOptions } from './envelope.ts';

/**
 * Tells every socket joined to `teamId` (on every gateway) about `frame`. Projectors call it
 * after committing, e.g. `publishToTeam(bus, teamId, 'message', { type: 'new_message', message })`.
 * `kind` is the subject's last token: 'message', 'typing', 'presence', or a read model's name.
 */
export function publishToTeam(
  bus: Bus,
  teamId: string,
  kind: string,
  frame: OutgoingFrame,
  options: EnvelopeOptions = {},
): Promise<void> {
  return bus.publish(teamSubject(teamId, kind), toEnvelope(frame, options));
}

/**
 * Tells every socket of one user about `frame`. Kind 'membership' also makes each gateway
 * re-check which of that user's joined teams are still theirs (after a removal from a team).
 */
export function publishToUser(bus: Bus, userId: string, kind: string, frame: OutgoingFrame): Promise<void> {
  return bus.publish(userSubject(userId, kind), toEnvelope(frame));
}
