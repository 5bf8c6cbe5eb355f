import { sql, type Kysely } from 'kysely';

import { hasUndeletedTeam } from '../../matches/matches-queries.ts';
import type { ReadModels } from '../../read-models.ts';

/** Matches per season of the organization. */
export async function seasonMatchCounts(database: Kysely<ReadModels>, orgId: string): Promise<Map<string, number>> {
  const { rows } = await sql<{ season_id: string; n: string | number }>`
    SELECT season_id, count(*) AS n FROM matches m WHERE org_id = ${orgId} AND season_id IS NOT NULL AND ${hasUndeletedTeam('m')}
    GROUP BY season_id`.execute(database);
  return new Map(rows.map((r) => [r.season_id, Number(r.n)]));
}
