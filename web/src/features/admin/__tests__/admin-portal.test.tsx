import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pickRowAction, renderApp, sampleUser, type RecordedCall } from '../../../test/utils.tsx';
import { setViewportWidth, DESKTOP_VIEWPORT_WIDTH } from '../../../test/viewport.ts';
import { makeOrganization } from '../../orgs/__tests__/org-fixtures.ts';
import { formatFileSize } from '../lib/format.ts';
import { makeActivity, makeMedia, makePerson, portalFetch, teams } from './admin-fixtures.ts';

/** Tests that click through dialogs get more time on a busy machine. */
const SLOW = { timeout: 20_000 };

function stat(label: string) {
  return screen.getByText(label, { selector: 'dt span' }).closest('dl')?.querySelector('dd')?.textContent;
}

const query = (call: RecordedCall) => Object.fromEntries(new URL(call.url, 'http://x').searchParams);

describe('admin portal (mocked fetch)', () => {
  it('shows Access Denied to someone who administers no organization', async () => {
    portalFetch(
      { 'GET /api/organizations': { status: 200, body: [makeOrganization({ myRole: 'parent' })] } },
      { ...sampleUser, role: 'parent' },
    );
    renderApp('/admin/people');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('You need admin privileges to access this area.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');
  });

  it('shows Access Denied when the server answers 403', async () => {
    portalFetch({ 'GET /api/admin/teams': { status: 403, body: { message: 'Admins only', code: 'FORBIDDEN' } } });
    renderApp('/admin/teams');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });

  it('dashboard: the four figures, 3 upcoming matches, 5 activity lines and the quick actions', async () => {
    portalFetch();
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(stat('Total Teams')).toBe('6'));
    expect(stat('Active Players')).toBe('48');
    expect(stat('Scheduled Matches')).toBe('9');
    expect(stat('Attendance Rate')).toBe('83%');
    const upcoming = screen.getByRole('list', { name: 'Upcoming matches' });
    expect(within(upcoming).getAllByRole('listitem')).toHaveLength(3);
    expect(within(upcoming).getByRole('link', { name: 'Home 1 vs Away 1' })).toHaveAttribute(
      'href',
      '/admin/matches/m-1',
    );
    const recent = screen.getByRole('list', { name: 'Recent activity' });
    expect(within(recent).getAllByRole('listitem')).toHaveLength(5);
    expect(within(recent).queryByText('Line 6 happened')).not.toBeInTheDocument();
    for (const [name, href] of [
      ['Create Season', '/admin/seasons/create'],
      ['Invite Coach', '/admin/people/invite'],
      ['Add Team', '/admin/teams/create'],
      ['Org Settings', '/admin/settings'],
    ]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it("dashboard failure: 'Error Loading Dashboard' with the message and a Retry that reloads", async () => {
    let fail = true;
    const { callsTo } = portalFetch({
      'GET /api/admin/stats': () =>
        fail
          ? { status: 500, body: { message: 'Database is down' } }
          : { status: 200, body: ((fail = false), undefined) },
    });
    const { user } = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Error Loading Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Database is down')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(callsTo('GET', '/api/admin/stats')).toHaveLength(2));
  });

  it('the portal navigation has the seven sections, Activity and Consents; the sidebar shows on wide screens', async () => {
    setViewportWidth(DESKTOP_VIEWPORT_WIDTH);
    portalFetch();
    renderApp('/admin/seasons');
    const nav = await screen.findByRole('navigation', { name: 'Admin navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/admin',
      '/admin/seasons',
      '/admin/teams',
      '/admin/matches',
      '/admin/people',
      '/admin/media',
      '/admin/settings',
      '/admin/activity',
      '/admin/consents',
    ]);
    expect(within(nav).getByRole('link', { name: 'Seasons' })).toHaveAttribute('aria-current', 'page');
  });

  it('seasons: toggling Active patches isActive and says so', async () => {
    const { callsTo } = portalFetch({ 'PATCH /api/admin/seasons/season-1': { status: 200, body: {} } });
    const { user } = renderApp('/admin/seasons');
    await user.click(await screen.findByRole('switch', { name: 'Active: Spring 2026' }));
    await waitFor(() => expect(callsTo('PATCH', '/api/admin/seasons/season-1')[0]?.body).toEqual({ isActive: false }));
    expect(await screen.findByText('Season deactivated')).toBeInTheDocument();
  });

  it(
    'seasons: /admin/seasons/create opens Create Season; /admin/seasons/{id}/edit opens it filled in',
    SLOW,
    async () => {
      portalFetch();
      renderApp('/admin/seasons/create');
      expect(await screen.findByRole('dialog', { name: 'Create Season' })).toBeInTheDocument();
    },
  );

  it('seasons: /admin/seasons/{id}/edit opens Edit Season with the season', async () => {
    portalFetch();
    renderApp('/admin/seasons/season-1/edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Season' });
    expect(within(dialog).getByLabelText('Season name')).toHaveValue('Spring 2026');
  });

  it('teams: delete asks first, then deletes, reports it and the list refreshes without the team', SLOW, async () => {
    let deleted = false;
    const { callsTo } = portalFetch({
      'DELETE /api/admin/teams/team-1': () => {
        deleted = true;
        return { status: 204 };
      },
      'GET /api/admin/teams': () => ({
        status: 200,
        body: deleted ? teams.filter((t) => t.id !== 'team-1') : teams,
      }),
    });
    const { user } = renderApp('/admin/teams');
    await pickRowAction(user, 'Actions for U12 Tigers', 'Delete U12 Tigers');
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete U12 Tigers?' });
    expect(callsTo('DELETE', '/api/admin/teams/team-1')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete Team' }));
    expect(await screen.findByText('Team deleted')).toBeInTheDocument();
    expect(screen.getByText('U12 Tigers is gone.')).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/admin/teams/team-1')).toHaveLength(1);
    // The list is fetched again and the team is no longer in it; the dialog has closed.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Actions for U12 Tigers' })).not.toBeInTheDocument(),
    );
    expect(callsTo('GET', '/api/admin/teams').length).toBeGreaterThan(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('teams: a failed delete reports the server message', SLOW, async () => {
    portalFetch({
      'DELETE /api/admin/teams/team-1': { status: 404, body: { message: 'Team not found', code: 'NOT_FOUND' } },
    });
    const { user } = renderApp('/admin/teams');
    await pickRowAction(user, 'Actions for U12 Tigers', 'Delete U12 Tigers');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Team' }));
    expect(await screen.findByText('Failed to delete team')).toBeInTheDocument();
    expect(screen.getByText('Team not found')).toBeInTheDocument();
  });

  it('teams: the create, edit and invite links open their dialogs', async () => {
    portalFetch();
    const { router } = renderApp('/admin/teams/create');
    expect(await screen.findByRole('dialog', { name: 'Create Team' })).toBeInTheDocument();
    await router.navigate('/admin/teams/team-1/edit');
    const edit = await screen.findByRole('dialog', { name: 'Edit Team' });
    expect(within(edit).getByLabelText('Team name')).toHaveValue('U12 Tigers');
    await router.navigate('/admin/teams/team-1/invite');
    const invite = await screen.findByRole('dialog', { name: 'Invite Member' });
    expect(within(invite).getByLabelText('Team')).toHaveDisplayValue('U12 Tigers');
  });

  it("teams: a team's View link opens its team page", async () => {
    portalFetch();
    renderApp('/admin/teams');
    expect(await screen.findByRole('link', { name: 'View U12 Tigers' })).toHaveAttribute('href', '/team/team-1');
  });

  it('an unknown admin path says so inside the portal', async () => {
    portalFetch();
    renderApp('/admin/nope');
    expect(await screen.findByText('There is no such admin page.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Admin navigation' })).toBeInTheDocument();
  });

  it('the org console links to the portal', async () => {
    portalFetch({
      'GET /api/organizations/org-1/stats': {
        status: 200,
        body: { totalTeams: 1, totalMembers: 1, totalEvents: 0, totalMessages: 0 },
      },
      'GET /api/organizations/org-1/activity': { status: 200, body: [] },
    });
    renderApp('/org-admin');
    expect(await screen.findByRole('link', { name: 'Admin Portal' })).toHaveAttribute('href', '/admin');
  });

  it('matches: Cancel Match asks, deletes and reports; completed matches cannot be cancelled', SLOW, async () => {
    const { callsTo } = portalFetch({ 'DELETE /api/admin/matches/match-1': { status: 204 } });
    const { user } = renderApp('/admin/matches');
    const list = await screen.findByRole('list', { name: 'Matches' });
    const cards = within(list).getAllByRole('listitem');
    expect(within(cards[1]!).getByText('3 – 1')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Completed')).toBeInTheDocument();
    // On a phone the row's actions are in its ⋮ menu; a completed match's has Edit only.
    await user.click(within(cards[1]!).getByRole('button', { name: /^Actions for / }));
    expect(await screen.findByRole('menuitem', { name: /^Edit / })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Cancel Match' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(within(cards[0]!).getByRole('button', { name: /^Actions for / }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cancel Match' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel this match?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel Match' }));
    expect(await screen.findByText('Match cancelled')).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/admin/matches/match-1')).toHaveLength(1);
  });

  it('matches: details, edit (Start Match) and create open as dialogs', SLOW, async () => {
    const { callsTo } = portalFetch({ 'PUT /api/matches/match-1': { status: 200, body: {} } });
    const { router, user } = renderApp('/admin/matches/match-1');
    expect(await screen.findByRole('dialog', { name: 'Basketball Match Details' })).toBeInTheDocument();
    await router.navigate('/admin/matches/match-1/edit');
    const edit = await screen.findByRole('dialog', { name: 'Edit Match' });
    expect(within(edit).queryByRole('button', { name: 'Complete Match' })).not.toBeInTheDocument();
    await user.click(within(edit).getByRole('button', { name: 'Start Match' }));
    await waitFor(() => expect(callsTo('PUT', '/api/matches/match-1')[0]?.body).toEqual({ status: 'in_progress' }));
    expect(await screen.findByText('Match status updated successfully')).toBeInTheDocument();
    await router.navigate('/admin/matches/create');
    const create = await screen.findByRole('dialog', { name: 'Create Match' });
    await user.click(within(create).getByRole('button', { name: 'Create Match' }));
    expect(await within(create).findByText('Season is required')).toBeInTheDocument();
  });

  it('people: search and role filter go to the server; a card shows two teams', SLOW, async () => {
    const { callsTo } = portalFetch();
    const { user } = renderApp('/admin/people');
    const list = await screen.findByRole('list', { name: 'People' });
    const teamsOf = within(list).getByRole('list', { name: 'Teams of Casey Coach' });
    expect(
      within(teamsOf)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['U12 Tigers · Basketball', 'U14 Hawks · Soccer', '+1 more']);
    await user.type(screen.getByRole('searchbox', { name: 'Search people by name or email' }), 'casey');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by role' }), 'coach');
    await waitFor(() =>
      expect(callsTo('GET', '/api/admin/people').map(query)).toContainEqual({ search: 'casey', role: 'coach' }),
    );
  });

  it('people: change a role on /admin/people/{id}/role', SLOW, async () => {
    const { callsTo } = portalFetch({ 'PATCH /api/admin/people/u-2': { status: 200, body: makePerson() } });
    const { user } = renderApp('/admin/people/u-2/role');
    const dialog = await screen.findByRole('dialog', { name: 'Change Role' });
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'parent');
    await user.click(within(dialog).getByRole('button', { name: 'Change Role' }));
    await waitFor(() => expect(callsTo('PATCH', '/api/admin/people/u-2')[0]?.body).toEqual({ role: 'parent' }));
    expect(await screen.findByText('Role updated')).toBeInTheDocument();
  });

  it('people: deactivate asks, then deletes and reports; the edit and invite links open dialogs', SLOW, async () => {
    const { callsTo } = portalFetch({ 'DELETE /api/admin/people/u-2': { status: 204 } });
    const { user, router } = renderApp('/admin/people');
    await pickRowAction(user, 'Actions for Casey Coach', 'Deactivate Casey Coach');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Person deactivated')).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/admin/people/u-2')).toHaveLength(1);
    await router.navigate('/admin/people/u-2/edit');
    expect(await screen.findByRole('dialog', { name: 'Edit Person' })).toBeInTheDocument();
    await router.navigate('/admin/people/invite');
    expect(await screen.findByRole('dialog', { name: 'Invite Member' })).toBeInTheDocument();
  });

  it('media: sizes in Bytes/KB/MB/GB, type filter, view, download and delete', SLOW, async () => {
    const { callsTo } = portalFetch({
      'GET /api/admin/media': {
        status: 200,
        body: [
          makeMedia(),
          makeMedia({
            id: 'media-2',
            fileName: 'final.mp4',
            fileType: 'video',
            fileSize: (5 * 1024 * 1024 * 1024) / 2,
          }),
        ],
      },
      'DELETE /api/admin/media/media-1': { status: 204 },
    });
    const { user } = renderApp('/admin/media');
    const list = await screen.findByRole('list', { name: 'Media' });
    expect(
      within(list)
        .getAllByTestId('file-size')
        .map((s) => s.textContent),
    ).toEqual(['1.5 KB', '2.5 GB']);
    expect(within(list).getByRole('link', { name: 'Download goal.jpg' })).toHaveAttribute(
      'href',
      '/api/admin/media/media-1/download',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by type' }), 'video');
    await waitFor(() => expect(callsTo('GET', '/api/admin/media').map(query)).toContainEqual({ type: 'video' }));
    await user.click(within(list).getAllByRole('button', { name: 'View goal.jpg' })[1]!);
    expect(await screen.findByRole('dialog', { name: 'goal.jpg' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(within(list).getByRole('button', { name: 'More actions for goal.jpg' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete goal.jpg' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Media deleted')).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/admin/media/media-1')).toHaveLength(1);
  });

  it('media: /admin/media/upload opens the upload dialog with the teams', async () => {
    portalFetch();
    renderApp('/admin/media/upload');
    const dialog = await screen.findByRole('dialog', { name: 'Upload Media' });
    expect(await within(dialog).findByLabelText('Team')).toHaveDisplayValue('U12 Tigers');
  });

  it('settings: the form saves through PATCH /api/admin/settings', SLOW, async () => {
    const { callsTo } = portalFetch({
      'PATCH /api/admin/settings': (call) => ({ status: 200, body: { ...(call.body as object) } }),
    });
    const { user } = renderApp('/admin/settings');
    const form = await screen.findByRole('form', { name: 'Preferences' });
    await user.click(within(form).getByRole('button', { name: 'Update Preferences' }));
    await waitFor(() => expect(callsTo('PATCH', '/api/admin/settings')).toHaveLength(1));
    expect(await screen.findByText('Preferences updated')).toBeInTheDocument();
  });

  it('settings: a failed load reads Failed to fetch settings', async () => {
    portalFetch({ 'GET /api/admin/settings': { status: 500, body: { message: 'boom' } } });
    renderApp('/admin/settings');
    expect(await screen.findByText('Failed to fetch settings')).toBeInTheDocument();
  });

  it('activity: filters go to the server and the export links, Load more follows the cursor', SLOW, async () => {
    const { callsTo } = portalFetch({
      'GET /api/admin/activity': (call) =>
        query(call).cursor === 'c2'
          ? {
              status: 200,
              body: {
                items: [makeActivity({ id: 'ev-0', position: '99', description: 'Older line' })],
                nextCursor: null,
              },
            }
          : { status: 200, body: { items: [makeActivity()], nextCursor: 'c2' } },
    });
    const { user } = renderApp('/admin/activity');
    const list = await screen.findByRole('list', { name: 'Activity' });
    // The original of a deleted message stays visible to admins, with who deleted it and whose it was.
    const line = within(list).getByText('Casey Coach deleted Riley Parent’s message in U12 Tigers: “see you at 5”');
    expect(line.closest('li')).toHaveTextContent('by Casey Coach');
    expect(line.closest('li')).toHaveTextContent('about Riley Parent');
    expect(line.closest('li')).toHaveTextContent('#101');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByText('Older line')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.selectOptions(await screen.findByLabelText('Person'), 'u-2');
    await user.selectOptions(screen.getByLabelText('Team'), 'team-1');
    await user.selectOptions(screen.getByLabelText('Event type'), 'MessageSent');
    await waitFor(() =>
      expect(callsTo('GET', '/api/admin/activity').map(query)).toContainEqual({
        userId: 'u-2',
        teamId: 'team-1',
        type: 'MessageSent',
        limit: '50',
      }),
    );
    const csv = new URL(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!, 'http://x');
    expect(Object.fromEntries(csv.searchParams)).toEqual({
      userId: 'u-2',
      teamId: 'team-1',
      type: 'MessageSent',
      format: 'csv',
    });
    expect(screen.getByRole('link', { name: 'Export NDJSON' }).getAttribute('href')).toContain('format=ndjson');
  });

  it('consents: every player’s three states and last change; the team filter goes to the server and the CSV link', async () => {
    const row = {
      teamId: 'team-1',
      teamName: 'U12 Tigers',
      playerId: 'p-1',
      playerName: 'Mia',
      photos: 'withheld',
      livestream: 'given',
      public: 'unknown',
      lastChangedAt: '2026-11-20T10:00:00.000Z',
      outdated: true,
    };
    const { callsTo } = portalFetch({ 'GET /api/admin/consents': { status: 200, body: [row] } });
    const { user } = renderApp('/admin/consents');
    const list = await screen.findByRole('list', { name: 'Consents' });
    const item = within(list).getByText('Mia').closest('li')!;
    expect(item).toHaveTextContent('U12 Tigers');
    expect(item).toHaveTextContent('Photos: withheld');
    expect(item).toHaveTextContent('Streams: given');
    expect(item).toHaveTextContent('Public: unknown');
    expect(item).toHaveTextContent('Given under an older wording');
    expect(item.querySelector('time')).toHaveAttribute('dateTime', row.lastChangedAt);
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/consents?format=csv');

    await user.selectOptions(await screen.findByLabelText('Team'), 'team-1');
    await waitFor(() => expect(callsTo('GET', '/api/admin/consents').map(query)).toContainEqual({ teamId: 'team-1' }));
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/consents?teamId=team-1&format=csv',
    );
  });

  it('activity: an empty selection says so', async () => {
    portalFetch({ 'GET /api/admin/activity': { status: 200, body: { items: [], nextCursor: null } } });
    renderApp('/admin/activity?type=MediaDeleted');
    expect(await screen.findByRole('heading', { name: 'No activity matches' })).toBeInTheDocument();
  });
});

describe('formatFileSize', () => {
  it('reads Bytes, KB, MB and GB', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(512)).toBe('512 Bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(2.25 * 1024 * 1024)).toBe('2.25 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 GB');
    expect(formatFileSize(5 * 1024 ** 4)).toBe('5120 GB');
  });
});

describe('activity date range', () => {
  it('sends whole local days: from the start of From to the start of the day after To (exclusive)', async () => {
    const { activityParams } = await import('../api.ts');
    const params = activityParams({ from: '2026-03-01', to: '2026-03-31' });
    expect(new Date(params.from!).getTime()).toBe(new Date(2026, 2, 1).getTime());
    expect(new Date(params.to!).getTime()).toBe(new Date(2026, 3, 1).getTime());
  });
});
