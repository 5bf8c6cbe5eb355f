import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeMember, makeTeam } from '../../../test/fixtures.ts';
import { mockFetch, renderApp, sampleUser } from '../../../test/utils.tsx';

const team = makeTeam({ memberCount: 6 });
const members = [
  makeMember(),
  makeMember({ userId: 'u-2', name: 'Ava Player', role: 'player', assignedRole: 'member' }),
  makeMember({ userId: 'u-3', name: 'Ben Player', role: 'player', assignedRole: 'member' }),
  makeMember({ userId: 'u-4', name: 'Pat Parent', role: 'parent', assignedRole: 'member' }),
  makeMember({ userId: 'u-5', name: 'Sam Assistant', role: 'coach', assignedRole: 'member' }),
  makeMember({ userId: 'u-6', name: 'Olive Admin', role: 'org_admin', assignedRole: 'admin' }),
];

function teamFetch(user = sampleUser, teamBody = team) {
  return mockFetch({
    'GET /api/user': { status: 200, body: user },
    'GET /api/teams/team-1': { status: 200, body: teamBody },
    'GET /api/teams/team-1/members': { status: 200, body: members },
  });
}

function stat(label: string): string | null | undefined {
  // The stat cards are a <dl>: the label is the <dt>, the number its <dd>.
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('Team page (mocked fetch)', () => {
  it('shows "Loading team details..." first, then the header with sport and counts', async () => {
    teamFetch();
    renderApp('/team/team-1');
    expect(await screen.findByText('Loading team details...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Riverside Rockets', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Soccer')).toBeInTheDocument();
    expect(screen.getByText('Independent Team')).toBeInTheDocument();
    expect(await screen.findByTestId('team-counts')).toHaveTextContent('6 members · 2 players');
    expect(screen.getByRole('link', { name: 'Back to Teams' })).toHaveAttribute('href', '/teams');
    expect(screen.getByRole('link', { name: 'Team Chat' })).toHaveAttribute('href', '/chat/team-1');
  });

  it('computes the stat cards from the members', async () => {
    teamFetch();
    renderApp('/team/team-1');
    await screen.findByText('Ava Player');
    expect(stat('Total Members')).toBe('6');
    expect(stat('Active Players')).toBe('2');
    expect(stat('Coaches')).toBe('2');
    expect(stat('Parents')).toBe('1');
  });

  it('lists members in the Players & Parents, Coaches and Team Members tabs with role badges', async () => {
    teamFetch();
    const { user } = renderApp('/team/team-1');
    const playersTab = await screen.findByRole('tab', { name: 'Players & Parents' });
    expect(playersTab).toHaveAttribute('aria-selected', 'true');
    let panel = screen.getByRole('tabpanel');
    const players = within(panel).getByRole('region', { name: /Players/ });
    expect(
      within(players)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Ava Player'), expect.stringContaining('Ben Player')]);
    expect(within(players).getAllByText('Player')).toHaveLength(2);
    expect(within(within(panel).getByRole('region', { name: /Parents/ })).getByText('Pat Parent')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Coaches' }));
    panel = screen.getByRole('tabpanel');
    const coachRows = within(panel).getAllByRole('listitem');
    expect(coachRows.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Jordan Smith'),
      expect.stringContaining('Sam Assistant'),
    ]);
    expect(within(coachRows[0]!).getByText('Head Coach')).toBeInTheDocument();
    expect(within(coachRows[0]!).getByText('(you)')).toBeInTheDocument();
    expect(within(coachRows[0]!).getByText('JS')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Team Members' }));
    panel = screen.getByRole('tabpanel');
    const others = within(panel).getByRole('region', { name: /Other Members/ });
    expect(within(others).getByText('Olive Admin')).toBeInTheDocument();
    expect(within(others).getByText('Team Admin')).toBeInTheDocument();
    expect(within(others).getByText('Organization Admin')).toBeInTheDocument();
    expect(within(others).queryByText('Ava Player')).not.toBeInTheDocument();
  });

  it("shows the join code with a copy button to the team's coach only", async () => {
    teamFetch();
    const { user } = renderApp('/team/team-1');
    expect(await screen.findByTestId('team-code')).toHaveTextContent('ABC234');
    await user.click(screen.getByRole('button', { name: 'Copy code ABC234' }));
    expect(await screen.findByText('Team code copied')).toBeInTheDocument();
  });

  it('hides the join code from members who do not manage the team', async () => {
    teamFetch({ ...sampleUser, id: 'u-4', role: 'parent' }, { ...team, myAssignedRole: 'member' });
    renderApp('/team/team-1');
    await screen.findByRole('heading', { name: 'Riverside Rockets', level: 1 });
    expect(screen.queryByTestId('team-code')).not.toBeInTheDocument();
  });

  it('shows "Team not found (ID: x)" with a way back when the API answers 404 (not a member)', async () => {
    mockFetch({
      'GET /api/user': { status: 200, body: sampleUser },
      'GET /api/teams/other': { status: 404, body: { message: 'Team not found', code: 'TEAM_NOT_FOUND' } },
    });
    const { user, router } = renderApp('/team/other');
    expect(await screen.findByRole('heading', { name: 'Team not found (ID: other)' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Teams' }));
    expect(router.state.location.pathname).toBe('/teams');
  });

  it('offers a retry for other failures', async () => {
    mockFetch({
      'GET /api/user': { status: 200, body: sampleUser },
      'GET /api/teams/team-1': { status: 500, body: { message: 'Database unavailable', code: 'INTERNAL' } },
    });
    renderApp('/team/team-1');
    expect(await screen.findByRole('heading', { name: "We couldn't load this team" })).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
