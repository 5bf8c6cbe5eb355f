import { describe, expect, it } from 'vitest';
import { apiKey, apiPaths, pathOfKey } from './query-keys.ts';

describe('apiKey: a query key is its API path, split into segments', () => {
  it('splits a path into its segments, ids as they were before encoding', () => {
    expect(apiKey('/api/teams/t1/events')).toEqual(['api', 'teams', 't1', 'events']);
    expect(apiKey(apiPaths.teamEvent('t 1', 'e/2'))).toEqual(['api', 'teams', 't 1', 'events', 'e/2']);
  });

  it('makes a query string a trailing object of its parameters', () => {
    expect(apiKey('/api/teams/t1/media?type=photo&limit=30')).toEqual([
      'api',
      'teams',
      't1',
      'media',
      { type: 'photo', limit: '30' },
    ]);
  });

  it("is hierarchical: a team's key is a prefix of every read of that team", () => {
    const team = apiKey(apiPaths.team('t1'));
    for (const path of [apiPaths.teamEvents('t1'), apiPaths.teamPinnedMessages('t1'), apiPaths.teamMatches('t1')]) {
      expect(apiKey(path).slice(0, team.length)).toEqual(team);
    }
    expect(apiKey(apiPaths.teamEvents('t2')).slice(0, team.length)).not.toEqual(team);
  });

  it('reads back as the path it was made from', () => {
    for (const path of [apiPaths.user, apiPaths.teamEvent('t 1', 'e/2'), apiPaths.match('m1', 'stats', 's1')]) {
      expect(pathOfKey(apiKey(path))).toBe(path);
    }
    expect(pathOfKey(apiKey('/api/teams/t1/media?type=photo'))).toBe('/api/teams/t1/media');
  });
});
