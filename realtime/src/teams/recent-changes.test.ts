import { describe, expect, it } from 'vitest';
import { RecentTeamChanges } from './recent-changes.ts';

describe('the teams that changed in the last minute', () => {
  it('names each asked-for team that changed within the window, with its latest change', () => {
    const changes = new RecentTeamChanges(60_000);
    changes.record('t1', 1_000);
    changes.record('t2', 5_000);
    changes.record('t1', 9_000);
    expect(changes.of(['t1', 't2', 't3'], 10_000)).toEqual({ t1: 9_000, t2: 5_000 });
    expect(changes.of(['t3'], 10_000)).toEqual({});
  });

  it('forgets a change once the window has passed', () => {
    const changes = new RecentTeamChanges(60_000);
    changes.record('t1', 1_000);
    expect(changes.of(['t1'], 61_001)).toEqual({});
    changes.record('t2', 70_000);
    expect(changes.of(['t1', 't2'], 70_000)).toEqual({ t2: 70_000 });
  });

  it('keeps at most its bound of teams, dropping the oldest', () => {
    const changes = new RecentTeamChanges(60_000, 2);
    changes.record('t1', 1);
    changes.record('t2', 2);
    changes.record('t3', 3);
    expect(changes.of(['t1', 't2', 't3'], 4)).toEqual({ t2: 2, t3: 3 });
  });
});
