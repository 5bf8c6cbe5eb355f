import type { Team } from '@sideline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTeam } from '../../../test/fixtures.ts';
import { teamKeys } from '../api.ts';
import { mockFetch, renderApp, sampleUser } from '../../../test/utils.tsx';
import { NO_TEAMS_COACH_TEXT, NO_TEAMS_OTHER_TEXT } from '../routes/teams.tsx';

const coach = sampleUser;
const parent = {
  ...sampleUser,
  id: 'u-9',
  name: 'Pat Parent',
  role: 'parent' as const,
  accountRole: 'parent' as const,
};

const rockets = makeTeam();
const hawks = makeTeam({
  id: 'team-2',
  name: 'hawks academy',
  sport: null,
  ageGroup: null,
  isIndie: false,
  orgId: 'org-1',
  code: null,
  memberCount: 12,
  myAssignedRole: 'other',
});

function signedIn(user = coach, teams: Team[] = [rockets, hawks]) {
  return {
    'GET /api/user': { status: 200, body: user },
    'GET /api/teams': { status: 200, body: teams },
  };
}

async function openTeams(user = coach, teams: Team[] = [rockets, hawks], extra = {}) {
  const fetch = mockFetch({ ...signedIn(user, teams), ...extra });
  const view = renderApp('/teams');
  await screen.findByRole('heading', { name: 'My Teams', level: 1 });
  return { ...view, ...fetch };
}

describe('Teams page (mocked fetch)', () => {
  it('shows a card per team: initial, sport badge or "Team", name, kind label, member count', async () => {
    await openTeams();
    const list = await screen.findByRole('list', { name: 'Your teams' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(2);

    const first = screen.getByRole('article', { name: 'Riverside Rockets' });
    expect(within(first).getByText('R')).toBeInTheDocument();
    expect(within(first).getByText('Soccer')).toBeInTheDocument();
    expect(within(first).getByText('Independent Team')).toBeInTheDocument();
    expect(within(first).getByText('1 member')).toBeInTheDocument();

    const second = screen.getByRole('article', { name: 'hawks academy' });
    expect(within(second).getByText('H')).toBeInTheDocument();
    expect(within(second).getByText('Team')).toBeInTheDocument();
    expect(within(second).getByText('Organization Team')).toBeInTheDocument();
    expect(within(second).getByText('12 members')).toBeInTheDocument();
  });

  it('links each card to /team/{id} and its Chat button to /chat/{id} and Events button to /events/{id}', async () => {
    const { user, router } = await openTeams();
    const card = await screen.findByRole('article', { name: 'Riverside Rockets' });
    expect(within(card).getByRole('link', { name: 'Riverside Rockets' })).toHaveAttribute('href', '/team/team-1');
    expect(within(card).getByRole('link', { name: 'Chat with Riverside Rockets' })).toHaveAttribute(
      'href',
      '/chat/team-1',
    );
    expect(within(card).getByRole('link', { name: 'Events of Riverside Rockets' })).toHaveAttribute(
      'href',
      '/events/team-1',
    );

    await user.click(within(card).getByRole('link', { name: 'Riverside Rockets' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/team/team-1'));
  });

  it('shows the team code when present and copies it with a toast', async () => {
    const { user } = await openTeams();
    const card = await screen.findByRole('article', { name: 'Riverside Rockets' });
    expect(within(card).getByTestId('team-code')).toHaveTextContent('ABC234');
    expect(within(screen.getByRole('article', { name: 'hawks academy' })).queryByTestId('team-code')).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Copy code ABC234' }));
    expect(await screen.findByText('Team code copied')).toBeInTheDocument();
    expect(screen.getByText('Share ABC234 with your team so they can join.')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('ABC234');
  });

  it('offers Create Team (→ /create-team) to coaches only', async () => {
    await openTeams(coach);
    expect(screen.getByRole('link', { name: 'Create Team' })).toHaveAttribute('href', '/create-team');
  });

  it.each([parent, { ...parent, role: 'player' as const }, { ...parent, role: 'org_admin' as const }])(
    'hides Create Team from a $role',
    async (user) => {
      await openTeams(user);
      await screen.findByRole('list', { name: 'Your teams' });
      expect(screen.queryByRole('link', { name: 'Create Team' })).not.toBeInTheDocument();
    },
  );

  it('shows "No Teams Yet" with the coach text to a coach without teams', async () => {
    await openTeams(coach, []);
    expect(await screen.findByRole('heading', { name: 'No Teams Yet' })).toBeInTheDocument();
    expect(screen.getByText(NO_TEAMS_COACH_TEXT)).toBeInTheDocument();
    expect(NO_TEAMS_COACH_TEXT).toBe('Create your first team to start coaching and managing players');
    expect(screen.getByRole('link', { name: 'Create Team' })).toBeInTheDocument();
  });

  it('shows "No Teams Yet" with the invitation text to others without teams', async () => {
    await openTeams(parent, []);
    expect(await screen.findByRole('heading', { name: 'No Teams Yet' })).toBeInTheDocument();
    expect(screen.getByText("You haven't joined any teams yet. Ask your coach for an invitation.")).toBeInTheDocument();
    expect(NO_TEAMS_OTHER_TEXT).toBe("You haven't joined any teams yet. Ask your coach for an invitation.");
    expect(screen.queryByRole('link', { name: 'Create Team' })).not.toBeInTheDocument();
  });

  it('joins a team with a code: POST /api/teams/join, toast, then the team page', async () => {
    const joined = makeTeam({ id: 'team-9', name: 'Lakeside Lions', code: 'LIONS7', myAssignedRole: 'parent' });
    const { user, router, callsTo, queryClient } = await openTeams(parent, [], {
      'POST /api/teams/join': { status: 200, body: joined },
      'GET /api/teams/team-9': { status: 200, body: joined },
      'GET /api/teams/team-9/members': { status: 200, body: [] },
    });
    await screen.findByRole('heading', { name: 'No Teams Yet' });
    await user.type(screen.getByLabelText('Team code'), ' lions7 ');
    await user.click(screen.getByRole('button', { name: 'Join team' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/team/team-9'));
    expect(callsTo('POST', '/api/teams/join')[0]?.body).toEqual({ code: 'LIONS7' });
    expect(await screen.findByText('Welcome to Lakeside Lions!')).toBeInTheDocument();
    expect(queryClient.getQueryData<Team[]>(teamKeys.all)?.map((t) => t.id)).toEqual(['team-9']);
  });

  it('shows the unknown-code error under the field and stays on /teams', async () => {
    const message = 'No team has that code. Check it with your coach.';
    const { user, router } = await openTeams(parent, [], {
      'POST /api/teams/join': {
        status: 404,
        body: { message, code: 'UNKNOWN_TEAM_CODE', field_errors: { code: [message] } },
      },
    });
    await screen.findByRole('heading', { name: 'No Teams Yet' });
    const input = screen.getByLabelText('Team code');
    await user.type(input, 'ZZZ999');
    await user.click(screen.getByRole('button', { name: 'Join team' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(message);
    expect(router.state.location.pathname).toBe('/teams');
  });

  it('validates the code before sending anything', async () => {
    const { user, callsTo } = await openTeams(parent, []);
    await screen.findByRole('heading', { name: 'No Teams Yet' });
    await user.type(screen.getByLabelText('Team code'), 'a!');
    await user.click(screen.getByRole('button', { name: 'Join team' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter the team code your coach shared (letters and digits)',
    );
    expect(callsTo('POST', '/api/teams/join')).toHaveLength(0);
  });

  it('says so when joining is rate limited (429)', async () => {
    const { user } = await openTeams(parent, [], {
      'POST /api/teams/join': {
        status: 429,
        body: { message: 'Too many attempts. Try again in 10 minutes.', code: 'RATE_LIMITED' },
      },
    });
    await screen.findByRole('heading', { name: 'No Teams Yet' });
    await user.type(screen.getByLabelText('Team code'), 'ABC123');
    await user.click(screen.getByRole('button', { name: 'Join team' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 10 minutes.');
  });
});
