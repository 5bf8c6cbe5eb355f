import type { User } from '@sideline/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTeam, ownAnswer, unchangedOccurrence } from '../../../test/fixtures.ts';
import { mockFetch, renderApp, sampleUser } from '../../../test/utils.tsx';
import type { RsvpStatus, TeamEvent } from '../../events/types.ts';

const parent: User = { ...sampleUser, id: 'u-9', name: 'Pat Parent', role: 'parent' };

const date = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString();

function eventAnswered(status: RsvpStatus | null): TeamEvent {
  return {
    id: 'series-1',
    teamId: 'team-1',
    title: 'Practice',
    description: '',
    date,
    location: '',
    isRecurring: false,
    recurringType: null,
    recurringInterval: null,
    recurringDays: null,
    recurringEndDate: null,
    recurringEndCount: null,
    timeZone: 'UTC',
    seriesId: 'series-1',
    occurrenceDate: date,
    rsvps: status ? [{ id: 'r-1', status, userId: parent.id, user: { name: parent.name }, ...ownAnswer }] : [],
    ...unchangedOccurrence,
  };
}

function openHome(status: RsvpStatus | null) {
  const fetch = mockFetch({
    'GET /api/user': { status: 200, body: parent },
    'GET /api/teams': { status: 200, body: [makeTeam({ myAssignedRole: 'parent' })] },
    'GET /api/teams/team-1/messages': { status: 200, body: [] },
    'GET /api/teams/team-1/events/upcoming': { status: 200, body: [eventAnswered(status)] },
    'POST /api/events/series-1/rsvp': { status: 200, body: {} },
  });
  return { ...fetch, ...renderApp('/') };
}

async function rsvpGroup() {
  const section = await screen.findByRole('region', { name: 'This Week' });
  return within(section).findByRole('group', { name: 'Your RSVP: Practice' });
}

describe("Home's RSVP shows the real answer and offers all three", () => {
  it.each([
    ['maybe', 'Maybe'],
    ['no', 'Not Going'],
    ['yes', 'Going'],
  ] as const)('an answer of %s shows %s pressed, the other two not', async (status, pressed) => {
    openHome(status);
    const group = await rsvpGroup();
    for (const name of ['Going', 'Maybe', 'Not Going']) {
      expect(within(group).getByRole('button', { name })).toHaveAttribute('aria-pressed', String(name === pressed));
    }
  });

  it("tapping '✓ Going' again keeps the answer Going (it never records Not Going)", async () => {
    const { user, callsTo } = openHome('yes');
    const group = await rsvpGroup();
    await user.click(within(group).getByRole('button', { name: 'Going' }));
    expect(callsTo('POST', '/api/events/series-1/rsvp').map((c) => c.body)).toEqual([
      { status: 'yes', occurrenceDate: date },
    ]);
    expect(within(group).getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('answers Maybe from Home', async () => {
    const { user, callsTo } = openHome(null);
    const group = await rsvpGroup();
    await user.click(within(group).getByRole('button', { name: 'Maybe' }));
    expect(callsTo('POST', '/api/events/series-1/rsvp')[0]?.body).toMatchObject({ status: 'maybe' });
  });
});
