import { sql, type Kysely } from 'kysely';
import type { ReadModels } from '@sideline/projections';

/** Someone expected to answer who has not: a roster player, or a member answering for themself. */
export interface Unanswered {
  playerId: string | null;
  userId: string | null;
}

/**
 * Who still has someone to answer for, per list of those who have not answered: each member
 * answering for themself, each player's own account, and every guardian of each player (one
 * query for all the lists). The manual reminder and the scheduled ones both ask this.
 */
export async function peopleToRemind(
  db: Kysely<ReadModels>,
  lists: readonly (readonly Unanswered[])[],
): Promise<string[][]> {
  const children = [...new Set(lists.flatMap((list) => list.flatMap((a) => (a.playerId ? [a.playerId] : []))))];
  const guardians = new Map<string, string[]>();
  if (children.length > 0) {
    const { rows } = await sql<{ player_id: string; user_id: string }>`
      SELECT player_id, user_id FROM player_guardians
       WHERE valid_to IS NULL AND player_id IN (${sql.join(children)})`.execute(db);
    for (const r of rows) guardians.set(r.player_id, [...(guardians.get(r.player_id) ?? []), r.user_id]);
  }
  return lists.map((list) => {
    const people = new Set<string>();
    for (const a of list) {
      if (a.userId) people.add(a.userId);
      if (a.playerId) for (const g of guardians.get(a.playerId) ?? []) people.add(g);
    }
    return [...people];
  });
}
