import type { Kysely } from 'kysely';
import type { ReadModels } from '../read-models.ts';
import { dayInTimeZone, seasonDisplayStatus, sportById, type Season } from '@sideline/domain';
import type { SeasonsTables } from './seasons-read-model.ts';

/** Teams shown on a season card (spec part 2 §9). */
export const SEASON_CARD_TEAMS = 3;

async function withTeams(
  database: Kysely<ReadModels>,
  rows: (SeasonsTables['seasons'] & { timezone: string })[],
  now: Date,
): Promise<Season[]> {
  if (rows.length === 0) return [];
  const teams = await database
    .selectFrom('teams')
    .select(['id', 'name', 'season_id'])
    .where('deleted_at', 'is', null)
    .where(
      'season_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const bySeason = new Map<string, { id: string; name: string }[]>();
  for (const t of teams) {
    const list = bySeason.get(t.season_id!) ?? [];
    list.push({ id: t.id, name: t.name });
    bySeason.set(t.season_id!, list);
  }
  return rows.map((r) => {
    const seasonTeams = bySeason.get(r.id) ?? [];
    return {
      id: r.id,
      orgId: r.org_id,
      name: r.name,
      sportId: r.sport_id,
      sportName: sportById(r.sport_id).name,
      sport: sportById(r.sport_id).name,
      startDate: r.start_date,
      endDate: r.end_date,
      isActive: r.is_active,
      status: seasonDisplayStatus(
        { isActive: r.is_active, startDate: r.start_date, endDate: r.end_date },
        dayInTimeZone(now, r.timezone),
      ),
      teamCount: seasonTeams.length,
      teams: seasonTeams.slice(0, SEASON_CARD_TEAMS),
      createdAt: r.created_at.toISOString(),
    };
  });
}

function seasonsQuery(database: Kysely<ReadModels>) {
  return database
    .selectFrom('seasons')
    .innerJoin('organizations', 'organizations.id', 'seasons.org_id')
    .selectAll('seasons')
    .select('organizations.timezone');
}

/** The seasons of the given organizations, latest start first; status as of `now` in each org's zone. */
export async function listSeasons(
  database: Kysely<ReadModels>,
  orgIds: readonly string[],
  now: Date,
): Promise<Season[]> {
  if (orgIds.length === 0) return [];
  const rows = await seasonsQuery(database)
    .where('seasons.org_id', 'in', [...orgIds])
    .orderBy('seasons.start_date', 'desc')
    .orderBy('seasons.created_at', 'desc')
    .orderBy('seasons.id')
    .execute();
  return withTeams(database, rows, now);
}

export async function findSeason(database: Kysely<ReadModels>, seasonId: string, now: Date): Promise<Season | null> {
  const row = await seasonsQuery(database).where('seasons.id', '=', seasonId).executeTakeFirst();
  return row ? ((await withTeams(database, [row], now))[0] ?? null) : null;
}
