import { screen, waitFor, within } from '@testing-library/react';
import type { LiveMatchSummary } from '@sideline/domain';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderApp, sampleUser } from '../../../test/utils.tsx';
import { portalFetch, stats } from '../../admin/__tests__/admin-fixtures.ts';
import { makeOrganization } from '../../orgs/__tests__/org-fixtures.ts';

const live = (n: number): LiveMatchSummary => ({
  id: `live-${n}`,
  teamA: `Lions ${n}`,
  teamB: 'Eastside FC',
  scoreA: n,
  scoreB: 1,
  startTime: new Date(Date.now() - 40 * 60_000).toISOString(),
  startedAt: new Date(Date.now() - 33.5 * 60_000).toISOString(),
  minute: 34,
  location: null,
  sport: 'Soccer',
});

describe('"Live now" for admins (mocked fetch)', () => {
  it('the admin dashboard counts the matches in progress and lists them first, each opening its match page', async () => {
    portalFetch({
      'GET /api/admin/stats': { status: 200, body: { ...stats, liveNow: 6, liveMatches: [1, 2].map(live) } },
    });
    renderApp('/admin');
    const region = await screen.findByRole('region', { name: 'Live now' });
    await waitFor(() => expect(within(region).getByTestId('live-now-count')).toHaveTextContent('6'));
    const links = within(within(region).getByRole('list', { name: 'Matches in progress' })).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/matches/live-1', '/matches/live-2']);
    expect(links[0]).toHaveTextContent(/Live\s*34'.*Lions 1\s*1\s*Eastside FC\s*1/);
    expect(within(region).getByRole('link', { name: '4 more in progress' })).toHaveAttribute('href', '/admin/matches');
    // Before the other figures and lists.
    const regionTop = region.compareDocumentPosition(screen.getByRole('list', { name: 'Upcoming matches' }));
    expect(regionTop & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says when nothing is in progress', async () => {
    portalFetch();
    renderApp('/admin');
    const region = await screen.findByRole('region', { name: 'Live now' });
    expect(await within(region).findByText('No match in progress.')).toBeInTheDocument();
    expect(within(region).getByTestId('live-now-count')).toHaveTextContent('0');
  });

  it("the org console's overview shows the count and the live matches first", async () => {
    mockFetch({
      'GET /api/user': { status: 200, body: { ...sampleUser, role: 'org_admin' } },
      'GET /api/teams': { status: 200, body: [] },
      'GET /api/organizations': { status: 200, body: [makeOrganization()] },
      'GET /api/organizations/org-1/stats': {
        status: 200,
        body: {
          totalTeams: 4,
          totalMembers: 31,
          totalEvents: 12,
          totalMessages: 57,
          liveNow: 1,
          liveMatches: [live(2)],
        },
      },
      'GET /api/organizations/org-1/teams': { status: 200, body: [] },
      'GET /api/organizations/org-1/activity': { status: 200, body: [] },
    });
    renderApp('/org-admin');
    const region = await screen.findByRole('region', { name: 'Live now' });
    expect(await within(region).findByRole('link', { name: /Lions 2/ })).toHaveAttribute('href', '/matches/live-2');
    expect(within(region).getByTestId('live-now-count')).toHaveTextContent('1');
  });
});
