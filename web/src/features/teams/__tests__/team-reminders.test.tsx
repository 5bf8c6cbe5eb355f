import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTeam } from '../../../test/fixtures.ts';
import { mockFetch, renderApp, sampleUser } from '../../../test/utils.tsx';

function teamFetch(team: ReturnType<typeof makeTeam>, put: Parameters<typeof mockFetch>[0][string]) {
  return mockFetch({
    'GET /api/user': { status: 200, body: { ...sampleUser, id: 'u-1', role: 'coach' } },
    [`GET /api/teams/${team.id}`]: { status: 200, body: team },
    [`GET /api/teams/${team.id}/members`]: { status: 200, body: [] },
    [`GET /api/teams/${team.id}/players`]: { status: 200, body: [] },
    [`GET /api/teams/${team.id}/invitations`]: { status: 200, body: [] },
    'GET /api/user/muted-teams': { status: 200, body: [] },
    [`PUT /api/teams/${team.id}`]: put,
  });
}

describe('Team page: answer reminders (team settings)', () => {
  it("shows the team's setting to its managers and saves a change with PUT {reminders}", async () => {
    const team = makeTeam({ reminders: '48h+24h' });
    const { callsTo } = teamFetch(team, (call) => ({
      status: 200,
      body: { ...team, reminders: (call.body as { reminders: string }).reminders },
    }));
    const { user } = renderApp(`/team/${team.id}`);
    const select = await screen.findByRole('combobox', { name: 'Answer reminders' });
    expect(select).toHaveValue('48h+24h');
    expect(select.className).toContain('h-11');
    await user.selectOptions(select, 'off');
    await waitFor(() => expect(callsTo('PUT', `/api/teams/${team.id}`)).toHaveLength(1));
    expect(callsTo('PUT', `/api/teams/${team.id}`)[0]!.body).toEqual({ reminders: 'off' });
    await waitFor(() => expect(select).toHaveValue('off'));
    expect(await screen.findByText('Reminders saved')).toBeInTheDocument();
  });

  it('is not shown to a member who does not manage the team', async () => {
    const team = makeTeam({ creatorId: 'u-9', myAssignedRole: 'parent' });
    teamFetch(team, { status: 403, body: { message: 'no', code: 'TEAM_MANAGERS_ONLY' } });
    renderApp(`/team/${team.id}`);
    await screen.findByRole('switch', { name: 'Mute notifications' });
    expect(screen.queryByRole('combobox', { name: 'Answer reminders' })).toBeNull();
  });

  it("keeps the setting and shows the server's message when it refuses", async () => {
    const team = makeTeam({ reminders: '24h' });
    teamFetch(team, { status: 403, body: { message: "Only the team's managers can edit it", code: 'X' } });
    const { user } = renderApp(`/team/${team.id}`);
    const select = await screen.findByRole('combobox', { name: 'Answer reminders' });
    await user.selectOptions(select, 'off');
    expect(await screen.findByText("Only the team's managers can edit it")).toBeInTheDocument();
    expect(select).toHaveValue('24h');
  });
});
