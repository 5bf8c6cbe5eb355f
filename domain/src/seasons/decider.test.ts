import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then.ts';
import { seasonDecider } from './decider.ts';
import type { SeasonCommand } from './commands.ts';
import type { SeasonEvent } from './events.ts';
import { seasonInputSchema } from './schemas.ts';
import { dayInTimeZone, seasonDaysLeft, seasonDisplayStatus } from './status.ts';
import { upcastSeasonEvent, type LegacySeasonCreated, type LegacySeasonUpdated } from './upcasters.ts';

const fields = { name: 'Spring 2026', sportId: 'soccer', startDate: '2026-03-01', endDate: '2026-06-30' } as const;
const admin = { by: 'a1', byIsOrgAdmin: true };
const create: SeasonCommand = {
  type: 'CreateSeason',
  data: { seasonId: 's1', orgId: 'o1', isActive: true, ...fields, ...admin },
};
const created: SeasonEvent = {
  type: 'SeasonCreated',
  data: { seasonId: 's1', orgId: 'o1', ...fields, isActive: true, by: 'a1' },
};

describe('season decider', () => {
  it('given nothing, when an org admin creates a season, then it exists', () => {
    given(seasonDecider).when(create).then([created]);
  });

  it('refuses a season from someone who is not an admin of the organization', () => {
    given(seasonDecider)
      .when({ ...create, data: { ...create.data, byIsOrgAdmin: false } } as SeasonCommand)
      .thenRefuses('ORG_ADMINS_ONLY');
  });

  it('refuses an end date on or before the start date', () => {
    given(seasonDecider)
      .when({ ...create, data: { ...create.data, endDate: '2026-03-01' } } as SeasonCommand)
      .thenRefuses('END_BEFORE_START');
  });

  it('given a season, when it is edited, then the new fields are recorded, and activation separately', () => {
    given(seasonDecider, [created])
      .when({
        type: 'UpdateSeason',
        data: { seasonId: 's1', ...fields, name: 'Spring 2026 (U12)', isActive: false, ...admin },
      })
      .then([
        {
          type: 'SeasonUpdated',
          data: { seasonId: 's1', orgId: 'o1', ...fields, name: 'Spring 2026 (U12)', by: 'a1' },
        },
        { type: 'SeasonDeactivated', data: { seasonId: 's1', orgId: 'o1', by: 'a1' } },
      ]);
  });

  it('given a season, when it is saved unchanged, then nothing is recorded', () => {
    given(seasonDecider, [created])
      .when({ type: 'UpdateSeason', data: { seasonId: 's1', ...fields, isActive: true, ...admin } })
      .then([]);
  });

  it('toggles activation, and repeating a toggle changes nothing', () => {
    const deactivated: SeasonEvent = { type: 'SeasonDeactivated', data: { seasonId: 's1', orgId: 'o1', by: 'a1' } };
    const set = (isActive: boolean): SeasonCommand => ({
      type: 'SetSeasonActive',
      data: { seasonId: 's1', isActive, ...admin },
    });
    given(seasonDecider, [created]).when(set(false)).then([deactivated]);
    given(seasonDecider, [created, deactivated]).when(set(false)).then([]);
    given(seasonDecider, [created, deactivated])
      .when(set(true))
      .then([{ type: 'SeasonActivated', data: { seasonId: 's1', orgId: 'o1', by: 'a1' } }]);
  });

  it('deletes a season without teams; refuses one with teams; a deleted season is gone', () => {
    const del = (teamCount: number): SeasonCommand => ({
      type: 'DeleteSeason',
      data: { seasonId: 's1', teamCount, ...admin },
    });
    const deleted: SeasonEvent = { type: 'SeasonDeleted', data: { seasonId: 's1', orgId: 'o1', by: 'a1' } };
    given(seasonDecider, [created]).when(del(2)).thenRefuses('SEASON_HAS_TEAMS');
    given(seasonDecider, [created]).when(del(0)).then([deleted]);
    given(seasonDecider, [created, deleted]).when(del(0)).thenRefuses('SEASON_NOT_FOUND');
    given(seasonDecider, [created, deleted]).when(create).thenRefuses('SEASON_EXISTS');
  });

  describe('stored events of the first shape (the sport by name)', () => {
    const { sportId: _sportId, ...withoutId } = fields;
    const oldCreated: LegacySeasonCreated = {
      type: 'SeasonCreated',
      data: { seasonId: 's1', orgId: 'o1', ...withoutId, sport: 'Track & Field', isActive: true, by: 'a1' },
    };
    const oldUpdated: LegacySeasonUpdated = {
      type: 'SeasonUpdated',
      data: { seasonId: 's1', orgId: 'o1', ...withoutId, sport: 'Basketball', by: 'a1' },
    };
    const update = (sportId: 'soccer' | 'basketball' | 'track_field'): SeasonCommand => ({
      type: 'UpdateSeason',
      data: { seasonId: 's1', ...fields, sportId, isActive: true, ...admin },
    });

    it('are read with the catalogue id: saving the same sport by id records nothing', () => {
      given(seasonDecider, [oldCreated]).when(update('track_field')).then([]);
      given(seasonDecider, [oldCreated, oldUpdated]).when(update('basketball')).then([]);
    });

    it('and a change of sport is recorded with the id', () => {
      given(seasonDecider, [oldCreated, oldUpdated])
        .when(update('soccer'))
        .then([{ type: 'SeasonUpdated', data: { seasonId: 's1', orgId: 'o1', ...fields, by: 'a1' } }]);
      given(seasonDecider, [oldCreated]).when(create).thenRefuses('SEASON_EXISTS');
    });

    it('upcast to the current shape; current events pass unchanged; an unknown name reads as unknown', () => {
      expect(upcastSeasonEvent(oldCreated)).toEqual({
        type: 'SeasonCreated',
        data: { seasonId: 's1', orgId: 'o1', ...withoutId, sportId: 'track_field', isActive: true, by: 'a1' },
      });
      expect(upcastSeasonEvent(created)).toBe(created);
      const curling = upcastSeasonEvent({ ...oldUpdated, data: { ...oldUpdated.data, sport: 'Curling' } });
      expect(curling.data).toMatchObject({ sportId: 'unknown' });
      expect(curling.data).not.toHaveProperty('sport');
    });
  });

  it('refuses changes to a season that does not exist', () => {
    given(seasonDecider)
      .when({ type: 'SetSeasonActive', data: { seasonId: 's9', isActive: true, ...admin } })
      .thenRefuses('SEASON_NOT_FOUND');
  });
});

describe('season form', () => {
  const { sportId: _sportId, ...withoutSport } = fields;
  const fieldErrors = (input: unknown) =>
    Object.fromEntries(seasonInputSchema.safeParse(input).error!.issues.map((i) => [i.path[0], i.message]));

  it('says what is missing, field by field (spec part 2 §5)', () => {
    expect(fieldErrors({ name: ' ', sportId: '', startDate: '', endDate: '' })).toEqual({
      name: 'Season name is required',
      sportId: 'Sport is required',
      startDate: 'Start date is required',
      endDate: 'End date is required',
    });
    expect(fieldErrors({})).toEqual({
      name: 'Season name is required',
      sportId: 'Sport is required',
      startDate: 'Start date is required',
      endDate: 'End date is required',
    });
  });

  it('takes the sport as a catalogue id, or by name from older clients, and gives the id', () => {
    expect(seasonInputSchema.parse(fields)).toEqual({ ...fields, isActive: true });
    expect(seasonInputSchema.parse({ ...withoutSport, sport: 'Track & Field' })).toEqual({
      ...withoutSport,
      sportId: 'track_field',
      isActive: true,
    });
    expect(seasonInputSchema.parse({ ...fields, sport: 'Soccer' })).toEqual({ ...fields, isActive: true });
    expect(fieldErrors({ ...withoutSport, sportId: 'curling' })).toEqual({
      sportId: 'Choose a sport from the list (GET /api/sports)',
    });
    expect(fieldErrors({ ...withoutSport, sport: 'Curling' })).toEqual({ sport: 'Choose a sport from the list' });
    expect(fieldErrors({ ...fields, sport: 'Golf' })).toEqual({ sport: 'sport and sportId name different sports' });
  });

  it('needs the end after the start, and is active by default', () => {
    const result = seasonInputSchema.safeParse({ ...fields, endDate: '2026-02-01' });
    expect(result.error!.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['endDate', 'End date must be after the start date'],
    ]);
    expect(seasonInputSchema.parse(fields)).toEqual({ ...fields, isActive: true });
  });
});

describe('season display status and days left (spec part 2 §4, §9)', () => {
  const season = { isActive: true, startDate: '2026-03-01', endDate: '2026-06-30' };
  it.each([
    ['2026-02-28', true, 'Scheduled'],
    ['2026-03-01', true, 'Active'],
    ['2026-06-30', true, 'Active'],
    ['2026-07-01', true, 'Scheduled'],
    ['2026-04-01', false, 'Inactive'],
  ] as const)('on %s with isActive %s → %s', (today, isActive, expected) => {
    expect(seasonDisplayStatus({ ...season, isActive }, today)).toBe(expected);
  });

  it('counts days to the end, never below 0', () => {
    expect(seasonDaysLeft('2026-06-30', '2026-06-01')).toBe(29);
    expect(seasonDaysLeft('2026-06-30', '2026-06-30')).toBe(0);
    expect(seasonDaysLeft('2026-06-30', '2026-08-01')).toBe(0);
    expect(seasonDaysLeft('2026-03-30', '2026-03-01')).toBe(29);
  });

  it('reads today in the organization’s time zone', () => {
    const instant = new Date('2026-03-01T03:30:00Z');
    expect(dayInTimeZone(instant, 'UTC')).toBe('2026-03-01');
    expect(dayInTimeZone(instant, 'America/Chicago')).toBe('2026-02-28');
  });
});
