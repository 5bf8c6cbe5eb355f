import type { TeamEvent } from '../types.ts';

/**
 * Late Not Going answers (a change to Not Going within 24 hours of the start): the server counts
 * them on an occurrence for the team's coaches only (`lateNotGoing`) and marks each such answer
 * (`lateChange`). Others get neither, so nothing shows for them.
 */
export function lateNotGoingCount(event: TeamEvent): number {
  const count = (event as TeamEvent & { lateNotGoing?: number }).lateNotGoing;
  return typeof count === 'number' && count > 0 ? count : 0;
}

export function lateNotGoingNames(event: TeamEvent): string[] {
  return event.rsvps
    .filter((r) => (r as typeof r & { lateChange?: boolean }).lateChange && r.status === 'no')
    .map((r) => r.user.name);
}

export function lateBadgeText(count: number): string {
  return count === 1 ? '1 late drop-out' : `${count} late drop-outs`;
}
