import type { User } from '@sideline/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTeam } from '../../test/fixtures.ts';
import { mockFetch, renderApp, sampleUser } from '../../test/utils.tsx';

const coach: User = sampleUser;
const parent: User = { ...sampleUser, id: 'u-9', name: 'Pat Parent', role: 'parent', accountRole: 'parent' };

function signedIn(
  user: User,
  teams = [] as ReturnType<typeof makeTeam>[],
  extra: Parameters<typeof mockFetch>[0] = {},
) {
  return mockFetch({
    'GET /api/user': { status: 200, body: user },
    'GET /api/teams': { status: 200, body: teams },
    ...extra,
  });
}

describe('what Sideline says first', () => {
  it("greets a brand-new account with 'Welcome to Sideline', not 'Welcome back'", async () => {
    signedIn({ ...parent, createdAt: new Date().toISOString() });
    renderApp('/');
    expect(await screen.findByText('Welcome to Sideline')).toBeInTheDocument();
    expect(screen.queryByText('Welcome back')).not.toBeInTheDocument();
  });

  it("greets an account from last month with 'Welcome back'", async () => {
    signedIn({ ...parent, createdAt: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000).toISOString() });
    renderApp('/');
    expect(await screen.findByText('Welcome back')).toBeInTheDocument();
  });

  it("never tells a coach without a team to 'ask your coach'", async () => {
    signedIn(coach);
    renderApp('/');
    await screen.findByRole('heading', { name: 'Start your first team' });
    expect(screen.queryByText(/ask your coach/i)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Team code')).toBeInTheDocument();
  });

  it('tells anyone else without a team to ask their coach for the code once', async () => {
    signedIn(parent);
    renderApp('/');
    await screen.findByRole('heading', { name: 'Join your team' });
    expect(screen.getAllByText(/ask your coach/i)).toHaveLength(1);
  });

  it("says 'already in' (not 'you're now a member') when the code is for a team the user is in", async () => {
    const team = makeTeam({ id: 'team-1', name: 'Lakeside Lions', myAssignedRole: 'parent' });
    const { callsTo } = signedIn(parent, [team], {
      'POST /api/teams/join': { status: 200, body: team },
      'GET /api/teams/team-1': { status: 200, body: team },
      'GET /api/teams/team-1/members': { status: 200, body: [] },
    });
    const { user } = renderApp('/teams');
    await screen.findByRole('list', { name: 'Your teams' });
    await user.type(screen.getByLabelText('Team code'), 'ABC234');
    await user.click(screen.getByRole('button', { name: 'Join team' }));
    expect(await screen.findByText("You're already in Lakeside Lions")).toBeInTheDocument();
    expect(screen.queryByText("You're now a member of the team.")).not.toBeInTheDocument();
    expect(callsTo('POST', '/api/teams/join')).toHaveLength(1);
  });

  it("shows Events' 'Couldn't load' card with Try again when the teams fail, not 'Join a Team First'", async () => {
    const { callsTo } = mockFetch({
      'GET /api/user': { status: 200, body: parent },
      'GET /api/teams': { status: 500, body: { message: 'Database unavailable', code: 'INTERNAL' } },
    });
    const { user } = renderApp('/events');
    const card = await screen.findByRole('alert');
    expect(card).toHaveTextContent("Couldn't load your events");
    expect(card).toHaveTextContent('Database unavailable');
    expect(screen.queryByText('Join a Team First')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(callsTo('GET', '/api/teams').length).toBe(2);
  });
});
