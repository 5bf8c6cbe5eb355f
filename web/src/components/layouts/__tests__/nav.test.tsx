import type { User, UserRole } from '@sideline/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { builtScreens, type BuiltScreens } from '../../../config/paths.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { makeTeam } from '../../../test/fixtures.ts';
import { mockFetch, renderApp, sampleUser } from '../../../test/utils.tsx';
import { DESKTOP_VIEWPORT_WIDTH, setViewportWidth } from '../../../test/viewport.ts';
import { TooltipProvider } from '../../ui/tooltip.tsx';
import { BottomNav } from '../bottom-nav.tsx';
import {
  activeBottomEntry,
  bottomNavEntries,
  isNavEntryActive,
  moreSections,
  orgAdminShortcut,
  sidebarEntries,
  sidebarVisibleAt,
} from '../nav-items.ts';
import { Sidebar } from '../sidebar.tsx';

const allBuilt = Object.fromEntries(Object.keys(builtScreens).map((key) => [key, true])) as BuiltScreens;
const labels = (entries: ReadonlyArray<{ label: string }>) => entries.map((e) => e.label);

function asRole(role: UserRole): User {
  return { ...sampleUser, role };
}

function renderNav(ui: ReactElement) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <TooltipProvider>
        <MemoryRouter>{ui}</MemoryRouter>
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

describe('navigation rules', () => {
  it('marks an entry active when the path equals it or continues with a slash', () => {
    expect(isNavEntryActive('/', '/')).toBe(true);
    expect(isNavEntryActive('/teams', '/')).toBe(false);
    expect(isNavEntryActive('/teams', '/teams')).toBe(true);
    expect(isNavEntryActive('/teams/abc', '/teams')).toBe(true);
    expect(isNavEntryActive('/teamsx', '/teams')).toBe(false);
    expect(isNavEntryActive('/team/abc', '/teams')).toBe(false);
    expect(isNavEntryActive('/chat/team-1', '/chat')).toBe(true);
  });

  it('gives every role the same five bottom entries: Home, Schedule, Chat, Games, More', () => {
    for (const role of ['parent', 'player', 'coach', 'org_admin'] as const) {
      const entries = bottomNavEntries(role);
      expect(labels(entries)).toEqual(['Home', 'Schedule', 'Chat', 'Games', 'More']);
      expect(entries.map((e) => e.to)).toEqual(['/', '/events', '/chat', '/matches', '/more']);
    }
    // An unbuilt screen loses its entry; there are never more than five.
    expect(labels(bottomNavEntries('parent', { ...allBuilt, matches: false }))).toEqual([
      'Home',
      'Schedule',
      'Chat',
      'More',
    ]);
  });

  it('marks the entry a screen is reached through: Games for a livestream, More for teams and admin pages', () => {
    const entries = bottomNavEntries('org_admin');
    const active = (pathname: string) => activeBottomEntry(entries, pathname)?.label ?? null;
    expect(active('/')).toBe('Home');
    expect(active('/events/t-1')).toBe('Schedule');
    expect(active('/chat/t-1')).toBe('Chat');
    for (const path of ['/matches', '/matches/m-1', '/livestream', '/sports-demo']) expect(active(path)).toBe('Games');
    for (const path of ['/more', '/teams', '/team/t-1', '/media/t-1', '/gamification', '/settings', '/org-admin']) {
      expect(active(path)).toBe('More');
    }
    expect(active('/seasons/s-1/teams')).toBe('More');
    expect(active('/admin/people')).toBe('More');
  });

  it("lists on More what the bottom bar has no room for, the organization's pages for org admins only", () => {
    const sections = (role: UserRole) => moreSections(role).map((s) => [s.title, labels(s.entries)] as const);
    expect(sections('parent')).toEqual([
      ['Teams and media', ['Teams', 'Media', 'Badges & Rewards', 'Livestreams']],
      ['Account', ['Settings', 'Sports & stats guide']],
    ]);
    expect(sections('coach')).toEqual(sections('parent'));
    expect(sections('org_admin')).toEqual([
      ['Teams and media', ['Teams', 'Media', 'Badges & Rewards', 'Livestreams']],
      ['Organization', ['Organization Admin', 'Seasons', 'Admin Portal']],
      ['Account', ['Settings', 'Sports & stats guide']],
    ]);
    expect(moreSections('org_admin')[1]!.entries.map((e) => e.to)).toEqual(['/org-admin', '/seasons', '/admin']);
  });

  it('keeps every screen in the desktop sidebar, Seasons and the portal for org admins only', () => {
    expect(labels(sidebarEntries('parent'))).toEqual([
      'Home',
      'Schedule',
      'Chat',
      'Games',
      'Teams',
      'Media',
      'Livestreams',
    ]);
    expect(labels(sidebarEntries('coach'))).toEqual(labels(sidebarEntries('parent')));
    expect(labels(sidebarEntries('org_admin'))).toEqual([
      'Home',
      'Schedule',
      'Chat',
      'Games',
      'Teams',
      'Media',
      'Livestreams',
      'Seasons',
      'Admin Portal',
    ]);
    expect(sidebarEntries('org_admin').find((e) => e.label === 'Admin Portal')?.to).toBe('/admin');
    expect(orgAdminShortcut('org_admin', allBuilt)).toMatchObject({ label: 'Organization Admin', to: '/org-admin' });
    expect(orgAdminShortcut('coach', allBuilt)).toBeNull();
    expect(labels(sidebarEntries('org_admin', { ...allBuilt, admin: false }))).not.toContain('Admin Portal');
  });

  it('hides the sidebar on the admin portal only', () => {
    expect(sidebarVisibleAt('/')).toBe(true);
    expect(sidebarVisibleAt('/administrators')).toBe(true);
    expect(sidebarVisibleAt('/admin')).toBe(false);
    expect(sidebarVisibleAt('/admin/teams')).toBe(false);
  });
});

describe('BottomNav and Sidebar', () => {
  it('renders the five entries for an org admin, Games current on a livestream', () => {
    renderNav(<BottomNav user={asRole('org_admin')} pathname="/livestream" built={allBuilt} />);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'Schedule', 'Chat', 'Games', 'More']);
    expect(within(nav).getByRole('link', { name: 'Games' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'More' })).toHaveAttribute('href', '/more');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('marks More current for a parent on a team page', () => {
    renderNav(<BottomNav user={asRole('parent')} pathname="/team/t-1" built={allBuilt} />);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'More' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getAllByRole('link')).toHaveLength(5);
  });

  it("renders the sidebar's Organization Admin shortcut and Seasons for an org admin when built", () => {
    renderNav(<Sidebar user={asRole('org_admin')} pathname="/seasons/s-1/teams" built={allBuilt} />);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Seasons' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Organization Admin' })).toHaveAttribute(
      'title',
      'Organization Admin',
    );
    expect(within(nav).getByRole('link', { name: 'Games' })).toHaveAttribute('href', '/matches');
    expect(within(nav).getByRole('link', { name: 'Admin Portal' })).toHaveAttribute('href', '/admin');
  });
});

describe('the app shell (mocked fetch)', () => {
  const signedIn = (role: UserRole = 'coach') => ({
    'GET /api/user': { status: 200, body: asRole(role) },
    'GET /api/teams': { status: 200, body: [] },
  });

  it('shows on small screens the five-entry bottom bar and the Profile menu in the header, no sidebar', async () => {
    mockFetch(signedIn());
    renderApp('/teams');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'Schedule', 'Chat', 'Games', 'More']);
    expect(within(nav).getByRole('link', { name: 'More' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Profile menu' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
  });

  it('reaches every other screen from More on a phone, and /games leads to Games', async () => {
    mockFetch({
      ...signedIn('org_admin'),
      'GET /api/teams': { status: 200, body: [makeTeam({ id: 't-1', name: 'Riverside Lions' })] },
      'GET /api/matches': { status: 200, body: [] },
    });
    const { router } = renderApp('/more');
    const teamPages = await screen.findByRole('region', { name: 'Team pages' });
    expect(within(teamPages).getByRole('link', { name: 'Riverside Lions' })).toHaveAttribute('href', '/team/t-1');
    for (const [name, href] of [
      ['Teams', '/teams'],
      ['Media', '/media'],
      ['Badges & Rewards', '/gamification'],
      ['Livestreams', '/livestream'],
      ['Organization Admin', '/org-admin'],
      ['Seasons', '/seasons'],
      ['Admin Portal', '/admin'],
      ['Settings', '/settings'],
      ['Sports & stats guide', '/sports-demo'],
    ] as const) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeEnabled();
    await act(() => router.navigate('/games?tab=results'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/matches'));
    expect(router.state.location.search).toBe('?tab=results');
  });

  it('shows the sidebar on wide screens: user, role, entries, active Chat on /chat/{id}, Sign Out', async () => {
    setViewportWidth(DESKTOP_VIEWPORT_WIDTH);
    mockFetch(signedIn('coach'));
    renderApp('/chat/team-1');
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    expect(within(sidebar).getByText('Jordan Smith')).toBeInTheDocument();
    expect(within(sidebar).getByText('Coach')).toBeInTheDocument();
    const nav = within(sidebar).getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'Schedule', 'Chat', 'Games', 'Teams', 'Media', 'Livestreams']);
    expect(within(nav).getByRole('link', { name: 'Chat' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).queryByRole('link', { name: 'Seasons' })).not.toBeInTheDocument();
    expect(within(sidebar).getByRole('button', { name: 'Sign Out' })).toBeEnabled();
    expect(screen.queryByText(/Refresh Login/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('navigation')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /^Profile menu/ })).toHaveLength(1);
  });

  it("signs out from the sidebar: the button is disabled while pending, then 'Goodbye!' and /auth", async () => {
    setViewportWidth(DESKTOP_VIEWPORT_WIDTH);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { callsTo } = mockFetch({ ...signedIn(), 'POST /api/logout': { status: 204, delay: gate } });
    const { user, router } = renderApp('/');
    const signOut = await screen.findByRole('button', { name: 'Sign Out' });
    await user.click(signOut);
    await waitFor(() => expect(signOut).toBeDisabled());
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(callsTo('POST', '/api/logout')).toHaveLength(1);
    expect(await screen.findByText('Goodbye!')).toBeInTheDocument();
  });
});
