import type { Team, User } from '@sideline/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTeam, unchangedOccurrence } from '../../../test/fixtures.ts';
import { mockFetch, renderApp, sampleUser } from '../../../test/utils.tsx';
import { formatEventDate, formatEventTime } from '../../events/lib/event-dates.ts';
import type { TeamEvent } from '../../events/types.ts';

const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();

function makeEvent(overrides: Partial<TeamEvent> = {}): TeamEvent {
  const id = overrides.id ?? 'ev-1';
  const date = overrides.date ?? inDays(2);
  return {
    id,
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
    seriesId: id,
    occurrenceDate: date,
    timeZone: 'UTC',
    rsvps: [],
    ...unchangedOccurrence,
    ...overrides,
  };
}

const parent: User = { ...sampleUser, id: 'u-9', name: 'Pat Parent', role: 'parent', accountRole: 'parent' };
const parentTeam = makeTeam({ myAssignedRole: 'parent' });

function homeFetch({
  user = sampleUser,
  teams = [makeTeam()] as Team[],
  upcoming = [] as TeamEvent[],
  extra = {},
} = {}) {
  return mockFetch({
    'GET /api/user': { status: 200, body: user },
    'GET /api/teams': { status: 200, body: teams },
    'GET /api/teams/team-1/messages': { status: 200, body: [] },
    'GET /api/teams/team-1/events/upcoming': { status: 200, body: upcoming },
    ...extra,
  });
}

async function openThisWeek() {
  const view = renderApp('/');
  const section = await screen.findByRole('region', { name: 'This Week' });
  return { ...view, section };
}

describe('Home This Week (mocked fetch)', () => {
  it("shows the next 2 events with title, date or 'TBD', description, time or 'Time TBD', location; Calendar link", async () => {
    const first = makeEvent({
      id: 'a',
      title: 'Practice',
      description: 'Bring cleats',
      location: 'Field 2',
      date: inDays(1),
    });
    homeFetch({
      upcoming: [
        first,
        makeEvent({ id: 'b', title: 'Mystery meetup', date: 'nope' }),
        makeEvent({ id: 'c', title: 'Third' }),
      ],
    });
    const { section } = await openThisWeek();
    const list = await within(section).findByRole('list', { name: 'Upcoming events' });
    const items = within(list).getAllByRole('article');
    expect(items.map((a) => a.getAttribute('aria-label'))).toEqual(['Practice', 'Mystery meetup']);
    const practice = items[0] as HTMLElement;
    expect(practice).toHaveTextContent(formatEventDate(first.date));
    expect(practice).toHaveTextContent(formatEventTime(first.date));
    expect(practice).toHaveTextContent('Bring cleats');
    expect(practice).toHaveTextContent('Field 2');
    expect(items[1]).toHaveTextContent('TBD');
    expect(items[1]).toHaveTextContent('Time TBD');
    expect(within(section).getByRole('link', { name: 'Calendar' })).toHaveAttribute('href', '/events/team-1');
  });

  it('answers Going (aria-disabled while pending, focus kept) and sends the occurrence', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const event = makeEvent({ id: 'series-1', title: 'Practice' });
    const { callsTo } = homeFetch({
      user: parent,
      teams: [parentTeam],
      upcoming: [event],
      extra: { 'POST /api/events/series-1/rsvp': { status: 200, body: {}, delay: gate } },
    });
    const { section, user } = await openThisWeek();
    const going = await within(section).findByRole('button', { name: 'Going' });
    expect(going).toHaveAttribute('aria-pressed', 'false');
    await user.click(going);
    expect(going).toHaveAttribute('aria-disabled', 'true');
    expect(going).toHaveFocus();
    expect(going).toHaveAttribute('aria-pressed', 'true');
    expect(callsTo('POST', '/api/events/series-1/rsvp')[0]?.body).toEqual({
      status: 'yes',
      occurrenceDate: event.occurrenceDate,
    });
    await act(async () => release());
    await waitFor(() => expect(going).not.toHaveAttribute('aria-disabled'));
    expect(going).toHaveAttribute('aria-pressed', 'true');
  });

  it("offers managers 'Add Event' in the empty state, which opens the create dialog", async () => {
    homeFetch();
    const { section, user } = await openThisWeek();
    expect(await within(section).findByRole('heading', { name: 'No upcoming events' })).toBeInTheDocument();
    expect(within(section).getByText('Schedule your next game or practice!')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Add Event' }));
    expect(await screen.findByRole('dialog', { name: 'Create Event' })).toBeInTheDocument();
  });

  it('shows no Add Event to a parent', async () => {
    homeFetch({ user: parent, teams: [parentTeam] });
    const { section } = await openThisWeek();
    expect(await within(section).findByRole('heading', { name: 'No upcoming events' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Add Event' })).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Calendar' })).toBeInTheDocument();
  });
});
