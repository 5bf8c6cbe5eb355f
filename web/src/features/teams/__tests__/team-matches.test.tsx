import { screen, within } from '@testing-library/react';
import type { Match, MatchBoard } from '@sideline/domain';
import { describe, expect, it } from 'vitest';
import { makeMember, makeTeam } from '../../../test/fixtures.ts';
import { mockFetch, renderApp, sampleUser } from '../../../test/utils.tsx';

const team = makeTeam({ id: 'team-1', name: 'Hawks' });

const match = (overrides: Partial<Match>): Match => ({
  id: 'm1',
  seasonId: null,
  seasonName: null,
  sportId: 'soccer',
  sportName: 'Soccer',
  status: 'scheduled',
  startTime: '2026-12-05T15:00:00.000Z',
  location: null,
  format: null,
  teamA: { id: 'team-1', name: 'Hawks' },
  teamB: { id: null, name: 'Eastside FC' },
  opponentName: 'Eastside FC',
  scoreA: 0,
  scoreB: 0,
  winnerId: null,
  winnerSide: null,
  startedAt: null,
  endedAt: null,
  minute: null,
  participantCount: 0,
  canManage: false,
  livestream: null,
  ...overrides,
});

const board: MatchBoard = {
  live: [
    match({
      id: 'm-live',
      status: 'in_progress',
      scoreA: 2,
      scoreB: 1,
      startedAt: new Date(Date.now() - 33 * 60_000).toISOString(),
      minute: 34,
    }),
  ],
  upcoming: [match({ id: 'm-next', teamB: { id: null, name: 'Northside United' }, opponentName: 'Northside United' })],
  recent: [match({ id: 'm-done', status: 'complete', scoreA: 3, scoreB: 0, winnerId: 'team-1', winnerSide: 'teamA' })],
};

describe('the team page: its matches (mocked fetch)', () => {
  it('lists the live match, the next and the recent results, each opening its match page', async () => {
    mockFetch({
      'GET /api/user': { status: 200, body: { ...sampleUser, role: 'parent' } },
      'GET /api/teams': { status: 200, body: [team] },
      'GET /api/teams/team-1': { status: 200, body: team },
      'GET /api/teams/team-1/members': { status: 200, body: [makeMember()] },
      'GET /api/teams/team-1/players': { status: 200, body: [] },
      'GET /api/teams/team-1/matches': { status: 200, body: board },
    });
    renderApp('/team/team-1');
    const live = within(await screen.findByRole('region', { name: 'Live now' }));
    const liveLink = live.getByRole('link');
    expect(liveLink).toHaveAttribute('href', '/matches/m-live');
    expect(liveLink).toHaveTextContent(/Live\s*34'/);
    expect(liveLink).toHaveTextContent(/Hawks\s*2\s*Eastside FC\s*1/);
    const next = within(screen.getByRole('region', { name: 'Next' })).getByRole('link');
    expect(next).toHaveAttribute('href', '/matches/m-next');
    expect(next).toHaveTextContent('Northside United');
    const result = within(screen.getByRole('region', { name: 'Recent results' })).getByRole('link');
    expect(result).toHaveAttribute('href', '/matches/m-done');
    expect(result).toHaveTextContent(/Full time.*Hawks \(won\)\s*3\s*Eastside FC\s*0/);
  });
});
