import type { User, UserRole } from '@sideline/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { builtScreens, type BuiltScreens } from '../../../config/paths.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { mockFetch, renderApp, sampleUser } from '../../../test/utils.tsx';
import { DESKTOP_VIEWPORT_WIDTH, setViewportWidth } from '../../../test/viewport.ts';
import { TooltipProvider } from '../../ui/tooltip.tsx';
import { BottomNav } from '../bottom-nav.tsx';
import {
  bottomNavEntries,
  isNavEntryActive,
  orgAdminShortcut,
  sidebarEntries,
  sidebarVisibleAt,
} from '../nav-items.ts';
import { Sidebar } from '../sidebar.tsx';

/** The entries whose screens are built today (Events, Media, Matches and Livestream depend on `builtScreens`). */
function builtMain(labels: string[]): string[] {
  const built: Record<string, boolean> = {
    Events: builtScreens.events,
    Media: builtScreens.media,
    Matches: builtScreens.matches,
    Live: builtScreens.livestream,
    Livestream: builtScreens.livestream,
  };
  return labels.filter((l) => built[l] ?? true);
}

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

  it('shows only built screens in the bottom navigation today (the org console is built)', () => {
    for (const role of ['parent', 'player'] as const) {
      expect(labels(bottomNavEntries(role))).toEqual(builtMain(['Home', 'Teams', 'Chat', 'Events', 'Media']));
    }
    expect(labels(bottomNavEntries('coach'))).toEqual(builtMain(['Home', 'Teams', 'Chat', 'Events', 'Media', 'Live']));
    expect(labels(bottomNavEntries('org_admin'))).toEqual(
      builtMain(['Home', 'Teams', 'Chat', 'Events', 'Media', 'Live', 'Admin']),
    );
  });

  it('adds Live for coach and org_admin, and Admin for org_admin, once those screens exist', () => {
    expect(labels(bottomNavEntries('parent', allBuilt))).toEqual(['Home', 'Teams', 'Chat', 'Events', 'Media']);
    expect(labels(bottomNavEntries('player', allBuilt))).toEqual(['Home', 'Teams', 'Chat', 'Events', 'Media']);
    expect(labels(bottomNavEntries('coach', allBuilt))).toEqual(['Home', 'Teams', 'Chat', 'Events', 'Media', 'Live']);
    expect(labels(bottomNavEntries('org_admin', allBuilt))).toEqual([
      'Home',
      'Teams',
      'Chat',
      'Events',
      'Media',
      'Live',
      'Admin',
    ]);
    expect(bottomNavEntries('org_admin', allBuilt).find((e) => e.label === 'Admin')?.to).toBe('/org-admin');
  });

  it('gives the sidebar Matches and Livestream for coach and org_admin, Seasons and the org shortcut for org_admin', () => {
    expect(labels(sidebarEntries('coach'))).toEqual(
      builtMain(['Dashboard', 'Teams', 'Chat', 'Events', 'Media', 'Matches', 'Livestream']),
    );
    expect(labels(sidebarEntries('parent'))).toEqual(builtMain(['Dashboard', 'Teams', 'Chat', 'Events', 'Media']));
    expect(labels(sidebarEntries('parent', allBuilt))).toEqual(['Dashboard', 'Teams', 'Chat', 'Events', 'Media']);
    expect(labels(sidebarEntries('coach', allBuilt))).toEqual([
      'Dashboard',
      'Teams',
      'Chat',
      'Events',
      'Media',
      'Matches',
      'Livestream',
    ]);
    expect(labels(sidebarEntries('org_admin', allBuilt))).toEqual([
      'Dashboard',
      'Teams',
      'Chat',
      'Events',
      'Media',
      'Matches',
      'Livestream',
      'Seasons',
      'Admin Portal',
    ]);
    expect(orgAdminShortcut('org_admin', allBuilt)).toMatchObject({ label: 'Organization Admin', to: '/org-admin' });
    expect(orgAdminShortcut('coach', allBuilt)).toBeNull();
    // Seasons and the console are built: an org admin has both today.
    expect(orgAdminShortcut('org_admin')).toMatchObject({ to: '/org-admin' });
    expect(labels(sidebarEntries('org_admin'))).toContain('Seasons');
    expect(labels(sidebarEntries('coach'))).not.toContain('Seasons');
    // The admin portal is built: org admins reach /admin from the sidebar, nobody else sees it.
    expect(sidebarEntries('org_admin').find((e) => e.label === 'Admin Portal')?.to).toBe('/admin');
    for (const role of ['coach', 'parent', 'player'] as const) {
      expect(labels(sidebarEntries(role, allBuilt))).not.toContain('Admin Portal');
    }
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
  it('renders Live and Admin links for an org admin when built, with the active entry marked', () => {
    renderNav(<BottomNav user={asRole('org_admin')} pathname="/livestream" built={allBuilt} />);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Live' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/org-admin');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('button', { name: 'Profile menu' })).toBeInTheDocument();
  });

  it('renders no Live or Admin link for a parent even when built', () => {
    renderNav(<BottomNav user={asRole('parent')} pathname="/" built={allBuilt} />);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'Live' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it("renders the sidebar's Organization Admin shortcut and Seasons for an org admin when built", () => {
    renderNav(<Sidebar user={asRole('org_admin')} pathname="/seasons/s-1/teams" built={allBuilt} />);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Seasons' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Organization Admin' })).toHaveAttribute(
      'title',
      'Organization Admin',
    );
    expect(within(nav).getByRole('link', { name: 'Matches' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Admin Portal' })).toHaveAttribute('href', '/admin');
  });
});

describe('the app shell (mocked fetch)', () => {
  const signedIn = (role: UserRole = 'coach') => ({
    'GET /api/user': { status: 200, body: asRole(role) },
    'GET /api/teams': { status: 200, body: [] },
  });

  it('shows the bottom navigation on small screens: Home, Teams, Chat, the built screens and the Profile menu, no sidebar', async () => {
    mockFetch(signedIn());
    renderApp('/teams');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(builtMain(['Home', 'Teams', 'Chat', 'Events', 'Media', 'Live']));
    expect(within(nav).getByRole('link', { name: 'Teams' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('button', { name: 'Profile menu' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
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
    ).toEqual(builtMain(['Dashboard', 'Teams', 'Chat', 'Events', 'Media', 'Matches', 'Livestream']));
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
