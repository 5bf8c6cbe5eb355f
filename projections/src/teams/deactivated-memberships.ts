import { sql, type Kysely } from 'kysely';
import type { ReadModels } from '../read-models.ts';

/**
 * A deactivation ends a person's access to the deactivating organization's teams, and to those
 * only: their memberships there move out of `team_members` (which every membership check, list
 * and socket room reads) into `deactivated_team_members`, and a reactivation moves them back.
 * Each function returns the teams whose memberships moved.
 */

/**
 * Holds the active memberships of people whom the team's organization has deactivated (as
 * `deactivated_org_members` says); `userIds` narrows it to some people.
 */
export async function holdDeactivatedMemberships(
  db: Kysely<ReadModels>,
  userIds?: readonly string[],
): Promise<string[]> {
  if (userIds?.length === 0) return [];
  const { rows } = await sql<{ team_id: string }>`
    WITH held AS (
      DELETE FROM team_members m USING teams t, deactivated_org_members d
      WHERE t.id = m.team_id AND d.org_id = t.org_id AND d.user_id = m.user_id
        ${userIds ? sql`AND m.user_id IN (${sql.join([...userIds])})` : sql``}
      RETURNING m.team_id, m.user_id, m.assigned_role, m.joined_at),
    kept AS (
      INSERT INTO deactivated_team_members (team_id, user_id, assigned_role, joined_at)
      SELECT team_id, user_id, assigned_role, joined_at FROM held
      ON CONFLICT (team_id, user_id) DO NOTHING)
    SELECT DISTINCT team_id FROM held`.execute(db);
  return rows.map((r) => r.team_id);
}

/** Gives back the person's held memberships of the organization's teams. */
export async function releaseMemberships(db: Kysely<ReadModels>, orgId: string, userId: string): Promise<string[]> {
  const { rows } = await sql<{ team_id: string }>`
    WITH released AS (
      DELETE FROM deactivated_team_members m USING teams t
      WHERE t.id = m.team_id AND t.org_id = ${orgId} AND m.user_id = ${userId}
      RETURNING m.team_id, m.user_id, m.assigned_role, m.joined_at),
    back AS (
      INSERT INTO team_members (team_id, user_id, assigned_role, joined_at)
      SELECT team_id, user_id, assigned_role, joined_at FROM released
      ON CONFLICT (team_id, user_id) DO NOTHING)
    SELECT DISTINCT team_id FROM released`.execute(db);
  return rows.map((r) => r.team_id);
}

/** The teams' member counts, from their active memberships (one statement for all of them). */
export async function recountMembers(db: Kysely<ReadModels>, teamIds: readonly string[]): Promise<void> {
  if (teamIds.length === 0) return;
  await sql`
    UPDATE teams SET member_count = (SELECT count(*)::int FROM team_members WHERE team_members.team_id = teams.id)
    WHERE id IN (${sql.join([...new Set(teamIds)])})`.execute(db);
}
