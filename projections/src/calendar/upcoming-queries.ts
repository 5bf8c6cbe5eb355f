import { sql, type Kysely } from 'kysely';
import type { ReadModels } from '../read-models.ts';
import { householdAnswerOf, type MyUpcomingItem } from '@sideline/domain';
import { listTeamsEvents } from './calendar-queries.ts';

/** Whom the user answers for on a team: their own roster entry, and the children they are a guardian of. */
interface HouseholdLink {
  relation: 'self' | 'child';
  team_id: string;
  player_id: string;
  user_id: string | null;
  name: string;
}

/**
 * The next occurrences of all the user's teams, merged by start, each with its team and the
 * answers of the user's household on that team: their own roster entry and each child they are
 * a guardian of there, or themself as a member where they have neither (and wherever they have
 * answered for themself). A handful of queries whatever the number of teams: the user's teams,
 * then the occurrences (one-offs, series, moved occurrences, own changes, answers, who is
 * expected) beside the household's links. `teamIds` is every team read, for the response cache.
 */
export async function listMyUpcoming(
  database: Kysely<ReadModels>,
  userId: string,
  now: Date,
  limit: number,
): Promise<{ items: MyUpcomingItem[]; teamIds: string[] }> {
  const { rows: teams } = await sql<{ id: string; name: string }>`
    SELECT t.id, t.name FROM team_members m JOIN teams t ON t.id = m.team_id
    WHERE m.user_id = ${userId} AND t.deleted_at IS NULL`.execute(database);
  const teamIds = teams.map((t) => t.id);
  if (teamIds.length === 0) return { items: [], teamIds };
  const [occurrences, links, me] = await Promise.all([
    listTeamsEvents(database, teamIds, { from: now, limit }),
    sql<HouseholdLink>`
      SELECT 'child' AS relation, g.team_id, p.id AS player_id, a.user_id, p.name
      FROM player_guardians g JOIN players p ON p.id = g.player_id
      LEFT JOIN player_accounts a ON a.player_id = p.id AND a.valid_to IS NULL
      WHERE g.user_id = ${userId} AND g.valid_to IS NULL
      UNION ALL
      SELECT 'self' AS relation, a.team_id, p.id AS player_id, a.user_id, p.name
      FROM player_accounts a JOIN players p ON p.id = a.player_id
      WHERE a.user_id = ${userId} AND a.valid_to IS NULL`.execute(database),
    sql<{ name: string }>`SELECT name FROM users WHERE id = ${userId}`.execute(database),
  ]);
  const myName = me.rows[0]?.name ?? '';
  const names = new Map(teams.map((t) => [t.id, t.name]));
  const items = occurrences.map((occurrence): MyUpcomingItem => {
    const onTeam = links.rows
      .filter((l) => l.team_id === occurrence.teamId)
      .sort((a, b) => (a.relation === b.relation ? a.name.localeCompare(b.name) : a.relation === 'self' ? -1 : 1));
    const household = onTeam.map((l) =>
      householdAnswerOf(occurrence, { relation: l.relation, playerId: l.player_id, userId: l.user_id, name: l.name }),
    );
    const answeredForSelf = occurrence.rsvps.some((r) => r.playerId === null && r.userId === userId);
    if (onTeam.length === 0 || answeredForSelf) {
      household.unshift(householdAnswerOf(occurrence, { relation: 'self', playerId: null, userId, name: myName }));
    }
    return { ...occurrence, team: { id: occurrence.teamId, name: names.get(occurrence.teamId) ?? '' }, household };
  });
  return { items, teamIds };
}
