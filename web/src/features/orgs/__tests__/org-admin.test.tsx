import { screen, waitFor, within } from '@testing-library/react';
import type { User } from '@sideline/domain';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderApp, sampleUser, type RecordedCall } from '../../../test/utils.tsx';
import { setViewportWidth, DESKTOP_VIEWPORT_WIDTH } from '../../../test/viewport.ts';
import { makeOrganization, makeOrgMember, makeOrgTeam, makeSeason, orgSettings } from './org-fixtures.ts';

const admin: User = { ...sampleUser, role: 'org_admin' };
/** Tests that type a lot get more time on a busy machine. */
const TYPING = { timeout: 20_000 };
const teams = [
  makeOrgTeam({
    id: 't-a',
    name: 'Small Fry',
    memberCount: 2,
    lastActivityAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
  }),
  makeOrgTeam({ id: 't-b', name: 'Big Squad', memberCount: 14, isActive: false }),
  makeOrgTeam({ id: 't-c', name: 'Middle Club', memberCount: 8 }),
  makeOrgTeam({ id: 't-d', name: 'Solid Crew', memberCount: 9 }),
];
const members = [
  makeOrgMember(),
  makeOrgMember({ id: 'u-2', userId: 'u-2', name: 'Casey Coach', email: 'casey@example.com', role: 'coach' }),
  makeOrgMember({ id: 'u-3', userId: 'u-3', name: 'Pat Parent', email: 'pat@example.com', role: 'parent' }),
];

function consoleFetch(extra: Record<string, unknown> = {}, user: User = admin) {
  return mockFetch({
    'GET /api/user': { status: 200, body: user },
    'GET /api/teams': { status: 200, body: [] },
    'GET /api/organizations': { status: 200, body: [makeOrganization()] },
    'GET /api/organizations/org-1/stats': {
      status: 200,
      body: { totalTeams: 4, totalMembers: 31, totalEvents: 12, totalMessages: 57 },
    },
    'GET /api/organizations/org-1/teams': { status: 200, body: teams },
    'GET /api/organizations/org-1/members': { status: 200, body: members },
    'GET /api/organizations/org-1/seasons': {
      status: 200,
      body: [makeSeason(), makeSeason({ id: 'season-2', name: 'Fall Cup', sport: 'Volleyball' })],
    },
    'GET /api/organizations/org-1/activity': {
      status: 200,
      body: [
        {
          id: 'a1',
          actorName: 'Casey Coach',
          description: 'Casey Coach scheduled Practice for U12 Tigers',
          teamId: 't-a',
          teamName: 'Small Fry',
          timestamp: new Date(Date.now() - 3 * 60_000).toISOString(),
        },
        {
          id: 'a2',
          actorName: 'Jordan Smith',
          description: 'Jordan Smith created the season Spring 2026 (Basketball)',
          teamId: null,
          teamName: null,
          timestamp: new Date(Date.now() - 2 * 3_600_000).toISOString(),
        },
      ],
    },
    'GET /api/organizations/org-1/settings': { status: 200, body: orgSettings },
    ...(extra as object),
  } as Parameters<typeof mockFetch>[0]);
}

async function openTab(name: string) {
  const view = renderApp('/org-admin');
  await screen.findByRole('heading', { name: 'Riverside FC', level: 1 });
  if (name !== 'Overview') await view.user.click(screen.getByRole('tab', { name }));
  return view;
}

/** The stat cards are a <dl>: the label is in the <dt>, the number its <dd>. */
function stat(label: string) {
  return screen.getByText(label, { selector: 'dt span' }).closest('dt')?.parentElement?.querySelector('dd')
    ?.textContent;
}

describe('org admin console (mocked fetch)', () => {
  it('shows Access Denied to someone who administers no organization, with a way back and a way to start one', async () => {
    mockFetch({
      'GET /api/user': { status: 200, body: { ...sampleUser, role: 'parent' } },
      'GET /api/teams': { status: 200, body: [] },
      'GET /api/organizations': { status: 200, body: [makeOrganization({ myRole: 'parent' })] },
    });
    renderApp('/org-admin');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('You need organization admin privileges to access this page.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Start an organization' })).toBeInTheDocument();
  });

  it('shows No Organization Found to an admin whose organizations are gone', async () => {
    mockFetch({
      'GET /api/user': { status: 200, body: admin },
      'GET /api/teams': { status: 200, body: [] },
      'GET /api/organizations': { status: 200, body: [] },
    });
    renderApp('/org-admin');
    expect(await screen.findByRole('heading', { name: 'No Organization Found' })).toBeInTheDocument();
    expect(screen.getByText("You're not associated with any organization.")).toBeInTheDocument();
  });

  it('starts an organization from the console and refreshes the role', TYPING, async () => {
    let created = false;
    const { callsTo } = mockFetch({
      'GET /api/user': () => ({ status: 200, body: created ? admin : { ...sampleUser, role: 'coach' } }),
      'GET /api/teams': { status: 200, body: [] },
      'GET /api/organizations': () => ({ status: 200, body: created ? [makeOrganization()] : [] }),
      'POST /api/organizations': () => {
        created = true;
        return { status: 201, body: makeOrganization() };
      },
      'GET /api/organizations/org-1/stats': {
        status: 200,
        body: { totalTeams: 0, totalMembers: 1, totalEvents: 0, totalMessages: 0 },
      },
      'GET /api/organizations/org-1/teams': { status: 200, body: [] },
      'GET /api/organizations/org-1/activity': { status: 200, body: [] },
    });
    const { user } = renderApp('/org-admin');
    await user.click(await screen.findByRole('button', { name: 'Start an organization' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start an organization' });
    await user.click(within(dialog).getByRole('button', { name: 'Create organization' }));
    expect(await within(dialog).findByText('Organization name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Organization name'), 'Riverside FC');
    await user.selectOptions(within(dialog).getByLabelText('Time zone'), 'America/Denver');
    await user.click(within(dialog).getByRole('button', { name: 'Create organization' }));
    expect(await screen.findByRole('heading', { name: 'Riverside FC', level: 1 })).toBeInTheDocument();
    expect(callsTo('POST', '/api/organizations')[0]!.body).toMatchObject({
      name: 'Riverside FC',
      timezone: 'America/Denver',
      defaultSport: 'Soccer',
    });
    expect(await screen.findByText('No teams yet.')).toBeInTheDocument();
  });

  it('Overview: stat cards from the stats, the three biggest teams, and the recent activity from the server', async () => {
    consoleFetch();
    await openTab('Overview');
    await waitFor(() => expect(stat('Total Teams')).toBe('4'));
    expect(stat('Total Members')).toBe('31');
    expect(stat('Events')).toBe('12');
    expect(stat('Messages')).toBe('57');
    const label = (text: string) => screen.getByText(text, { selector: 'dt span' }).closest('dt');
    expect(label('Total Teams')).toHaveTextContent('Total Teams, Active teams');
    expect(label('Total Members')).toHaveTextContent('Total Members, Across all teams');
    expect(label('Events')).toHaveTextContent('Events, This month');
    expect(label('Messages')).toHaveTextContent('Messages, This week');
    const top = await screen.findByRole('list', { name: 'Top teams' });
    expect(
      within(top)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Big Squad'),
      expect.stringContaining('Solid Crew'),
      expect.stringContaining('Middle Club'),
    ]);
    expect(within(top).getAllByRole('link')[0]).toHaveAttribute('href', '/team/t-b');
    const activity = await screen.findByRole('list', { name: 'Recent activity' });
    expect(
      within(activity)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/Casey Coach scheduled Practice for U12 Tigers.*3 minutes ago/),
      expect.stringMatching(/created the season Spring 2026.*about 2 hours ago/),
    ]);
  });

  it(
    'Teams: cards with status, members, activity and the manage hint; Create Team needs a season and a name',
    TYPING,
    async () => {
      const { callsTo } = consoleFetch({
        'POST /api/organizations/org-1/teams': (call: RecordedCall) => ({
          status: 201,
          body: makeOrgTeam({ id: 't-new', name: (call.body as { name: string }).name, code: 'NEW234' }),
        }),
      });
      const { user } = await openTab('Teams');
      expect(await screen.findByRole('heading', { name: 'Teams Management (4)' })).toBeInTheDocument();
      const cards = screen.getAllByRole('article');
      expect(cards).toHaveLength(4);
      const small = within(cards[0]!);
      expect(small.getByRole('link', { name: 'Small Fry' })).toHaveAttribute('href', '/team/t-a');
      expect(small.getByText('Active')).toBeInTheDocument();
      expect(small.getByText('2 members')).toBeInTheDocument();
      expect(small.getByText('Active 2 days ago')).toBeInTheDocument();
      expect(small.getByText('Click to manage players & parents')).toBeInTheDocument();
      expect(within(cards[1]!).getByText('Inactive')).toBeInTheDocument();
      expect(within(cards[1]!).getByText('No activity yet')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Create Team' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create Team' });
      await user.click(within(dialog).getByRole('button', { name: 'Create Team' }));
      expect(await screen.findByText('Missing required fields')).toBeInTheDocument();
      expect(screen.getByText('Please select a season and enter a team name')).toBeInTheDocument();
      expect(callsTo('POST', '/api/organizations/org-1/teams')).toHaveLength(0);

      expect(within(dialog).getByTestId('team-sport')).toHaveTextContent('Sport: Soccer');
      await user.selectOptions(await within(dialog).findByLabelText('Season'), 'season-2');
      expect(within(dialog).getByTestId('team-sport')).toHaveTextContent('Sport: Volleyball (from the season)');
      await user.type(within(dialog).getByLabelText('Team name'), 'U14 Sharks');
      await user.type(within(dialog).getByLabelText('Age group (optional)'), 'U14');
      await user.click(within(dialog).getByRole('button', { name: 'Create Team' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Team' })).not.toBeInTheDocument());
      expect(callsTo('POST', '/api/organizations/org-1/teams')[0]!.body).toEqual({
        seasonId: 'season-2',
        name: 'U14 Sharks',
        ageGroup: 'U14',
        coachId: null,
      });
      // The list is fetched again after the team is created.
      await waitFor(() => expect(callsTo('GET', '/api/organizations/org-1/teams').length).toBeGreaterThan(1));
    },
  );

  it('Teams: Edit Team opens with the team, saves name, sport and time zone, and closes', TYPING, async () => {
    const { callsTo } = consoleFetch({
      'PUT /api/teams/t-c': { status: 200, body: makeOrgTeam({ id: 't-c', name: 'Middle Kings', sport: 'Hockey' }) },
    });
    const { user } = await openTab('Teams');
    await user.click(await screen.findByRole('button', { name: 'Edit Middle Club' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Team' });
    const name = within(dialog).getByLabelText('Team name');
    expect(name).toHaveValue('Middle Club');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Team name is required')).toBeInTheDocument();
    await user.type(name, 'Middle Kings');
    await user.selectOptions(within(dialog).getByLabelText('Sport'), 'Hockey');
    // The team's events go by its own zone from now on (else the organization's).
    expect(within(dialog).getByLabelText('Time zone for events')).toHaveValue('');
    await user.selectOptions(within(dialog).getByLabelText('Time zone for events'), 'America/Denver');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Team' })).not.toBeInTheDocument());
    expect(callsTo('PUT', '/api/teams/t-c')[0]!.body).toEqual({
      name: 'Middle Kings',
      sport: 'Hockey',
      ageGroup: 'U12',
      timeZone: 'America/Denver',
    });
  });

  it(
    'Members: names, emails and role badges; Invite Member sends the invitation and shows its link to copy',
    TYPING,
    async () => {
      const { callsTo } = consoleFetch({
        'POST /api/teams/t-c/invite': {
          status: 201,
          body: { invitation: { url: 'http://localhost/invite?token=abc123', expiresAt: '2026-06-01T12:00:00.000Z' } },
        },
      });
      const { user } = await openTab('Members');
      const list = await screen.findByRole('list', { name: 'Organization members' });
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([
        expect.stringMatching(/Jordan Smith.*jordan@example.com.*Organization Admin/),
        expect.stringMatching(/Casey Coach.*casey@example.com.*Coach/),
        expect.stringMatching(/Pat Parent.*pat@example.com.*Parent/),
      ]);

      await user.click(screen.getByRole('button', { name: 'Invite Member' }));
      const dialog = await screen.findByRole('dialog', { name: 'Invite Member' });
      await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
      expect(await within(dialog).findByText('Coach name is required')).toBeInTheDocument();
      expect(within(dialog).getByText('Invalid email')).toBeInTheDocument();
      await user.selectOptions(within(dialog).getByLabelText('Team'), 't-c');
      await user.selectOptions(within(dialog).getByLabelText('Role'), 'player');
      await user.type(within(dialog).getByLabelText('Name'), 'Mia Player');
      await user.type(within(dialog).getByLabelText('Email'), 'mia@example.com');
      await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
      const link = await within(dialog).findByLabelText('Invitation link');
      expect(link).toHaveValue('http://localhost/invite?token=abc123');
      expect(callsTo('POST', '/api/teams/t-c/invite')[0]!.body).toEqual({
        inviteType: 'player',
        name: 'Mia Player',
        email: 'mia@example.com',
      });
      await user.click(within(dialog).getByRole('button', { name: 'Copy invitation link' }));
      await expect(navigator.clipboard.readText()).resolves.toBe('http://localhost/invite?token=abc123');
      expect(await screen.findByText('Invitation link copied')).toBeInTheDocument();
    },
  );

  it('Members: a failed invitation says so', TYPING, async () => {
    consoleFetch({
      'POST /api/teams/t-a/invite': {
        status: 403,
        body: { message: 'Only the team’s managers can invite', code: 'X' },
      },
    });
    const { user } = await openTab('Members');
    await user.click(await screen.findByRole('button', { name: 'Invite Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Member' });
    await user.type(within(dialog).getByLabelText('Name'), 'Sam Coach');
    await user.type(within(dialog).getByLabelText('Email'), 'sam@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('Failed to send invitation')).toBeInTheDocument();
    expect(screen.getByText('Only the team’s managers can invite')).toBeInTheDocument();
  });

  it(
    'Settings: validates on the page, saves changes and preferences, and says "Update failed" when the server refuses',
    TYPING,
    async () => {
      let fail = false;
      const { callsTo } = consoleFetch({
        'PATCH /api/organizations/org-1/settings': (call: RecordedCall) =>
          fail
            ? { status: 400, body: { message: 'Please check', code: 'VALIDATION', fieldErrors: { website: ['Nope'] } } }
            : { status: 200, body: { ...orgSettings, ...(call.body as object) } },
      });
      const { user } = await openTab('Settings');
      const name = await screen.findByLabelText('Organization name');
      expect(name).toHaveValue('Riverside FC');
      expect(screen.getByLabelText('Primary colour')).toHaveValue('#1d4ed8');
      const primary = screen.getByLabelText('Primary colour');
      await user.clear(primary);
      await user.type(primary, 'blue');
      await user.type(screen.getByLabelText('Contact email'), 'office@');
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByText('Enter a colour like #1d4ed8')).toBeInTheDocument();
      expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
      expect(callsTo('PATCH', '/api/organizations/org-1/settings')).toHaveLength(0);

      await user.clear(primary);
      await user.type(primary, '#F97316');
      await user.type(screen.getByLabelText('Contact email'), 'riverside.example');
      await user.type(screen.getByLabelText('Website'), 'https://riverside.example');
      await user.selectOptions(screen.getByLabelText('Time zone'), 'America/Los_Angeles');
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByText('Settings saved')).toBeInTheDocument();
      expect(callsTo('PATCH', '/api/organizations/org-1/settings')[0]!.body).toMatchObject({
        name: 'Riverside FC',
        primaryColor: '#f97316',
        contactEmail: 'office@riverside.example',
        website: 'https://riverside.example',
        timezone: 'America/Los_Angeles',
        logoUrl: null,
      });

      await user.selectOptions(screen.getByLabelText('Default RSVP policy'), 'required');
      await user.click(screen.getByLabelText('Approve invitations automatically'));
      await user.click(screen.getByRole('button', { name: 'Update Preferences' }));
      expect(await screen.findByText('Preferences updated')).toBeInTheDocument();
      expect(callsTo('PATCH', '/api/organizations/org-1/settings')[1]!.body).toEqual({
        defaultRsvpPolicy: 'required',
        autoApproveInvites: true,
        allowPublicRegistration: false,
        emailFooter: null,
      });

      fail = true;
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByText('Update failed')).toBeInTheDocument();
      expect(await screen.findByText('Nope')).toBeInTheDocument();
    },
  );

  it('puts Seasons and the Organization Admin shortcut in an org admin’s sidebar', async () => {
    setViewportWidth(DESKTOP_VIEWPORT_WIDTH);
    consoleFetch();
    renderApp('/org-admin');
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    expect(within(sidebar).getByRole('link', { name: 'Seasons' })).toHaveAttribute('href', '/seasons');
    expect(within(sidebar).getByTitle('Organization Admin')).toHaveAttribute('aria-current', 'page');
  });
});
