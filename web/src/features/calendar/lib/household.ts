import { householdAnswerOf, type HouseholdAnswer, type HouseholdPerson, type Player } from '@sideline/domain';
import type { TeamEvent } from '../types.ts';

/** Whom a person answers for on one team, before their answers are looked up. */
export type { HouseholdPerson };

/**
 * The people the user answers for on a team, as GET /api/me/upcoming lists them: their own roster
 * entry and each child they are a guardian of (from the team's roster), or themself as a member
 * where they have neither. The roster may be missing (not loaded, or refused): themself then.
 */
export function householdPeople(
  user: { id: string; name: string },
  players: readonly Player[] | undefined,
): HouseholdPerson[] {
  const own = (players ?? [])
    .filter((p) => p.account?.userId === user.id)
    .map((p): HouseholdPerson => ({ relation: 'self', playerId: p.id, userId: user.id, name: p.name }));
  const children = (players ?? [])
    .filter((p) => p.account?.userId !== user.id && p.guardians.some((g) => g.userId === user.id))
    .map((p): HouseholdPerson => ({
      relation: 'child',
      playerId: p.id,
      userId: p.account?.userId ?? null,
      name: p.name,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const people = [...own, ...children];
  return people.length > 0 ? people : [{ relation: 'self', playerId: null, userId: user.id, name: user.name }];
}

/**
 * Each person's answer to one occurrence (status null: not answered yet). As on Home, the user
 * keeps a row of their own where they answered for themself, though they also have children there.
 */
export function householdAnswers(
  event: TeamEvent,
  user: { id: string; name: string },
  people: readonly HouseholdPerson[],
): HouseholdAnswer[] {
  const answers = people.map((person) => householdAnswerOf(event, person));
  const hasOwnRow = people.some((p) => p.relation === 'self');
  const answeredForSelf = event.rsvps.some((r) => r.playerId === null && r.userId === user.id);
  if (!hasOwnRow && answeredForSelf) {
    answers.unshift(householdAnswerOf(event, { relation: 'self', playerId: null, userId: user.id, name: user.name }));
  }
  return answers;
}
