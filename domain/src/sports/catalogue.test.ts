import { describe, expect, it } from 'vitest';
import { rewardActionOfStat, playReward, playUnits } from '../rewards/play.ts';
import { rewardTable } from '../rewards/table.ts';
import {
  positionCount,
  sportById,
  sportCatalogue,
  sportIdOfName,
  sportIds,
  sportList,
  sports,
  unknownSport,
} from './catalogue.ts';

describe('sports catalogue (spec part 2 §9)', () => {
  it('has the ten sports, one per sport name teams use, with 45 or more positions in all', () => {
    expect(sportList.map((s) => s.id)).toEqual([...sportIds]);
    expect(sportList.map((s) => s.name)).toEqual([...sports]);
    expect(positionCount).toBeGreaterThanOrEqual(45);
    for (const sport of sportList) {
      const ids = sport.positions.map((p) => p.id);
      expect(new Set(ids).size, sport.id).toBe(ids.length);
      expect(sport.positions.length, sport.id).toBeGreaterThan(0);
    }
  });

  it('offers exactly the stat types of §9 per sport, and points/performance for an unknown sport', () => {
    const byName = Object.fromEntries(sportList.map((s) => [s.name, s.statTypes]));
    expect(byName).toEqual({
      Soccer: ['goals', 'assists', 'saves', 'shots', 'passes', 'tackles', 'cards'],
      Basketball: ['points', 'rebounds', 'assists', 'steals', 'blocks', 'turnovers'],
      Football: ['touchdowns', 'yards', 'tackles', 'interceptions', 'sacks'],
      Baseball: ['hits', 'runs', 'rbis', 'strikeouts', 'walks', 'errors'],
      Softball: ['hits', 'runs', 'rbis', 'strikeouts', 'walks', 'errors'],
      Golf: ['strokes', 'putts', 'fairways_hit', 'greens_in_regulation'],
      Tennis: ['aces', 'winners', 'unforced_errors', 'break_points'],
      Hockey: ['goals', 'assists', 'shots', 'saves', 'penalties'],
      Volleyball: ['kills', 'digs', 'blocks', 'aces', 'assists'],
      'Track & Field': ['time', 'distance', 'height', 'points'],
    });
    expect(sportById('curling')).toBe(unknownSport);
    expect(unknownSport.statTypes).toEqual(['points', 'performance']);
    expect(unknownSport.name).toBe('Unknown Sport');
  });

  it('scores every sport from its own stat types', () => {
    for (const sport of [...sportList, unknownSport]) {
      for (const stat of Object.keys(sport.scoring.weights)) expect(sport.statTypes, sport.id).toContain(stat);
    }
    expect(sportCatalogue.soccer.scoring.weights).toEqual({ goals: 1 });
    expect(sportCatalogue.basketball.scoring.weights).toEqual({ points: 1 });
    expect(sportCatalogue.baseball.scoring.weights).toEqual({ runs: 1 });
    expect(sportCatalogue.golf.scoring.lowerWins).toBe(true);
  });

  it('maps the sport names teams and seasons store to catalogue ids', () => {
    expect(sportIdOfName('Track & Field')).toBe('track_field');
    expect(sportIdOfName('Track')).toBe('track_field');
    expect(sportIdOfName('soccer')).toBe('soccer');
    expect(sportIdOfName('Curling')).toBeNull();
    expect(sportIdOfName(null)).toBeNull();
  });
});

describe('rewards from play', () => {
  it('credits goals, assists, aces and touchdowns from their stats, and nothing else', () => {
    expect(['goals', 'assists', 'aces', 'touchdowns', 'saves', 'strokes'].map(rewardActionOfStat)).toEqual([
      'goal',
      'assist',
      'ace',
      'touchdown',
      null,
      null,
    ]);
    for (const action of ['goal', 'assist', 'ace', 'touchdown'] as const)
      expect(rewardTable[action].available).toBe(true);
    expect(rewardTable.eagle.available).toBe(false);
  });

  it('counts whole units of the surviving total, at most the daily count per match', () => {
    expect(playUnits('goal', 0)).toBe(0);
    expect(playUnits('goal', 150)).toBe(1);
    expect(playUnits('goal', 300)).toBe(3);
    expect(playUnits('goal', 100 * 50)).toBe(10);
    expect(playReward('goal', 2)).toEqual({ xp: 40, dulars: 20 });
    expect(playReward('touchdown', -1)).toEqual({ xp: -35, dulars: -17 });
  });
});
