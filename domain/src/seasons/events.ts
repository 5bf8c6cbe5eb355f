export const seasonStream = (seasonId: string) => `season-${seasonId}`;

export type SeasonCreated = {
  type: 'SeasonCreated';
  data: {
    seasonId: string;
    orgId: string;
    name: string;
    sport: string;
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
    sport: string;
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
