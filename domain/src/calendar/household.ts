import type { CalendarEvent } from './schemas.ts';
import type { HouseholdAnswer } from './upcoming-schemas.ts';

/** Someone a person answers for on a team: themself, or a linked child (by roster player). */
export type HouseholdPerson = Pick<HouseholdAnswer, 'relation' | 'playerId' | 'userId' | 'name'>;

/**
 * That person's answer to an occurrence: a roster player's by its player id, a member's own
 * (no player) by their account. The server's `/api/me/upcoming` and the app's cards agree by it.
 */
export function householdAnswerOf(occurrence: Pick<CalendarEvent, 'rsvps'>, person: HouseholdPerson): HouseholdAnswer {
  const answer = occurrence.rsvps.find((r) =>
    person.playerId ? r.playerId === person.playerId : r.playerId === null && r.userId === person.userId,
  );
  return {
    ...person,
    status: answer?.status ?? null,
    answeredBy: answer?.answeredBy ?? null,
    answeredAt: answer?.answeredAt ?? null,
    answeredBeforeChange: answer?.answeredBeforeChange ?? false,
  };
}
