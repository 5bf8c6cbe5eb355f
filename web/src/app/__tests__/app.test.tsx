import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authKeys } from '../../features/auth/api.ts';
import { teamKeys } from '../../features/teams/api.ts';
import { makeTeam } from '../../test/fixtures.ts';
import { mockFetch, renderApp, sampleUser } from '../../test/utils.tsx';

const signedIn = {
  'GET /api/user': { status: 200, body: sampleUser },
  'GET /api/teams': { status: 200, body: [] },
};

describe('routing and the app shell (mocked fetch)', () => {
  it('shows a centred spinner while the current user loads, then the home page', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    mockFetch({ 'GET /api/user': { status: 200, body: sampleUser, delay: gate } });
    renderApp('/');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: /Jordan Smith/, level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('sends a visitor who is not signed in (401) to /auth', async () => {
    mockFetch({ 'GET /api/user': { status: 401, body: { message: 'Not signed in', code: 'UNAUTHENTICATED' } } });
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByRole('heading', { name: 'Join Sideline' })).toBeInTheDocument();
  });

  it('says which page was not found and offers Home and Back (Back goes Home without history)', async () => {
    mockFetch(signedIn);
    const { user, router } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('/no/such/page')).toBeInTheDocument();
    expect(screen.queryByText(/router/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('greets the user on the home page with their XP', async () => {
    mockFetch(signedIn);
    renderApp('/');
    expect(await screen.findByRole('heading', { name: /Jordan Smith/, level: 1 })).toHaveTextContent(
      'Welcome back, Jordan Smith',
    );
    expect(screen.getByText('120 XP')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Start your first team' })).toBeInTheDocument();
  });

  it('shows initials, name, email and role badge in the profile menu, and its Settings item', async () => {
    mockFetch(signedIn);
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Profile menu' }));
    const menu = await screen.findByRole('menu');
    expect(menu.querySelectorAll('[data-initials="JS"]').length).toBeGreaterThan(0);
    expect(within(menu).getByText('Jordan Smith')).toBeInTheDocument();
    expect(within(menu).getByText('jordan@example.com')).toBeInTheDocument();
    expect(within(menu).getByText('Coach')).toHaveClass('bg-blue-50');
    expect(within(menu).getByRole('menuitem', { name: 'View Profile' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Badges & Rewards' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toBeInTheDocument();
  });

  it('opens the View Profile dialog with email, role, member-since date and counters', async () => {
    const badge = (id: string, earnedAt: string | null) => ({ id, name: id, description: id, earnedAt });
    mockFetch({
      ...signedIn,
      'GET /api/rewards/me': {
        status: 200,
        body: {
          xp: 120,
          dulars: 35,
          streak: 4,
          badges: [badge('a', '2026-03-15T10:00:00.000Z'), badge('b', '2026-03-16T10:00:00.000Z'), badge('c', null)],
          history: [],
          nextCursor: null,
        },
      },
    });
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Profile menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'View Profile' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('jordan@example.com')).toBeInTheDocument();
    expect(within(dialog).getByText('Coach')).toBeInTheDocument();
    expect(within(dialog).getByText('March 14, 2026')).toBeInTheDocument();
    for (const [label, value] of [
      ['XP Points', '120'],
      ['Dulars', '35'],
      ['Day Streak', '4'],
      ['Badges', '2'],
    ] as const) {
      const tile = within(dialog).getByText(label).closest('li') as HTMLElement;
      await waitFor(() => expect(tile).toHaveTextContent(value));
    }
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('logs out: POST /api/logout, clears the cache, toasts Goodbye and goes to /auth', async () => {
    const { callsTo } = mockFetch({
      ...signedIn,
      'POST /api/logout': { status: 204 },
    });
    const { user, router, queryClient } = renderApp('/');
    queryClient.setQueryData(teamKeys.all, [makeTeam()]);
    await user.click(await screen.findByRole('button', { name: 'Profile menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(callsTo('POST', '/api/logout')).toHaveLength(1);
    expect(await screen.findByText('Goodbye!')).toBeInTheDocument();
    expect(screen.getByText("You've been logged out successfully.")).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Join Sideline' })).toBeInTheDocument();
    expect(queryClient.getQueryData(teamKeys.all)).toBeUndefined();
    expect(queryClient.getQueryData(authKeys.user)).toBeNull();
  });

  it('shows a destructive "Logout failed" toast when logging out fails', async () => {
    mockFetch({
      ...signedIn,
      'POST /api/logout': { status: 500, body: { message: 'Something broke', code: 'INTERNAL' } },
    });
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Profile menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    const title = await screen.findByText('Logout failed');
    expect(title.closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows only one toast at a time, in a viewport reachable with F8', async () => {
    const { toast } = await import('../../components/ui/use-toast.ts');
    mockFetch(signedIn);
    renderApp('/');
    await screen.findByRole('heading', { name: /Jordan Smith/, level: 1 });
    toast({ title: 'First' });
    toast({ title: 'Second' });
    expect(await screen.findByText('Second')).toBeInTheDocument();
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: /F8/ })).toBeInTheDocument();
  });
});
