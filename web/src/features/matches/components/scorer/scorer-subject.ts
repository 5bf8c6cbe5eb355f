import type { Participant } from '@sideline/domain';

/** Whom the scorer is recording for: a player of the lineup, or the opponent outside Sideline. */
export type ScorerSubject = { kind: 'player'; participant: Participant } | { kind: 'opponent'; name: string };

export const subjectName = (subject: ScorerSubject) =>
  subject.kind === 'player' ? subject.participant.userName || 'Unknown Player' : subject.name;

/** The big buttons of the scorer: at least 56 px high, for a thumb on a touchline. */
export const bigButtonClassName =
  'flex min-h-14 w-full items-center justify-center gap-2 rounded-2xl px-3 py-2 text-center text-base font-semibold transition-colors select-none disabled:pointer-events-none disabled:opacity-60';
