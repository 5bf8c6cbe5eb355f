import type { TeamEvent } from '../types.ts';

/**
 * Whether answers to this occurrence have closed: `rsvpDeadlineHours` before its start (the
 * server then refuses members' answers with 409 RSVP_CLOSED; managers may still record them).
 */
export function answersClosed(event: Pick<TeamEvent, 'date' | 'rsvpDeadlineHours'>, now = new Date()): boolean {
  const hours = event.rsvpDeadlineHours;
  if (hours === null || hours === undefined) return false;
  return now.getTime() >= Date.parse(event.date) - hours * 3_600_000;
}
