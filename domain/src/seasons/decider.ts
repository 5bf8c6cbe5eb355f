import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import type { SeasonCommand } from './commands.ts';
import type { SeasonEvent, SeasonSportId } from './events.ts';
import { END_BEFORE_START_MESSAGE } from './schemas.ts';
import { upcastSeasonEvent, type StoredSeasonEvent } from './upcasters.ts';

interface SeasonFields {
  name: string;
  sportId: SeasonSportId;
  startDate: string;
  endDate: string;
}

export type SeasonState =
  | { status: 'none' }
  | { status: 'deleted' }
  | { status: 'active'; seasonId: string; orgId: string; fields: SeasonFields; isActive: boolean };

const notFound = () => new DomainError('not_found', 'SEASON_NOT_FOUND', 'Season not found');

function requireAdmin(byIsOrgAdmin: boolean) {
  if (!byIsOrgAdmin) {
    throw new DomainError('forbidden', 'ORG_ADMINS_ONLY', "Only the organization's admins can manage seasons");
  }
}

function requireOrderedDates({ startDate, endDate }: SeasonFields) {
  if (!(endDate > startDate)) throw new DomainError('invalid', 'END_BEFORE_START', END_BEFORE_START_MESSAGE);
}

const sameFields = (a: SeasonFields, b: SeasonFields) =>
  a.name === b.name && a.sportId === b.sportId && a.startDate === b.startDate && a.endDate === b.endDate;

export const seasonDecider: Decider<SeasonCommand, SeasonEvent, SeasonState, StoredSeasonEvent> = {
  initialState: { status: 'none' },
  decide(command, state) {
    requireAdmin(command.data.byIsOrgAdmin);
    if (command.type === 'CreateSeason') {
      if (state.status !== 'none') throw new DomainError('conflict', 'SEASON_EXISTS', 'This season already exists');
      const { seasonId, orgId, name, sportId, startDate, endDate, isActive, by } = command.data;
      requireOrderedDates(command.data);
      return [{ type: 'SeasonCreated', data: { seasonId, orgId, name, sportId, startDate, endDate, isActive, by } }];
    }
    if (state.status !== 'active') throw notFound();
    const { seasonId, orgId } = state;
    const by = command.data.by;
    const activation = (isActive: boolean | undefined): SeasonEvent[] =>
      isActive === undefined || isActive === state.isActive
        ? []
        : [{ type: isActive ? 'SeasonActivated' : 'SeasonDeactivated', data: { seasonId, orgId, by } }];
    switch (command.type) {
      case 'UpdateSeason': {
        const { name, sportId, startDate, endDate, isActive } = command.data;
        const fields = { name, sportId, startDate, endDate };
        requireOrderedDates(fields);
        const updated: SeasonEvent[] = sameFields(fields, state.fields)
          ? []
          : [{ type: 'SeasonUpdated', data: { seasonId, orgId, ...fields, by } }];
        return [...updated, ...activation(isActive)];
      }
      case 'SetSeasonActive':
        return activation(command.data.isActive);
      case 'DeleteSeason': {
        if (command.data.teamCount > 0) {
          throw new DomainError(
            'conflict',
            'SEASON_HAS_TEAMS',
            'This season still has teams; deactivate it instead, or move its teams first',
          );
        }
        return [{ type: 'SeasonDeleted', data: { seasonId, orgId, by } }];
      }
    }
  },
  evolve(state, stored) {
    const event = upcastSeasonEvent(stored);
    switch (event.type) {
      case 'SeasonCreated': {
        const { seasonId, orgId, name, sportId, startDate, endDate, isActive } = event.data;
        return { status: 'active', seasonId, orgId, fields: { name, sportId, startDate, endDate }, isActive };
      }
      case 'SeasonUpdated': {
        if (state.status !== 'active') return state;
        const { name, sportId, startDate, endDate } = event.data;
        return { ...state, fields: { name, sportId, startDate, endDate } };
      }
      case 'SeasonActivated':
        return state.status === 'active' ? { ...state, isActive: true } : state;
      case 'SeasonDeactivated':
        return state.status === 'active' ? { ...state, isActive: false } : state;
      case 'SeasonDeleted':
        return { status: 'deleted' };
    }
  },
};
