import { screen, waitFor, within } from '@testing-library/react';
import type { AcceptInviteResponse, InviteLookup, PlayerConsents } from '@sideline/domain';
import { describe, expect, it } from 'vitest';
import { makeTeam } from '../../../test/fixtures.ts';
import { mockFetch, renderApp, sampleUser } from '../../../test/utils.tsx';

const token = 'a'.repeat(43);
const signedOut = { status: 401, body: { message: 'Not signed in', code: 'UNAUTHENTICATED' } };
const invite: InviteLookup = {
  id: 'i-1',
  inviteType: 'parent',
  parentEmail: 'dana@example.com',
  parentName: 'Dana Parent',
  team: { id: 'team-1', name: 'Tigers', sport: 'Soccer' },
  player: { id: 'p-1', name: 'Mia' },
  expiresAt: '2099-01-01T00:00:00.000Z',
};
const dana = { ...sampleUser, id: 'u-9', name: 'Dana Parent', email: 'dana@example.com', role: 'parent' as const };
const accepted: AcceptInviteResponse = {
  team: makeTeam({ id: 'team-1', name: 'Tigers', myAssignedRole: 'parent', creatorId: 'u-1' }),
  assignedRole: 'parent',
  player: { id: 'p-1', name: 'Mia' },
};
const unknownConsent = {
  state: 'unknown' as const,
  by: null,
  at: null,
  textVersion: null,
  outdated: false,
  effective: false,
};
const miaConsents: PlayerConsents = {
  playerId: 'p-1',
  photos: unknownConsent,
  livestream: unknownConsent,
  public: unknownConsent,
  wording: { text: 'I agree…', version: 1 },
  canAnswer: true,
  history: [],
};
const invitePath = `/invite?token=${token}`;
const lookup = `GET /api/invite/${token}`;
const accept = `POST /api/invite/${token}/accept`;

describe('/invite (mocked fetch)', () => {
  it('sends a signed-out visitor to sign-up pre-filled from the invitation, and back here after signing up', async () => {
    const { callsTo } = mockFetch({
      'GET /api/user': signedOut,
      [lookup]: { status: 200, body: invite },
      'POST /api/register': { status: 201, body: dana },
      [accept]: { status: 200, body: accepted },
      'GET /api/teams/team-1/players/p-1/consents': { status: 200, body: miaConsents },
    });
    const { user, router } = renderApp(invitePath);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      email: 'dana@example.com',
      name: 'Dana Parent',
      role: 'parent',
      token,
      teamName: 'Tigers',
      playerName: 'Mia',
    });
    expect(await screen.findByText("You've been invited to join Tigers as the parent of Mia")).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Full Name')).toHaveValue('Dana Parent');
    expect(screen.getByLabelText('Email')).toHaveValue('dana@example.com');
    expect(screen.getByRole('button', { name: /Parent/ })).toHaveAttribute('aria-pressed', 'true');

    await user.type(screen.getByLabelText('Password'), 'a long secret phrase');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(callsTo('POST', '/api/register')[0]!.body).toMatchObject({ name: 'Dana Parent', role: 'parent' });

    // The auth screen comes back to /invite with the token, now signed in.
    const card = await screen.findByRole('heading', { name: 'Team Invitation' }, { timeout: 4000 });
    expect(router.state.location.pathname).toBe('/invite');
    expect(card.parentElement).toHaveTextContent("You've been invited to join Tigers as the parent of Mia.");
    await user.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    // Linked to Mia: her consents are asked before going on.
    const consent = await screen.findByRole('region', { name: 'Consent for Mia' });
    expect(await within(consent).findByRole('switch', { name: 'Team photos and videos' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to Tigers' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('?team=team-1');
    expect(await screen.findByText('Welcome to Tigers!')).toBeInTheDocument();
    expect(screen.getByText("You're connected to Mia and their team.")).toBeInTheDocument();
    expect(callsTo('POST', `/api/invite/${token}/accept`)).toHaveLength(1);
    // Sign-up waits a second for its toast to be read, and typing is slow on a busy machine.
  }, 20_000);

  it('signs a coach invitation up as a coach', async () => {
    mockFetch({
      'GET /api/user': signedOut,
      [lookup]: { status: 200, body: { ...invite, inviteType: 'coach', player: null, parentName: 'Kai Coach' } },
    });
    const { router } = renderApp(invitePath);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    const params = new URLSearchParams(router.state.location.search);
    expect([params.get('role'), params.get('name'), params.get('playerName')]).toEqual(['coach', 'Kai Coach', '']);
  });

  it('shows a signed-in user the Team Invitation card; Maybe Later goes home without accepting', async () => {
    const { callsTo } = mockFetch({
      'GET /api/user': { status: 200, body: dana },
      [lookup]: { status: 200, body: invite },
    });
    const { user, router } = renderApp(invitePath);
    expect(await screen.findByRole('heading', { name: 'Team Invitation' })).toBeInTheDocument();
    expect(screen.getByText(/Signed in as Dana Parent/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Maybe Later' }));
    expect(router.state.location.pathname).toBe('/');
    expect(callsTo('POST', `/api/invite/${token}/accept`)).toHaveLength(0);
  });

  it('says "Failed to accept invitation" with the server’s message when accepting is refused', async () => {
    mockFetch({
      'GET /api/user': { status: 200, body: dana },
      [lookup]: { status: 200, body: invite },
      [accept]: { status: 410, body: { code: 'INVITATION_USED', message: 'This invitation has already been used.' } },
    });
    const { user, router } = renderApp(invitePath);
    await user.click(await screen.findByRole('button', { name: 'Accept Invitation' }));
    expect(await screen.findByText('Failed to accept invitation')).toBeInTheDocument();
    expect(screen.getByText('This invitation has already been used.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/invite');
  });

  it('tells an account with another email that the invitation is not theirs, and signs out to switch', async () => {
    const robin = { ...dana, id: 'u-7', name: 'Robin Other', email: 'robin@example.com' };
    const message = 'This invitation was sent to d•••@example.com. Sign in with that email address to accept it.';
    const { callsTo } = mockFetch({
      'GET /api/user': { status: 200, body: robin },
      [lookup]: { status: 200, body: invite },
      [accept]: { status: 403, body: { code: 'INVITATION_FOR_ANOTHER_EMAIL', message } },
      'POST /api/logout': { status: 204 },
    });
    const { user, router } = renderApp(invitePath);
    await user.click(await screen.findByRole('button', { name: 'Accept Invitation' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This invitation is for someone else');
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveTextContent('You are signed in as Robin Other (robin@example.com).');
    expect(screen.queryByRole('button', { name: 'Accept Invitation' })).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Sign out and switch account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(callsTo('POST', '/api/logout')).toHaveLength(1);
    expect(new URLSearchParams(router.state.location.search).get('email')).toBe('dana@example.com');
    expect(new URLSearchParams(router.state.location.search).get('token')).toBe(token);
  });

  it.each([
    [410, 'INVITATION_EXPIRED', 'This invitation has expired. Ask the coach to send a new one.'],
    [404, 'INVITATION_NOT_FOUND', 'This invitation link is not valid'],
  ])(
    'shows Invalid Invitation for a %s link, with Go to Dashboard, signed in or not',
    async (status, code, message) => {
      for (const userResponse of [signedOut, { status: 200, body: dana }]) {
        mockFetch({ 'GET /api/user': userResponse, [lookup]: { status, body: { code, message } } });
        const { user, router, unmount } = renderApp(invitePath);
        const heading = await screen.findByRole('heading', { name: 'Invalid Invitation' });
        expect(within(heading.parentElement!).getByText(message)).toBeInTheDocument();
        await user.click(screen.getByRole('link', { name: 'Go to Dashboard' }));
        await waitFor(() => expect(router.state.location.pathname).not.toBe('/invite'));
        unmount();
      }
    },
  );

  it('shows Invalid Invitation for a link without a token', async () => {
    const { callsTo } = mockFetch({ 'GET /api/user': signedOut });
    renderApp('/invite');
    expect(await screen.findByRole('heading', { name: 'Invalid Invitation' })).toBeInTheDocument();
    expect(callsTo('GET', '/api/invite/')).toHaveLength(0);
  });
});
