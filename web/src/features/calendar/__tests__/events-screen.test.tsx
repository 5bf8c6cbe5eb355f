import type { Team, User } from '@sideline/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { apiKey, apiPaths } from '../../../lib/query-keys.ts';
import { calendarKeys } from '../api.ts';
import { applyFrame } from '../../../lib/socket/socket-provider.tsx';
import { makeTeam, ownAnswer, unchangedOccurrence } from '../../../test/fixtures.ts';
import { mockFetch, renderApp, sampleUser, type MockResponse } from '../../../test/utils.tsx';
import { dateBadge, filterEvents, formatEventDate, formatEventTime } from '../lib/event-dates.ts';
import { browserTimeZone, toCreateEventInput, type EventFormValues } from '../lib/event-form.ts';
import type { EventRsvp, TeamEvent } from '../types.ts';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

function makeEvent(overrides: Partial<TeamEvent> = {}): TeamEvent {
  const id = overrides.id ?? 'ev-1';
  const date = overrides.date ?? inDays(3);
  return {
    id,
    teamId: 'team-1',
    title: 'Practice',
    description: 'Bring water',
    date,
    location: 'Riverside Park',
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

function rsvp(n: number, status: EventRsvp['status'] = 'yes', userId = `p-${n}`): EventRsvp {
  return { id: `r-${n}`, status, userId, user: { name: `Player ${n}` }, ...ownAnswer };
}

const coachTeam = makeTeam();
const parentUser: User = { ...sampleUser, id: 'u-9', name: 'Pat Parent', role: 'parent', accountRole: 'parent' };
const parentTeam = makeTeam({ myAssignedRole: 'parent', creatorId: 'u-1', coachId: 'u-1' });

function eventsFetch({
  user = sampleUser,
  teams = [coachTeam] as Team[],
  events = {} as Record<string, TeamEvent[] | MockResponse>,
  extra = {} as Parameters<typeof mockFetch>[0],
} = {}) {
  const handlers: Parameters<typeof mockFetch>[0] = {
    'GET /api/user': { status: 200, body: user },
    'GET /api/teams': { status: 200, body: teams },
    ...extra,
  };
  for (const team of teams) {
    const list = events[team.id] ?? [];
    handlers[`GET /api/teams/${team.id}/events`] = Array.isArray(list) ? { status: 200, body: list } : list;
    handlers[`GET /api/teams/${team.id}/events/upcoming`] = {
      status: 200,
      body: Array.isArray(list) ? filterEvents(list, 'upcoming') : [],
    };
    handlers[`GET /api/teams/${team.id}/messages`] = { status: 200, body: [] };
  }
  return mockFetch(handlers);
}

async function openEvents(path = '/events/team-1') {
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Team Events', level: 1 });
  return view;
}

describe('event date helpers', () => {
  it("labels dates 'Today', 'Tomorrow' or the weekday and date ('Sat 28 Nov'), with 'TBD' / 'Time TBD' fallbacks", () => {
    expect(dateBadge(new Date().toISOString())).toBe('Today');
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    expect(dateBadge(tomorrow.toISOString())).toBe('Tomorrow');
    const later = new Date();
    later.setDate(later.getDate() + 10);
    expect(dateBadge(later.toISOString())).toMatch(/^[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}$/);
    expect(dateBadge('2030-09-14T15:00:00')).toBe('Sat 14 Sep');
    expect(dateBadge('not a date')).toBe('TBD');
    expect(formatEventDate('')).toBe('TBD');
    expect(formatEventTime('nope')).toBe('Time TBD');
  });

  it('filters for real: upcoming from now, past before now (latest first), all both', () => {
    const now = new Date('2026-05-10T12:00:00Z');
    const events = [
      makeEvent({ id: 'b', date: '2026-05-09T12:00:00Z' }),
      makeEvent({ id: 'c', date: '2026-05-12T12:00:00Z' }),
      makeEvent({ id: 'a', date: '2026-05-01T12:00:00Z' }),
      makeEvent({ id: 'd', date: '2026-05-10T12:00:00Z' }),
    ];
    expect(filterEvents(events, 'upcoming', now).map((e) => e.id)).toEqual(['d', 'c']);
    expect(filterEvents(events, 'past', now).map((e) => e.id)).toEqual(['b', 'a']);
    expect(filterEvents(events, 'all', now).map((e) => e.id)).toEqual(['a', 'b', 'd', 'c']);
  });

  it("sends the weekdays as picked with the browser's time zone (a Tuesday 20:30 in New York stays a Tuesday)", () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      const values: EventFormValues = {
        title: 'Practice',
        description: '',
        date: '2026-12-01',
        time: '20:30',
        location: '',
        isRecurring: true,
        recurringType: 'weekly',
        recurringInterval: '1',
        recurringDays: [4, 2],
        endType: 'never',
        recurringEndDate: '',
        recurringEndCount: '5',
      };
      expect(toCreateEventInput(values)).toMatchObject({
        date: '2026-12-02T01:30:00.000Z',
        timeZone: 'America/New_York',
        recurringDays: ['tuesday', 'thursday'],
      });
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe('Events page (mocked fetch)', () => {
  it('shows the header, and the Upcoming / All Events / Past tabs really filter', async () => {
    eventsFetch({
      events: {
        'team-1': [
          makeEvent({ id: 'past', title: 'Old game', date: inDays(-2) }),
          makeEvent({ id: 'soon', title: 'Practice', date: inDays(3) }),
          makeEvent({ id: 'later', title: 'Tournament', date: inDays(10) }),
        ],
      },
    });
    const { user } = await openEvents();
    const upcoming = await screen.findByRole('list', { name: 'Upcoming events' });
    expect(
      within(upcoming)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Practice', 'Tournament']);

    await user.click(screen.getByRole('tab', { name: 'Past' }));
    const past = await screen.findByRole('list', { name: 'Past events' });
    expect(
      within(past)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Old game']);

    await user.click(screen.getByRole('tab', { name: 'All Events' }));
    const all = await screen.findByRole('list', { name: 'All Events events' });
    expect(within(all).getAllByRole('article')).toHaveLength(3);
  });

  it("shows date badges, 'Time TBD' and up to 3 attendee avatars plus '+N' on cards, the counts in the detail", async () => {
    const today = new Date();
    today.setHours(23, 59, 0, 0);
    eventsFetch({
      events: {
        'team-1': [
          makeEvent({
            id: 'a',
            title: 'Tonight',
            date: today.toISOString(),
            rsvps: [1, 2, 3, 4, 5].map((n) => rsvp(n)),
            counts: { going: 5, maybe: 0, notGoing: 0, noReply: 2 },
          }),
          makeEvent({ id: 'b', title: 'Someday', date: 'garbage' }),
        ],
      },
    });
    const { user } = await openEvents();
    const tonight = await screen.findByRole('article', { name: 'Tonight' });
    expect(within(tonight).getByTestId('date-badge')).toHaveTextContent('Today');
    expect(within(tonight).getByRole('group', { name: /^5 going/ })).toBeInTheDocument();
    expect(within(tonight).getByTestId('attendees-more')).toHaveTextContent('+2');
    const someday = screen.getByRole('article', { name: 'Someday' });
    expect(within(someday).getByTestId('date-badge')).toHaveTextContent('TBD');
    expect(within(someday).getByText('Time TBD')).toBeInTheDocument();

    await user.click(within(tonight).getAllByRole('button')[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Tonight' });
    expect(within(dialog).getByTestId('rsvp-counts')).toHaveTextContent('5 going · 0 maybe · 0 not going · 2 no reply');
  });

  it("shows a weekly series' weekdays as picked, naming the series' zone when it is not the viewer's", async () => {
    const weekly = { isRecurring: true, recurringType: 'weekly' as const, recurringInterval: 1 };
    eventsFetch({
      events: {
        'team-1': [
          makeEvent({
            id: 'a',
            title: 'Practice',
            ...weekly,
            recurringDays: ['tuesday', 'thursday'],
            timeZone: browserTimeZone()!,
          }),
          makeEvent({
            id: 'b',
            title: 'Away camp',
            ...weekly,
            recurringDays: ['saturday'],
            timeZone: 'Pacific/Chatham',
            date: inDays(4),
          }),
        ],
      },
    });
    const { user } = await openEvents();
    await user.click(within(await screen.findByRole('article', { name: 'Practice' })).getAllByRole('button')[0]!);
    let dialog = await screen.findByRole('dialog', { name: 'Practice' });
    expect(within(dialog).getByText('Repeats every week on Tue, Thu')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(screen.getByRole('article', { name: 'Away camp' })).getAllByRole('button')[0]!);
    dialog = await screen.findByRole('dialog', { name: 'Away camp' });
    expect(within(dialog).getByText('Repeats every week on Sat (Pacific/Chatham time)')).toBeInTheDocument();
  });

  it('RSVPs from the detail: the choice is highlighted, all buttons aria-disabled while pending', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const occurrence = inDays(7);
    const { callsTo } = eventsFetch({
      user: parentUser,
      teams: [parentTeam],
      events: {
        'team-1': [
          makeEvent({
            id: 'series-1',
            title: 'Weekly practice',
            isRecurring: true,
            recurringType: 'weekly',
            date: occurrence,
            rsvps: [rsvp(1, 'no', 'u-9')],
          }),
        ],
      },
      extra: { 'POST /api/events/series-1/rsvp': { status: 200, body: { ok: true }, delay: gate } },
    });
    const { user } = await openEvents();
    await user.click(
      within(await screen.findByRole('article', { name: 'Weekly practice' })).getAllByRole('button')[0]!,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Weekly practice' });
    expect(within(dialog).getByRole('button', { name: 'Not Going' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(dialog).getByRole('button', { name: 'Maybe' }));
    for (const name of ['Going', 'Maybe', 'Not Going']) {
      expect(within(dialog).getByRole('button', { name })).toHaveAttribute('aria-disabled', 'true');
    }
    expect(within(dialog).getByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'true');
    expect(callsTo('POST', '/api/events/series-1/rsvp')[0]?.body).toEqual({
      status: 'maybe',
      occurrenceDate: occurrence,
    });
    await act(async () => release());
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Going' })).not.toHaveAttribute('aria-disabled'),
    );
    expect(within(dialog).getByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'true');
    // The lists are refreshed after an RSVP.
    await waitFor(() => expect(callsTo('GET', '/api/teams/team-1/events').length).toBeGreaterThan(1));
  });

  // Many keystrokes: slow when the machine is busy.
  it(
    'validates the create dialog inline (nothing sent), then posts trimmed values and a weekly recurrence',
    { timeout: 20_000 },
    async () => {
      const { callsTo } = eventsFetch({
        extra: { 'POST /api/teams/team-1/events': { status: 201, body: makeEvent() } },
      });
      const { user } = await openEvents();
      await user.click(screen.getByRole('button', { name: 'Create Event' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create Event' });
      await user.type(within(dialog).getByLabelText('Title'), '   ');
      await user.click(within(dialog).getByRole('button', { name: 'Create Event' }));
      expect(await within(dialog).findByText('Enter a title')).toBeInTheDocument();
      expect(within(dialog).getByText('Choose a date')).toBeInTheDocument();
      expect(within(dialog).getByText('Choose a time')).toBeInTheDocument();
      expect(callsTo('POST', '/api/teams/team-1/events')).toHaveLength(0);

      await user.type(within(dialog).getByLabelText('Title'), '  Practice  ');
      await user.type(within(dialog).getByLabelText('Description'), ' Bring water ');
      await user.type(within(dialog).getByLabelText('Date'), '2026-12-01');
      await user.type(within(dialog).getByLabelText('Time'), '18:30');
      await user.type(within(dialog).getByLabelText('Location'), ' Field 2 ');
      const repeat = within(dialog).getByRole('switch', { name: 'Repeat event' });
      expect(repeat).toHaveAttribute('aria-checked', 'false');
      await user.click(repeat);
      expect(within(dialog).getByLabelText('Repeats')).toHaveValue('weekly');
      expect(within(dialog).getByLabelText('Every')).toHaveValue(1);
      expect(within(dialog).getByRole('radio', { name: 'On a date' })).toBeChecked();
      await user.click(within(dialog).getByRole('button', { name: 'Tuesday' }));
      await user.click(within(dialog).getByRole('button', { name: 'Thursday' }));
      await user.click(within(dialog).getByRole('radio', { name: 'After a number of occurrences' }));
      expect(within(dialog).getByLabelText('Occurrences')).toHaveValue(5);
      await user.clear(within(dialog).getByLabelText('Occurrences'));
      await user.type(within(dialog).getByLabelText('Occurrences'), '101');
      await user.click(within(dialog).getByRole('button', { name: 'Create Event' }));
      expect(await within(dialog).findByText('Enter a number from 1 to 100')).toBeInTheDocument();
      await user.clear(within(dialog).getByLabelText('Occurrences'));
      await user.type(within(dialog).getByLabelText('Occurrences'), '8');
      await user.click(within(dialog).getByRole('button', { name: 'Create Event' }));

      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Event' })).not.toBeInTheDocument());
      const start = new Date('2026-12-01T18:30');
      expect(callsTo('POST', '/api/teams/team-1/events')[0]?.body).toEqual({
        title: 'Practice',
        description: 'Bring water',
        date: start.toISOString(),
        location: 'Field 2',
        isRecurring: true,
        recurringType: 'weekly',
        recurringInterval: 1,
        recurringDays: ['tuesday', 'thursday'],
        recurringEndDate: null,
        recurringEndCount: 8,
        timeZone: browserTimeZone(),
      });
      await waitFor(() => expect(callsTo('GET', '/api/teams/team-1/events').length).toBeGreaterThan(1));
    },
  );

  it('posts a one-off event without recurrence fields', async () => {
    const { callsTo } = eventsFetch({ extra: { 'POST /api/teams/team-1/events': { status: 201, body: makeEvent() } } });
    const { user } = await openEvents();
    await user.click(await screen.findByRole('button', { name: 'Create First Event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Event' });
    await user.type(within(dialog).getByLabelText('Title'), 'Team dinner');
    await user.type(within(dialog).getByLabelText('Date'), '2026-12-05');
    await user.type(within(dialog).getByLabelText('Time'), '19:00');
    await user.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(callsTo('POST', '/api/teams/team-1/events')).toHaveLength(1));
    expect(callsTo('POST', '/api/teams/team-1/events')[0]?.body).toEqual({
      title: 'Team dinner',
      description: '',
      date: new Date('2026-12-05T19:00').toISOString(),
      location: '',
      isRecurring: false,
      timeZone: browserTimeZone(),
    });
  });

  it('asks before deleting, then deletes the series and closes the dialog', async () => {
    const { callsTo } = eventsFetch({
      events: { 'team-1': [makeEvent({ id: 'occ-2', seriesId: 'series-9', title: 'Scrimmage' })] },
      extra: { 'DELETE /api/teams/team-1/events/series-9': { status: 204 } },
    });
    const { user } = await openEvents();
    await user.click(within(await screen.findByRole('article', { name: 'Scrimmage' })).getAllByRole('button')[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Scrimmage' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Event' }));
    const confirm = within(dialog).getByRole('alertdialog', { name: 'Delete event' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete this event? This action cannot be undone.');
    expect(callsTo('DELETE', '/api/teams/team-1/events/series-9')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Scrimmage' })).not.toBeInTheDocument());
    expect(callsTo('DELETE', '/api/teams/team-1/events/series-9')).toHaveLength(1);
  });

  it("shows managers Create Event, the add button and 'Create First Event'", async () => {
    eventsFetch();
    await openEvents();
    expect(screen.getByRole('button', { name: 'Create Event' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add event' })).toBeInTheDocument();
    expect(await screen.findByText('Ready to schedule your next team activity?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create First Event' })).toBeInTheDocument();
  });

  it('hides every manage control from a parent', async () => {
    eventsFetch({ user: parentUser, teams: [parentTeam], events: { 'team-1': [makeEvent({ title: 'Game' })] } });
    const { user } = await openEvents();
    await user.click(within(await screen.findByRole('article', { name: 'Game' })).getAllByRole('button')[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Game' });
    expect(within(dialog).queryByRole('button', { name: 'Delete Event' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Going' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('button', { name: 'Create Event' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add event' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Past' }));
    expect(await screen.findByText('No past events')).toBeInTheDocument();
  });

  it("tells a parent with no events 'No events scheduled yet. Check back soon!'", async () => {
    eventsFetch({ user: parentUser, teams: [parentTeam] });
    await openEvents();
    expect(await screen.findByText('No events scheduled yet. Check back soon!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create First Event' })).not.toBeInTheDocument();
  });

  it("shows 'Join a Team First' without a team", async () => {
    eventsFetch({ teams: [] });
    renderApp('/events');
    expect(await screen.findByRole('heading', { name: 'Join a Team First' })).toBeInTheDocument();
    expect(screen.getByText('Connect with your team to see upcoming events and activities.')).toBeInTheDocument();
  });

  it("merges all the user's teams on /events (a team whose list fails counts as empty)", async () => {
    const lions = makeTeam({ id: 'team-2', name: 'Lakeside Lions', myAssignedRole: 'other' });
    const hawks = makeTeam({ id: 'team-3', name: 'Hill Hawks', myAssignedRole: 'other' });
    eventsFetch({
      teams: [coachTeam, lions, hawks],
      events: {
        'team-1': [makeEvent({ id: 'r1', title: 'Rockets practice', date: inDays(2) })],
        'team-2': [makeEvent({ id: 'l1', teamId: 'team-2', title: 'Lions game', date: inDays(1.5) })],
        'team-3': { status: 500, body: { message: 'boom' } },
      },
    });
    await openEvents('/events');
    const list = await screen.findByRole('list', { name: 'Upcoming events' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((a) => a.getAttribute('aria-label'))).toEqual(['Lions game', 'Rockets practice']);
    expect(within(cards[0] as HTMLElement).getByText('Lakeside Lions')).toBeInTheDocument();
  });

  it('invalidates the team event lists on events_changed', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(calendarKeys.events('team-1'), []);
    queryClient.setQueryData(apiKey(apiPaths.teamUpcomingEvents('team-1')), []);
    queryClient.setQueryData(calendarKeys.events('team-2'), []);
    applyFrame(queryClient, { type: 'events_changed', teamId: 'team-1' } as never, () => {});
    expect(queryClient.getQueryState(calendarKeys.events('team-1'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(apiKey(apiPaths.teamUpcomingEvents('team-1')))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(calendarKeys.events('team-2'))?.isInvalidated).toBe(false);
  });
});

describe('Events page extras (mocked fetch)', () => {
  it('offers a private calendar subscription address (https to copy, webcal to open)', async () => {
    const url = 'http://localhost/api/teams/team-1/calendar.ics?token=abc';
    const { callsTo } = eventsFetch({
      extra: { 'POST /api/teams/team-1/calendar-token': { status: 200, body: { url } } },
    });
    const { user } = await openEvents();
    await user.click(screen.getByRole('button', { name: 'Subscribe in your calendar app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe in your calendar app' });
    expect(await within(dialog).findByRole('textbox', { name: 'Calendar address' })).toHaveValue(url);
    expect(within(dialog).getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
      'href',
      'webcal://localhost/api/teams/team-1/calendar.ics?token=abc',
    );
    expect(callsTo('POST', '/api/teams/team-1/calendar-token')).toHaveLength(1);

    // Closed, focus is back on the button; opened again, the address is not asked for twice.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Subscribe in your calendar app' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Subscribe in your calendar app' }));
    expect(await screen.findByRole('dialog', { name: 'Subscribe in your calendar app' })).toBeInTheDocument();
    expect(callsTo('POST', '/api/teams/team-1/calendar-token')).toHaveLength(1);
  });

  it("answers a team the user is not in with 'Team not found'", async () => {
    eventsFetch();
    renderApp('/events/someone-elses');
    expect(await screen.findByRole('heading', { name: 'Team not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all your events' })).toHaveAttribute('href', '/events');
  });
});
