import { screen, waitFor, within } from '@testing-library/react';
import type { User } from '@sideline/domain';
import { describe, expect, it } from 'vitest';
import { mockFetch, pickRowAction, renderApp, sampleUser, type RecordedCall } from '../../../test/utils.tsx';
import {
  dayFromToday,
  makeOrganization,
  makeOrgMember,
  makeOrgTeam,
  makeSeason,
} from '../../orgs/__tests__/org-fixtures.ts';
import { NO_ORG_TEXT } from '../routes/seasons.tsx';

const admin: User = { ...sampleUser, role: 'org_admin' };
const current = makeSeason({
  id: 's-now',
  name: 'Spring League',
  sport: 'Basketball',
  startDate: dayFromToday(-10),
  endDate: dayFromToday(20),
  teamCount: 5,
  teams: [
    { id: 't1', name: 'Tigers' },
    { id: 't2', name: 'Lions' },
    { id: 't3', name: 'Bears' },
  ],
});
const upcoming = makeSeason({
  id: 's-later',
  name: 'Fall Cup',
  sport: 'Soccer',
  startDate: dayFromToday(30),
  endDate: dayFromToday(90),
});
const paused = makeSeason({
  id: 's-off',
  name: 'Winter Futsal',
  sport: 'Soccer',
  startDate: dayFromToday(-100),
  endDate: dayFromToday(-5),
  isActive: false,
});

function seasonsFetch(extra: Record<string, unknown> = {}, options: { user?: User; seasons?: unknown[] } = {}) {
  return mockFetch({
    'GET /api/user': { status: 200, body: options.user ?? admin },
    'GET /api/teams': { status: 200, body: [] },
    'GET /api/organizations': { status: 200, body: [makeOrganization()] },
    'GET /api/organizations/org-1/seasons': { status: 200, body: options.seasons ?? [current, upcoming, paused] },
    ...(extra as object),
  } as Parameters<typeof mockFetch>[0]);
}

const card = (name: string) => screen.getByRole('article', { name });
/** Tests that type a lot get more time on a busy machine. */
const TYPING = { timeout: 20_000 };

describe('Season Management (mocked fetch)', () => {
  it('says an organization is needed when the user has none', async () => {
    seasonsFetch({ 'GET /api/organizations': { status: 200, body: [] } }, { user: { ...sampleUser } });
    renderApp('/seasons');
    expect(await screen.findByText(NO_ORG_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Season' })).not.toBeInTheDocument();
  });

  it('shows each season with its status, dates, days left, up to three teams and Manage Teams', async () => {
    seasonsFetch();
    renderApp('/seasons');
    await screen.findByRole('article', { name: 'Spring League' });
    const spring = within(card('Spring League'));
    expect(spring.getByText('Active')).toBeInTheDocument();
    expect(spring.getByText('20 days left')).toBeInTheDocument();
    expect(spring.getByText('5 teams')).toBeInTheDocument();
    expect(
      within(spring.getByRole('list'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Tigers', 'Lions', 'Bears', '+2 more']);
    expect(spring.getByRole('link', { name: 'Manage Teams' })).toHaveAttribute('href', '/seasons/s-now/teams');
    expect(within(card('Fall Cup')).getByText('Scheduled')).toBeInTheDocument();
    expect(within(card('Winter Futsal')).getByText('Inactive')).toBeInTheDocument();
    // Days left never go below 0.
    expect(within(card('Winter Futsal')).getByText('0 days left')).toBeInTheDocument();
  });

  it('filters by sport, with "No seasons for this sport" and "No seasons yet"', async () => {
    seasonsFetch();
    const { user } = renderApp('/seasons');
    await screen.findByRole('article', { name: 'Spring League' });
    await user.selectOptions(screen.getByLabelText('Filter by sport'), 'Soccer');
    expect(screen.getAllByRole('article').map((a) => a.textContent)).toEqual([
      expect.stringContaining('Fall Cup'),
      expect.stringContaining('Winter Futsal'),
    ]);
    await user.selectOptions(screen.getByLabelText('Filter by sport'), 'Golf');
    expect(screen.getByText('No seasons for this sport')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Filter by sport'), 'all');
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('says "No seasons yet" for an organization without seasons', async () => {
    seasonsFetch({}, { seasons: [] });
    renderApp('/seasons');
    expect(await screen.findByText('No seasons yet')).toBeInTheDocument();
  });

  it('creates a season: the §5 messages first, then the request and "Season created"', TYPING, async () => {
    const { callsTo } = seasonsFetch({
      'POST /api/organizations/org-1/seasons': (call: RecordedCall) => ({
        status: 201,
        body: makeSeason({ ...(call.body as object), id: 's-new' }),
      }),
    });
    const { user } = renderApp('/seasons');
    await user.click(await screen.findByRole('button', { name: 'Create Season' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Season' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Season' }));
    for (const message of [
      'Season name is required',
      'Sport is required',
      'Start date is required',
      'End date is required',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    await user.type(within(dialog).getByLabelText('Season name'), 'Summer Camp');
    await user.selectOptions(within(dialog).getByLabelText('Sport'), 'Tennis');
    await user.type(within(dialog).getByLabelText('Start date'), '2026-07-01');
    await user.type(within(dialog).getByLabelText('End date'), '2026-06-01');
    await user.click(within(dialog).getByRole('button', { name: 'Create Season' }));
    expect(await within(dialog).findByText('End date must be after the start date')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('End date'));
    await user.type(within(dialog).getByLabelText('End date'), '2026-08-15');
    await user.click(within(dialog).getByRole('button', { name: 'Create Season' }));
    expect(await screen.findByText('Season created')).toBeInTheDocument();
    // The spec's season form: the sport as its catalogue id.
    expect(callsTo('POST', '/api/organizations/org-1/seasons')[0]!.body).toEqual({
      name: 'Summer Camp',
      sportId: 'tennis',
      startDate: '2026-07-01',
      endDate: '2026-08-15',
      isActive: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows "Failed to create season" with the server message', TYPING, async () => {
    seasonsFetch({
      'POST /api/organizations/org-1/seasons': {
        status: 403,
        body: { message: "Only the organization's admins can do this", code: 'ORG_ADMINS_ONLY' },
      },
    });
    const { user } = renderApp('/seasons');
    await user.click(await screen.findByRole('button', { name: 'Create Season' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Season' });
    await user.type(within(dialog).getByLabelText('Season name'), 'X');
    await user.selectOptions(within(dialog).getByLabelText('Sport'), 'Golf');
    await user.type(within(dialog).getByLabelText('Start date'), '2026-07-01');
    await user.type(within(dialog).getByLabelText('End date'), '2026-08-01');
    await user.click(within(dialog).getByRole('button', { name: 'Create Season' }));
    expect(await screen.findByText('Failed to create season')).toBeInTheDocument();
    expect(screen.getByText("Only the organization's admins can do this")).toBeInTheDocument();
  });

  it('edits a season with its values filled in, and deletes one (a refusal says why)', TYPING, async () => {
    const { callsTo } = seasonsFetch({
      'PUT /api/seasons/s-later': (call: RecordedCall) => ({
        status: 200,
        body: { ...upcoming, ...(call.body as object) },
      }),
      'DELETE /api/seasons/s-now': {
        status: 409,
        body: { message: 'This season still has teams; deactivate it instead', code: 'SEASON_HAS_TEAMS' },
      },
      'DELETE /api/seasons/s-off': { status: 204 },
    });
    const { user } = renderApp('/seasons');
    await pickRowAction(user, 'Actions for Fall Cup', 'Edit Fall Cup');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Season' });
    expect(within(dialog).getByLabelText('Season name')).toHaveValue('Fall Cup');
    expect(within(dialog).getByLabelText('Sport')).toHaveValue('soccer');
    await user.click(within(dialog).getByLabelText('Active season'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Season updated')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/seasons/s-later')[0]!.body).toEqual({
      name: 'Fall Cup',
      sportId: 'soccer',
      startDate: upcoming.startDate,
      endDate: upcoming.endDate,
      isActive: false,
    });

    await pickRowAction(user, 'Actions for Spring League', 'Delete Spring League');
    let confirm = await screen.findByRole('dialog', { name: 'Delete Spring League?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete Season' }));
    expect(await screen.findByText('Failed to delete season')).toBeInTheDocument();
    expect(screen.getByText('This season still has teams; deactivate it instead')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));

    await pickRowAction(user, 'Actions for Winter Futsal', 'Delete Winter Futsal');
    confirm = await screen.findByRole('dialog', { name: 'Delete Winter Futsal?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete Season' }));
    expect(await screen.findByText('Season deleted')).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/seasons/s-off')).toHaveLength(1);
  });

  it('shows seasons read-only to a member who is not an admin', async () => {
    seasonsFetch(
      { 'GET /api/organizations': { status: 200, body: [makeOrganization({ myRole: 'parent' })] } },
      { user: { ...sampleUser, role: 'parent', accountRole: 'parent' } },
    );
    renderApp('/seasons');
    await screen.findByRole('article', { name: 'Spring League' });
    expect(screen.queryByRole('button', { name: 'Create Season' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for Fall Cup' })).not.toBeInTheDocument();
  });
});

describe('Season teams page (mocked fetch)', () => {
  const members = [makeOrgMember(), makeOrgMember({ id: 'u-2', userId: 'u-2', name: 'Casey Coach', role: 'coach' })];
  function teamsFetch(extra: Record<string, unknown> = {}) {
    return seasonsFetch({
      'GET /api/seasons/s-now': { status: 200, body: current },
      'GET /api/seasons/s-now/teams': {
        status: 200,
        body: [makeOrgTeam({ id: 't1', name: 'Tigers', coach: { id: 'u-2', name: 'Casey Coach' }, memberCount: 7 })],
      },
      'GET /api/organizations/org-1/members': { status: 200, body: members },
      ...extra,
    });
  }

  it('shows the season, its teams with View Team, and Back to Seasons', async () => {
    teamsFetch();
    renderApp('/seasons/s-now/teams');
    expect(await screen.findByRole('heading', { name: 'Spring League', level: 1 })).toBeInTheDocument();
    expect(await screen.findByTestId('season-team-count')).toHaveTextContent('1 team');
    expect(screen.getByRole('link', { name: 'View Team Tigers' })).toHaveAttribute('href', '/team/t1');
    expect(screen.getByText(/7 members · Coach Casey Coach/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Seasons' })).toHaveAttribute('href', '/seasons');
  });

  it('says "Season not found" for a 404 and "Error loading season" for other failures', async () => {
    seasonsFetch({
      'GET /api/seasons/gone': { status: 404, body: { message: 'Season not found', code: 'SEASON_NOT_FOUND' } },
    });
    renderApp('/seasons/gone/teams');
    expect(await screen.findByRole('heading', { name: 'Season not found' })).toBeInTheDocument();
  });

  it('says "Error loading season" when the server fails', async () => {
    seasonsFetch({
      'GET /api/seasons/s-now': { status: 500, body: { message: 'Something went wrong', code: 'INTERNAL' } },
    });
    renderApp('/seasons/s-now/teams');
    expect(await screen.findByText('Error loading season')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Seasons' })).toBeInTheDocument();
  });

  it(
    'adds a team: code of at least 3 characters, a coach from the organization, then the request',
    TYPING,
    async () => {
      const { callsTo } = teamsFetch({
        'POST /api/seasons/s-now/teams': (call: RecordedCall) => ({
          status: 201,
          body: makeOrgTeam({ id: 't-new', name: (call.body as { name: string }).name }),
        }),
      });
      const { user } = renderApp('/seasons/s-now/teams');
      await user.click(await screen.findByRole('button', { name: 'Add Team' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Team' });
      const code = within(dialog).getByLabelText('Team code');
      // A random 6-character code is offered; the admin may type their own.
      expect((code as HTMLInputElement).value).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
      await user.clear(code);
      await user.type(code, 'ab');
      await user.click(within(dialog).getByRole('button', { name: 'Add Team' }));
      expect(await within(dialog).findByText('Team name is required')).toBeInTheDocument();
      expect(within(dialog).getByText('Team code must be at least 3 characters')).toBeInTheDocument();
      expect(within(dialog).getByText('Coach is required')).toBeInTheDocument();
      expect(callsTo('POST', '/api/seasons/s-now/teams')).toHaveLength(0);

      await user.type(within(dialog).getByLabelText('Team name'), 'Panthers');
      await user.type(code, 'c9');
      await user.selectOptions(await within(dialog).findByLabelText('Coach'), 'u-2');
      await user.click(within(dialog).getByRole('button', { name: 'Add Team' }));
      expect(await screen.findByText('Team created')).toBeInTheDocument();
      expect(callsTo('POST', '/api/seasons/s-now/teams')[0]!.body).toEqual({
        name: 'Panthers',
        code: 'ABC9',
        ageGroup: null,
        coachId: 'u-2',
      });
    },
  );
});
