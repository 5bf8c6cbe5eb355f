import { screen, within } from '@testing-library/react';
import { positionCount, rewardTable, sportList } from '@sideline/domain';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderApp, sampleUser } from '../../../test/utils.tsx';

describe('Sports & stats guide (/sports-demo)', () => {
  it('shows its four tabs with the figures of the catalogue and the reward table', async () => {
    mockFetch({
      'GET /api/user': { status: 200, body: sampleUser },
      'GET /api/teams': { status: 200, body: [] },
    });
    const { user } = renderApp('/sports-demo');
    expect(await screen.findByRole('heading', { name: 'Sports & stats guide' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Overview', 'Sports', 'Scoring', 'XP']);
    // The spec's figures (§9): 10 sports, 45+ positions.
    expect(sportList).toHaveLength(10);
    expect(positionCount).toBeGreaterThanOrEqual(45);
    expect(
      screen.getByText(`${sportList.length} sports, ${positionCount} positions, and the XP every play earns.`),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Sports' }));
    expect(screen.getAllByRole('article')).toHaveLength(10);
    const soccer = within(screen.getByRole('article', { name: 'Soccer' }));
    expect(soccer.getByText('Goals, Assists, Saves, Shots, Passes, Tackles, Cards')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Golf' })).getByText(/Fairways hit, Greens in regulation/),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Scoring' }));
    const football = screen.getByRole('row', { name: /Football/ });
    expect(within(football).getByText('Touchdowns × 6')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Golf/ })).getByText('Lowest')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'XP' }));
    const row = (label: string) =>
      within(screen.getByRole('row', { name: new RegExp(`^${label}`) }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(row('Goal')).toEqual(['20', '10', String(rewardTable.goal.dailyXpCap)]);
    expect(row('Assist')).toEqual(['15', '7', String(rewardTable.assist.dailyXpCap)]);
    expect(row('Ace')).toEqual(['25', '12', String(rewardTable.ace.dailyXpCap)]);
    expect(row('Eagle')).toEqual(['50', '25', String(rewardTable.eagle.dailyXpCap)]);
    // Touchdown: no dulars figure in the spec, so half the XP.
    expect(row('Touchdown')).toEqual(['35', '17', String(rewardTable.touchdown.dailyXpCap)]);
    expect(screen.getByText('Goals (Soccer, Hockey): 20 XP + 10 dulars each')).toBeInTheDocument();
  });
});
