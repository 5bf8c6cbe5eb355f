import { sports } from '@sideline/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeMember, makeTeam } from '../../../test/fixtures.ts';
import { mockFetch, renderApp, sampleUser, type RecordedCall } from '../../../test/utils.tsx';

const created = makeTeam({
  id: 'team-new',
  name: 'Northside Nets',
  sport: 'Basketball',
  ageGroup: null,
  code: 'NET123',
});

function coachFetch(extra = {}) {
  return mockFetch({
    'GET /api/user': { status: 200, body: sampleUser },
    'GET /api/teams/team-new': { status: 200, body: created },
    'GET /api/teams/team-new/members': { status: 200, body: [makeMember()] },
    ...extra,
  });
}

async function openForm() {
  const view = renderApp('/create-team');
  await screen.findByRole('heading', { name: 'Create a team' });
  return view;
}

describe('Create team (mocked fetch)', () => {
  it('has Team name, Sport (every sport, Soccer by default) and an optional age group', async () => {
    coachFetch();
    await openForm();
    expect(screen.getByLabelText('Team name')).toHaveValue('');
    const sport = screen.getByLabelText('Sport');
    expect(sport).toHaveValue('Soccer');
    expect(Array.from((sport as HTMLSelectElement).options).map((o) => o.value)).toEqual([...sports]);
    const ageGroup = screen.getByLabelText('Age group (optional)');
    expect(ageGroup).toHaveAttribute('placeholder', expect.stringMatching(/U14.*Open.*Adult/));
    expect(screen.getByRole('button', { name: 'Create team' })).toBeEnabled();
  });

  it('requires a team name and sends nothing without one', async () => {
    const { callsTo } = coachFetch();
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Team name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Create team' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Team name is required');
    expect(screen.getByLabelText('Team name')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('POST', '/api/teams')).toHaveLength(0);
  });

  it('posts name, sport and age group, shows "Creating team..." while pending, then toasts and opens the team', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { callsTo } = coachFetch({ 'POST /api/teams': { status: 201, body: created, delay: gate } });
    const { user, router } = await openForm();
    await user.type(screen.getByLabelText('Team name'), '  Northside Nets ');
    await user.selectOptions(screen.getByLabelText('Sport'), 'Basketball');
    await user.type(screen.getByLabelText('Age group (optional)'), 'U12');
    await user.click(screen.getByRole('button', { name: 'Create team' }));

    expect(await screen.findByRole('button', { name: 'Creating team...' })).toBeDisabled();
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/team/team-new'));
    expect(callsTo('POST', '/api/teams')[0]?.body).toEqual({
      name: 'Northside Nets',
      sport: 'Basketball',
      ageGroup: 'U12',
    });
    expect(await screen.findByText('Team created!')).toBeInTheDocument();
    expect(screen.getAllByText(/Share the code NET123/)[0]).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Northside Nets', level: 1 })).toBeInTheDocument();
  });

  it('leaves the age group out when it is empty', async () => {
    const { callsTo } = coachFetch({ 'POST /api/teams': { status: 201, body: created } });
    const { user, router } = await openForm();
    await user.type(screen.getByLabelText('Team name'), 'Northside Nets');
    await user.click(screen.getByRole('button', { name: 'Create team' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/team/team-new'));
    const call = callsTo('POST', '/api/teams')[0] as RecordedCall;
    expect(call.body).toEqual({ name: 'Northside Nets', sport: 'Soccer' });
  });

  it('puts server field errors on the fields and toasts "Failed to create team"', async () => {
    coachFetch({
      'POST /api/teams': {
        status: 400,
        body: { message: 'Invalid input', code: 'VALIDATION', field_errors: { name: ['That name is taken'] } },
      },
    });
    const { user, router } = await openForm();
    await user.type(screen.getByLabelText('Team name'), 'Dup');
    await user.click(screen.getByRole('button', { name: 'Create team' }));
    expect(await screen.findByText('That name is taken')).toBeInTheDocument();
    const title = await screen.findByText('Failed to create team');
    expect(title.closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    expect(router.state.location.pathname).toBe('/create-team');
    expect(screen.getByRole('button', { name: 'Create team' })).toBeEnabled();
  });

  it('tells someone who is not a coach that only coaches create teams', async () => {
    mockFetch({ 'GET /api/user': { status: 200, body: { ...sampleUser, role: 'parent', accountRole: 'parent' } } });
    renderApp('/create-team');
    expect(await screen.findByRole('heading', { name: 'Only coaches can create teams' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Team name')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Teams' })).toHaveAttribute('href', '/teams');
  });
});
