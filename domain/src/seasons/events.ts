import type { SportId } from '../sports/catalogue.ts';
import type { UNKNOWN_SPORT_ID } from '../sports/catalogue.ts';

export const seasonStream = (seasonId: string) => `season-${seasonId}`;

/**
 * A season's sport as a catalogue id (GET /api/sports). `unknown` only comes from a stored
 * event whose sport name the catalogue does not know (see upcastSeasonEvent).
 */
export type SeasonSportId = SportId | typeof UNKNOWN_SPORT_ID;

export type SeasonCreated = {
  type: 'SeasonCreated';
  data: {
    seasonId: string;
    orgId: string;
    name: string;
    sportId: SeasonSportId;
    startDate: string;
    endDate: string;
    isActive: boolean;
    by: string;
  };
};
/** The form fields after an edit (all of them, so each event reads on its own). */
export type SeasonUpdated = {
  type: 'SeasonUpdated';
  data: {
    seasonId: string;
    orgId: string;
    name: string;
    sportId: SeasonSportId;
    startDate: string;
    endDate: string;
    by: string;
  };
};
export type SeasonActivated = { type: 'SeasonActivated'; data: { seasonId: string; orgId: string; by: string } };
export type SeasonDeactivated = { type: 'SeasonDeactivated'; data: { seasonId: string; orgId: string; by: string } };
export type SeasonDeleted = { type: 'SeasonDeleted'; data: { seasonId: string; orgId: string; by: string } };

export type SeasonEvent = SeasonCreated | SeasonUpdated | SeasonActivated | SeasonDeactivated | SeasonDeleted;
export const seasonEventTypes = [
  'SeasonCreated',
  'SeasonUpdated',
  'SeasonActivated',
  'SeasonDeactivated',
  'SeasonDeleted',
] as const;
