import type { SportId } from '../sports/catalogue.ts';

/**
 * Season commands. `byIsOrgAdmin` is whether the caller administers the season's organization
 * (read by the route from the organizations read model): only admins change seasons.
 */
interface Actor {
  by: string;
  byIsOrgAdmin: boolean;
}
interface SeasonFields {
  name: string;
  /** A catalogue id (the route reads an old client's sport name as its id). */
  sportId: SportId;
  startDate: string;
  endDate: string;
}

export type CreateSeason = {
  type: 'CreateSeason';
  data: SeasonFields & Actor & { seasonId: string; orgId: string; isActive: boolean };
};
export type UpdateSeason = {
  type: 'UpdateSeason';
  data: SeasonFields & Actor & { seasonId: string; isActive?: boolean };
};
export type SetSeasonActive = { type: 'SetSeasonActive'; data: Actor & { seasonId: string; isActive: boolean } };
/** `teamCount`: the season's teams (from the teams read model); a season with teams is kept. */
export type DeleteSeason = { type: 'DeleteSeason'; data: Actor & { seasonId: string; teamCount: number } };

export type SeasonCommand = CreateSeason | UpdateSeason | SetSeasonActive | DeleteSeason;
