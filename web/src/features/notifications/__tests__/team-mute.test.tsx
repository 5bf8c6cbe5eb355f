import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTeam } from '../../../test/fixtures.ts';
import { mockFetch, renderApp, sampleUser } from '../../../test/utils.tsx';

const team = makeTeam({ myAssignedRole: 'parent' });

function teamFetch(mute: Parameters<typeof mockFetch>[0][string]) {
  return mockFetch({
    'GET /api/user': { status: 200, body: { ...sampleUser, role: 'parent' } },
    [`GET /api/teams/${team.id}`]: { status: 200, body: team },
    [`GET /api/teams/${team.id}/members`]: { status: 200, body: [] },
    [`GET /api/teams/${team.id}/players`]: { status: 200, body: [] },
    'GET /api/user/muted-teams': { status: 200, body: [] },
    [`PUT /api/teams/${team.id}/notifications`]: mute,
  });
}

describe("Team page: mute this team's notifications", () => {
  it('mutes the team with PUT {muted: true} and shows it muted', async () => {
    const { callsTo } = teamFetch((call) => ({
      status: 200,
      body: { teamId: team.id, muted: (call.body as { muted: boolean }).muted },
    }));
    const { user } = renderApp(`/team/${team.id}`);
    const toggle = await screen.findByRole('switch', { name: 'Mute notifications' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(callsTo('PUT', `/api/teams/${team.id}/notifications`)[0]!.body).toEqual({ muted: true });
  });

  it("shows the server's message when it refuses", async () => {
    teamFetch({ status: 404, body: { message: 'Team not found', code: 'TEAM_NOT_FOUND' } });
    const { user } = renderApp(`/team/${team.id}`);
    const toggle = await screen.findByRole('switch', { name: 'Mute notifications' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    expect(await screen.findByText('Team not found')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });
});
