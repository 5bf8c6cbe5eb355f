import { screen, waitFor, within } from '@testing-library/react';
import type { Invitation, IssuedInvitation, Player, TeamMember } from '@sideline/domain';
import { describe, expect, it } from 'vitest';
import { makeMember, makeTeam } from '../../../test/fixtures.ts';
import { mockFetch, renderApp, sampleUser } from '../../../test/utils.tsx';

const team = makeTeam({ memberCount: 6 });
const members = [
  makeMember(),
  makeMember({ userId: 'u-2', name: 'Ava Player', role: 'player', assignedRole: 'player', canManage: false }),
  makeMember({ userId: 'u-3', name: 'Ben Player', role: 'player', assignedRole: 'player', canManage: false }),
  makeMember({ userId: 'u-4', name: 'Pat Parent', role: 'parent', assignedRole: 'parent', canManage: false }),
  makeMember({ userId: 'u-5', name: 'Sam Assistant', role: 'coach', assignedRole: 'other', canManage: false }),
  makeMember({ userId: 'u-6', name: 'Olive Admin', role: 'org_admin', assignedRole: 'other', canManage: false }),
];

function player(overrides: Partial<Player> & Pick<Player, 'id' | 'name' | 'linkStatus'>): Player {
  return {
    teamId: 'team-1',
    jerseyNumber: null,
    xp: 0,
    dulars: 0,
    addedAt: '2026-03-15T10:00:00.000Z',
    guardians: [],
    account: null,
    adult: false,
    ...overrides,
  };
}
const players: Player[] = [
  player({
    id: 'p-1',
    name: 'Mia Linked',
    jerseyNumber: '7',
    linkStatus: 'linked',
    guardians: [{ userId: 'u-4', name: 'Pat Parent', avatarUrl: null, linkedAt: '2026-03-16T10:00:00.000Z' }],
    // Her own account: its rewards from play show on the roster her parent sees.
    account: { userId: 'u-9', name: 'Mia Linked', avatarUrl: null, linkedAt: '2026-03-16T10:00:00.000Z' },
    xp: 40,
    dulars: 20,
  }),
  player({ id: 'p-2', name: 'Pia Pending', linkStatus: 'pending' }),
  player({ id: 'p-3', name: 'Wes Waiting', linkStatus: 'unlinked' }),
  // A used invitation and no parent: in none of the three lists.
  player({ id: 'p-4', name: 'Uma Unlisted', linkStatus: 'unlisted' }),
];

function invitation(overrides: Partial<Invitation> & Pick<Invitation, 'id'>): Invitation {
  return {
    teamId: 'team-1',
    playerId: null,
    playerName: null,
    inviteType: 'parent',
    inviteeName: 'Dana Parent',
    inviteeEmail: 'dana@example.com',
    ageGroup: null,
    specialization: null,
    createdAt: '2026-03-15T10:00:00.000Z',
    expiresAt: '2026-03-22T10:00:00.000Z',
    usedAt: null,
    revokedAt: null,
    status: 'pending',
    ...overrides,
  };
}
const invitations: Invitation[] = [
  invitation({ id: 'i-2', playerId: 'p-2', playerName: 'Pia Pending' }),
  invitation({
    id: 'i-c',
    inviteType: 'coach',
    inviteeName: 'Kim Coach',
    inviteeEmail: 'kim@example.com',
    specialization: 'Goalkeepers',
    status: 'expired',
  }),
];
const issued = (i: Invitation, token = 'T'.repeat(43)): IssuedInvitation => ({
  ...i,
  url: `http://localhost:3000/invite?token=${token}`,
});

function teamFetch(user = sampleUser, teamBody = team, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/user': { status: 200, body: user },
    'GET /api/teams/team-1': { status: 200, body: teamBody },
    'GET /api/teams/team-1/members': { status: 200, body: members },
    'GET /api/teams/team-1/players': { status: 200, body: players },
    'GET /api/teams/team-1/invitations': { status: 200, body: invitations },
    ...extra,
  });
}

const asParent = () =>
  teamFetch(
    { ...sampleUser, id: 'u-4', role: 'parent' },
    { ...team, myAssignedRole: 'parent' },
    {
      'GET /api/teams/team-1/invitations': {
        status: 403,
        body: { message: 'Managers only', code: 'TEAM_MANAGERS_ONLY' },
      },
    },
  );

/** The page with its roster loaded (generous: the machine may be busy). */
const ready = () => screen.findByText('Mia Linked', undefined, { timeout: 5000 });

function stat(label: string): string | null | undefined {
  // The stat cards are a <dl>: the label is the <dt>, the number its <dd>.
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}
const region = (name: RegExp) => within(screen.getByRole('tabpanel')).getByRole('region', { name });
const rows = (name: RegExp) =>
  within(region(name))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

describe('Team page (mocked fetch)', () => {
  it('shows "Loading team details..." first, then the header with sport, member and player counts', async () => {
    teamFetch();
    renderApp('/team/team-1');
    expect(await screen.findByText('Loading team details...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Riverside Rockets', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Soccer')).toBeInTheDocument();
    expect(screen.getByText('Independent Team')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('team-counts')).toHaveTextContent('6 members · 4 players'));
    expect(screen.getByRole('link', { name: 'Back to Teams' })).toHaveAttribute('href', '/teams');
    expect(screen.getByRole('link', { name: 'Team Chat' })).toHaveAttribute('href', '/chat/team-1');
  });

  it('counts Total Members, Active Players (the roster), Coaches and Parents', async () => {
    teamFetch();
    renderApp('/team/team-1');
    await ready();
    await waitFor(() => expect(stat('Total Members')).toBe('6'));
    expect(stat('Active Players')).toBe('4');
    expect(stat('Coaches')).toBe('2');
    expect(stat('Parents')).toBe('1');
  });

  it('lists players as Linked, Pending Invitations and Unlinked; a player with a used invitation and no parent is in none', async () => {
    teamFetch();
    renderApp('/team/team-1');
    await ready();
    expect(screen.getByRole('tab', { name: 'Players & Parents' })).toHaveAttribute('aria-selected', 'true');
    expect(rows(/Linked Players/)).toEqual([
      // The manager sees the Adult switch in the row.
      expect.stringMatching(/Mia Linked#7Has an accountAdult40 XP · 20 dulars.*Parent: Pat Parent/),
    ]);
    expect(rows(/Unlinked Players/)).not.toEqual([expect.stringMatching(/XP/)]);
    await waitFor(() =>
      expect(rows(/Pending Invitations/)).toEqual([
        expect.stringMatching(/Pia Pending.*Invited Dana Parent \(dana@example.com\).*Pending/),
      ]),
    );
    expect(rows(/Unlinked Players/)).toEqual([expect.stringMatching(/Wes Waiting.*Waiting for a parent/)]);
    expect(screen.queryByText('Uma Unlisted')).not.toBeInTheDocument();
  });

  it('shows coaches with pending coach invitations, and parents with their children under Team Members', async () => {
    teamFetch();
    const { user } = renderApp('/team/team-1');
    await ready();
    await user.click(await screen.findByRole('tab', { name: 'Coaches' }));
    await within(screen.getByRole('tabpanel')).findByText('Kim Coach');
    const coachRows = within(screen.getByRole('tabpanel')).getAllByRole('listitem');
    expect(coachRows.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Jordan Smith'),
      expect.stringContaining('Sam Assistant'),
      expect.stringMatching(/Kim Coach.*Goalkeepers.*Expired/),
    ]);
    expect(within(coachRows[0]!).getByText('Head Coach')).toBeInTheDocument();
    expect(within(coachRows[0]!).getByText('(you)')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Team Members' }));
    expect(rows(/^Parents/)).toEqual([expect.stringMatching(/Pat Parent.*Parent of Mia Linked/)]);
    const others = rows(/Other Members/);
    expect(others).toHaveLength(5);
    expect(others).toEqual(expect.arrayContaining([expect.stringMatching(/Olive Admin.*Organization Admin/)]));
    expect(others.join()).not.toContain('Pat Parent');
  });

  it("shows the join code with a copy button to the team's managers only", async () => {
    teamFetch();
    const { user } = renderApp('/team/team-1');
    await ready();
    expect(await screen.findByTestId('team-code')).toHaveTextContent('ABC234');
    await user.click(screen.getByRole('button', { name: 'Copy code ABC234' }));
    expect(await screen.findByText('Team code copied')).toBeInTheDocument();
  });

  it('shows members who do not manage the team the roster, but no code, no invitations and no management buttons', async () => {
    const { callsTo } = asParent();
    renderApp('/team/team-1');
    await ready();
    expect(screen.queryByTestId('team-code')).not.toBeInTheDocument();
    for (const name of ['Add Player', 'Invite Player', 'Create Event', /Resend/, /Revoke/]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(rows(/Pending Invitations/)).toEqual([expect.stringMatching(/Pia Pending.*A parent has been invited/)]);
    expect(callsTo('GET', '/api/teams/team-1/invitations')).toHaveLength(0);
  });

  it('adds a player with a parent email and shows the invitation link once, with a copy button', async () => {
    const added = player({ id: 'p-9', name: 'Noah New', jerseyNumber: '9', linkStatus: 'pending' });
    const sent = issued(
      invitation({
        id: 'i-9',
        playerId: 'p-9',
        playerName: 'Noah New',
        inviteeName: 'Nia Parent',
        inviteeEmail: 'nia@example.com',
      }),
    );
    const { callsTo } = teamFetch(sampleUser, team, {
      'POST /api/teams/team-1/players': { status: 201, body: { player: added, invitation: sent, emailSent: true } },
    });
    const { user } = renderApp('/team/team-1');
    await ready();
    await user.click(await screen.findByRole('button', { name: 'Add Player' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Player' });
    await user.type(within(dialog).getByLabelText('Player Name'), 'Noah New');
    await user.type(within(dialog).getByLabelText('Jersey Number (optional)'), '9');
    await user.type(within(dialog).getByLabelText('Parent Name'), 'Nia Parent');
    await user.type(within(dialog).getByLabelText('Parent Email'), 'nia@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add Player' }));

    const done = await screen.findByRole('dialog', { name: 'Player added' });
    expect(callsTo('POST', '/api/teams/team-1/players').map((c) => c.body)).toEqual([
      { name: 'Noah New', jerseyNumber: '9', parentName: 'Nia Parent', parentEmail: 'nia@example.com' },
    ]);
    expect(within(done).getByText(/We emailed an invitation to/)).toHaveTextContent('nia@example.com');
    expect(within(done).getByLabelText('Invitation link')).toHaveValue(sent.url);
    await user.click(within(done).getByRole('button', { name: 'Copy invitation link' }));
    expect(await screen.findByText('Invitation link copied')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(sent.url);
  });

  it('checks the add-player form before sending, and says "Failed to add player" when the server refuses', async () => {
    const { callsTo } = teamFetch(sampleUser, team, {
      'POST /api/teams/team-1/players': { status: 500, body: { message: 'Down', code: 'INTERNAL' } },
    });
    const { user } = renderApp('/team/team-1');
    await ready();
    await user.click(await screen.findByRole('button', { name: 'Add Player' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Player' });
    await user.type(within(dialog).getByLabelText('Parent Email'), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Add Player' }));
    expect(await within(dialog).findByText('Player name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Invalid email')).toBeInTheDocument();
    expect(callsTo('POST', '/api/teams/team-1/players')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Parent Email'));
    await user.type(within(dialog).getByLabelText('Player Name'), 'Zed');
    await user.click(within(dialog).getByRole('button', { name: 'Add Player' }));
    expect(await screen.findByText('Failed to add player')).toBeInTheDocument();
    expect(screen.getByText('Please try again')).toBeInTheDocument();
  });

  it('invites a player and a coach, showing each link; a failure says "Failed to send invitation"', async () => {
    const coachSent = issued(
      invitation({ id: 'i-k', inviteType: 'coach', inviteeName: 'Kai Coach', inviteeEmail: 'kai@example.com' }),
      'K'.repeat(43),
    );
    let inviteCalls = 0;
    const { callsTo } = teamFetch(sampleUser, team, {
      'POST /api/teams/team-1/invite': (call) => {
        inviteCalls += 1;
        const body = call.body as { inviteType: string };
        if (body.inviteType === 'player') return { status: 500, body: { message: 'Down', code: 'INTERNAL' } };
        return { status: 201, body: { invitation: coachSent, player: null, emailSent: false } };
      },
    });
    const { user } = renderApp('/team/team-1');
    await ready();
    await user.click(await screen.findByRole('button', { name: 'Invite Player' }));
    let dialog = await screen.findByRole('dialog', { name: 'Invite Player' });
    await user.type(within(dialog).getByLabelText('Player Name'), 'Leo');
    await user.type(within(dialog).getByLabelText('Email'), 'leo@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('Failed to send invitation')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('tab', { name: 'Coaches' }));
    await user.click(screen.getByRole('button', { name: 'Invite Coach' }));
    dialog = await screen.findByRole('dialog', { name: 'Invite Coach' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText('Coach name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Coach Name'), 'Kai Coach');
    await user.type(within(dialog).getByLabelText('Email'), 'kai@example.com');
    await user.type(within(dialog).getByLabelText('Specialization (optional)'), 'Fitness');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    const done = await screen.findByRole('dialog', { name: 'Invitation sent' });
    // The email could not be sent: the link is there to share by hand.
    expect(within(done).getByRole('alert')).toHaveTextContent("We couldn't email kai@example.com");
    expect(within(done).getByLabelText('Invitation link')).toHaveValue(coachSent.url);
    expect(inviteCalls).toBe(2);
    expect(callsTo('POST', '/api/teams/team-1/invite').map((c) => c.body)).toEqual([
      { inviteType: 'player', name: 'Leo', email: 'leo@example.com', jerseyNumber: null, ageGroup: null },
      { inviteType: 'coach', name: 'Kai Coach', email: 'kai@example.com', specialization: 'Fitness' },
    ]);
  });

  it('resends an invitation (showing the new link) and revokes one', async () => {
    const resent = issued({ ...invitations[0]!, expiresAt: '2026-03-30T10:00:00.000Z' }, 'R'.repeat(43));
    const { callsTo } = teamFetch(sampleUser, team, {
      'POST /api/teams/team-1/invitations/i-2/resend': {
        status: 200,
        body: { invitation: resent, player: null, emailSent: true },
      },
      'DELETE /api/teams/team-1/invitations/i-c': { status: 200, body: { ...invitations[1]!, status: 'revoked' } },
    });
    const { user } = renderApp('/team/team-1');
    await ready();
    await user.click(await screen.findByRole('button', { name: 'Resend invitation to Dana Parent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invitation sent again' });
    expect(within(dialog).getByLabelText('Invitation link')).toHaveValue(resent.url);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    await user.click(screen.getByRole('tab', { name: 'Coaches' }));
    await user.click(await screen.findByRole('button', { name: 'Revoke invitation to Kim Coach' }));
    expect(await screen.findByText('Invitation revoked')).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/teams/team-1/invitations/i-c')).toHaveLength(1);
    expect(callsTo('POST', '/api/teams/team-1/invitations/i-2/resend')).toHaveLength(1);
  });

  it('creates an event with the §5 rules: required fields, weekly days, occurrences; a failure is told', async () => {
    let fail = false;
    const { callsTo } = teamFetch(sampleUser, team, {
      'POST /api/teams/team-1/events': () =>
        fail ? { status: 500, body: { message: 'Down', code: 'INTERNAL' } } : { status: 201, body: {} },
    });
    const { user } = renderApp('/team/team-1');
    await ready();
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Event' });
    const submit = () => user.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    expect(within(dialog).getByLabelText('Date')).toHaveAttribute('min', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));

    await submit();
    expect(await screen.findByText('Please fill in required fields')).toBeInTheDocument();
    expect(screen.getByText('Title, date, and time are required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Title'), 'Practice');
    await user.type(within(dialog).getByLabelText('Date'), '2099-06-02');
    await user.type(within(dialog).getByLabelText('Time'), '17:30');
    await user.click(within(dialog).getByLabelText('Recurring event'));
    await submit();
    expect(await screen.findByText('Please select days for weekly recurring events')).toBeInTheDocument();
    expect(screen.getByText('At least one day must be selected')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Tuesday' }));
    const count = within(dialog).getByLabelText('Occurrences');
    expect(count).toHaveValue(10);
    expect(count).toHaveAttribute('max', '52');
    await user.clear(count);
    await user.type(count, '0');
    await submit();
    expect(await screen.findByText('Please specify the number of occurrences')).toBeInTheDocument();
    expect(screen.getByText('Count must be a positive number')).toBeInTheDocument();

    await user.click(within(dialog).getByLabelText('On a date'));
    await submit();
    expect(await screen.findByText('Please specify an end date for recurring events')).toBeInTheDocument();
    expect(screen.getByText('End date is required')).toBeInTheDocument();
    expect(callsTo('POST', '/api/teams/team-1/events')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('End date'), '2099-07-01');
    fail = true;
    await submit();
    expect(await screen.findByText('Failed to create event')).toBeInTheDocument();
    fail = false;
    await submit();
    expect(await screen.findByText('Event created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Event' })).not.toBeInTheDocument());
    const sent = callsTo('POST', '/api/teams/team-1/events').map((c) => c.body);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({
      title: 'Practice',
      date: new Date('2099-06-02T17:30').toISOString(),
      isRecurring: true,
      recurringType: 'weekly',
      recurringInterval: 1,
      recurringEndDate: new Date('2099-07-01T23:59:59').toISOString(),
      recurringEndCount: null,
    });
  });

  it("keeps the managers' 'Make coach' and 'Remove coach' on the roster (never on the creator)", async () => {
    let roster = members;
    const setRole = (userId: string, assignedRole: TeamMember['assignedRole']) => {
      roster = roster.map((m) =>
        m.userId === userId ? { ...m, assignedRole, canManage: assignedRole === 'coach' } : m,
      );
      return { status: 200, body: roster.find((m) => m.userId === userId) };
    };
    const { callsTo } = teamFetch(sampleUser, team, {
      'GET /api/teams/team-1/members': () => ({ status: 200, body: roster }),
      'PUT /api/teams/team-1/members/u-5/role': (call) =>
        setRole('u-5', (call.body as { assignedRole: TeamMember['assignedRole'] }).assignedRole),
      'PUT /api/teams/team-1/members/u-4/role': {
        status: 403,
        body: { message: "Only the team's managers can change roles", code: 'TEAM_MANAGERS_ONLY' },
      },
    });
    const { user } = renderApp('/team/team-1');
    await ready();
    await user.click(await screen.findByRole('tab', { name: 'Coaches' }));
    const panel = screen.getByRole('tabpanel');
    await within(panel).findByText('Sam Assistant');
    expect(within(panel).queryByRole('button', { name: /Jordan Smith/ })).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Make coach: Sam Assistant' }));
    expect(await within(panel).findByRole('button', { name: 'Remove coach: Sam Assistant' })).toBeInTheDocument();
    expect(within(panel).getByText('Team Coach')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Remove coach: Sam Assistant' }));
    expect(await within(panel).findByRole('button', { name: 'Make coach: Sam Assistant' })).toBeInTheDocument();
    expect(callsTo('PUT', '/api/teams/team-1/members/u-5/role').map((c) => c.body)).toEqual([
      { assignedRole: 'coach' },
      { assignedRole: 'other' },
    ]);

    await user.click(screen.getByRole('tab', { name: 'Team Members' }));
    await user.click(screen.getByRole('button', { name: 'Make coach: Pat Parent' }));
    expect(await screen.findByText("Couldn't change the role")).toBeInTheDocument();
    expect(screen.getByText("Only the team's managers can change roles")).toBeInTheDocument();
  });

  it('lets a manager mark a player as an adult (who then answers their own consents); members see no switch', async () => {
    let roster = players;
    const { callsTo } = teamFetch(sampleUser, team, {
      'GET /api/teams/team-1/players': () => ({ status: 200, body: roster }),
      'PATCH /api/teams/team-1/players/p-1': (call) => {
        roster = roster.map((p) => (p.id === 'p-1' ? { ...p, adult: (call.body as { adult: boolean }).adult } : p));
        return { status: 200, body: roster.find((p) => p.id === 'p-1') };
      },
    });
    const { user } = renderApp('/team/team-1');
    await ready();
    const adult = screen.getByRole('checkbox', { name: 'Mia Linked is an adult (answers their own consents)' });
    expect(adult).not.toBeChecked();
    await user.click(adult);
    await waitFor(() => expect(adult).toBeChecked());
    expect(callsTo('PATCH', '/api/teams/team-1/players/p-1').map((c) => c.body)).toEqual([{ adult: true }]);
  });

  it('shows a member who does not manage no adult switch', async () => {
    asParent();
    renderApp('/team/team-1');
    await ready();
    expect(screen.queryByRole('checkbox', { name: /is an adult/ })).not.toBeInTheDocument();
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

  it('sends a signed-out visitor to /auth', async () => {
    mockFetch({ 'GET /api/user': { status: 401, body: { message: 'Please sign in', code: 'UNAUTHENTICATED' } } });
    const { router } = renderApp('/team/team-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });
});
