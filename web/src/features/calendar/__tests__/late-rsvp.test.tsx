import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RsvpLateFrame } from '@sideline/domain';
import { createQueryClient } from '../../../lib/query-client.ts';
import { calendarKeys } from '../api.ts';
import { applyFrame } from '../../../lib/socket/socket-provider.tsx';
import { makeTeam, ownAnswer, unchangedOccurrence } from '../../../test/fixtures.ts';
import { mockFetch, renderApp, sampleUser } from '../../../test/utils.tsx';
import type { TeamEvent } from '../types.ts';

const soon = new Date(Date.now() + 6 * 3_600_000).toISOString();

function practice(overrides: Record<string, unknown> = {}): TeamEvent {
  return {
    id: 'ev-1',
    teamId: 'team-1',
    title: 'Practice',
    description: '',
    date: soon,
    location: '',
    isRecurring: false,
    recurringType: null,
    recurringInterval: null,
    recurringDays: null,
    recurringEndDate: null,
    recurringEndCount: null,
    seriesId: 'ev-1',
    occurrenceDate: soon,
    timeZone: 'UTC',
    rsvps: [
      { id: 'r1', status: 'no', userId: 'p-1', user: { name: 'Mia Chen' }, ...ownAnswer, lateChange: true },
      { id: 'r2', status: 'yes', userId: 'p-2', user: { name: 'Sam Lee' }, ...ownAnswer },
    ],
    ...unchangedOccurrence,
    ...overrides,
  } as unknown as TeamEvent;
}

function setup(event: TeamEvent) {
  return mockFetch({
    'GET /api/user': { status: 200, body: sampleUser },
    'GET /api/teams': { status: 200, body: [makeTeam()] },
    'GET /api/teams/team-1/events': { status: 200, body: [event] },
    'GET /api/teams/team-1/events/upcoming': { status: 200, body: [event] },
    'GET /api/teams/team-1/messages': { status: 200, body: [] },
  });
}

describe('late Not Going flag (RSVP ledger)', () => {
  it("a coach sees the event's late drop-out badge, and who it was in its details", async () => {
    setup(practice({ lateNotGoing: 1 }));
    const { user } = renderApp('/events/team-1');
    const card = await screen.findByRole('article', { name: 'Practice' });
    expect(within(card).getByTestId('late-rsvp-badge')).toHaveTextContent('1 late drop-out');
    await user.click(within(card).getByRole('button', { name: /Practice/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Practice' });
    expect(within(dialog).getByTestId('late-rsvp-note')).toHaveTextContent(
      '1 late drop-out within 24 hours of the start: Mia Chen',
    );
  });

  it('no badge when the server sends no late count (members who are not coaches)', async () => {
    setup(practice());
    renderApp('/events/team-1');
    const card = await screen.findByRole('article', { name: 'Practice' });
    expect(within(card).queryByTestId('late-rsvp-badge')).not.toBeInTheDocument();
  });

  it("rsvp_late_change refetches the team's events (the badge comes with them)", async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(calendarKeys.events('team-1'), []);
    renderApp('/', { queryClient });
    act(() =>
      applyFrame(
        queryClient,
        { type: 'rsvp_late_change', teamId: 'team-1', eventId: 'ev-1', userName: 'Mia Chen' } as never,
        () => {},
      ),
    );
    await waitFor(() => expect(queryClient.getQueryState(calendarKeys.events('team-1'))?.isInvalidated).toBe(true));
  });

  it('rsvp_late_change also tells the coach at once with a toast: who cannot make it, and to which event', async () => {
    setup(practice({ lateNotGoing: 1 }));
    const queryClient = createQueryClient();
    renderApp('/events/team-1', { queryClient });
    await screen.findByRole('article', { name: 'Practice' });
    act(() =>
      applyFrame(
        queryClient,
        {
          type: 'rsvp_late_change',
          teamId: 'team-1',
          eventId: 'ev-1',
          occurrenceDate: soon,
          userId: 'p-1',
          playerId: null,
          userName: 'Pat Parent',
          eventTitle: 'Saturday Practice',
          status: 'no',
        } satisfies RsvpLateFrame as never,
        () => {},
      ),
    );
    const status = await screen.findByText("Pat Parent can't make it");
    expect(status).toBeInTheDocument();
    expect(screen.getByText('Saturday Practice')).toBeInTheDocument();
    // The badge still comes with the refetched events.
    expect(
      within(screen.getByRole('article', { name: 'Practice' })).getByTestId('late-rsvp-badge'),
    ).toBeInTheDocument();
  });
});
