import type { Participant } from '@sideline/domain';

/** Whom the scorer is recording for: a player of the lineup, or the opponent outside Sideline. */
export type ScorerSubject = { kind: 'player'; participant: Participant } | { kind: 'opponent'; name: string };

export const subjectName = (subject: ScorerSubject) =>
  subject.kind === 'player' ? subject.participant.userName || 'Unknown Player' : subject.name;

/** The big buttons of the scorer: at least 56 px high, for a thumb on a touchline. */
export const bigButtonBoxClassName =
  'flex min-h-14 items-center justify-center rounded-2xl py-2 text-center font-semibold transition-colors select-none disabled:pointer-events-none disabled:opacity-60';
/** The usual big button: the box, full width; one with another width, gap or text size starts from the box. */
export const bigButtonClassName = `${bigButtonBoxClassName} w-full gap-2 px-3 text-base`;
