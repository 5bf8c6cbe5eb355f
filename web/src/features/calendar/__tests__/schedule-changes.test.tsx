import type { Attendance, EventHistoryEntry, Player, User } from '@sideline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTeam, unchangedOccurrence } from '../../../test/fixtures.ts';
import { mockFetch, renderApp, sampleUser, type MockResponse } from '../../../test/utils.tsx';
import { formatEventTime, formatShortDateTime } from '../lib/event-dates.ts';
import type { TeamEvent } from '../types.ts';

const start = '2030-09-14T10:00:00.000Z';
const later = '2030-09-14T11:00:00.000Z';

function game(overrides: Partial<TeamEvent> = {}): TeamEvent {
  return {
    id: 'ev-1',
    teamId: 'team-1',
    title: 'Saturday game',
    description: 'Kick-off at ten',
    date: start,
    location: 'Riverside Park',
    isRecurring: true,
    recurringType: 'weekly',
    recurringInterval: 1,
    recurringDays: ['saturday'],
    recurringEndDate: null,
    recurringEndCount: 4,
    seriesId: 'ev-1',
    occurrenceDate: start,
    timeZone: 'UTC',
    rsvps: [],
    ...unchangedOccurrence,
    ...overrides,
  };
}

const noOne: Attendance = { going: [], maybe: [], notGoing: [], noReply: [] };
const occurrencePath = (action: 'cancel' | 'restore') =>
  `/api/teams/team-1/events/ev-1/occurrences/${encodeURIComponent(start)}/${action}`;

function setup({
  user = sampleUser,
  team = makeTeam(),
  event = game(),
  players = [] as Player[],
  attendance = noOne,
  history = [] as EventHistoryEntry[],
  extra = {} as Record<string, MockResponse | ((call: { body: unknown }) => MockResponse)>,
} = {}) {
  const fetch = mockFetch({
    'GET /api/user': { status: 200, body: user },
    'GET /api/teams': { status: 200, body: [team] },
    'GET /api/teams/team-1/events': { status: 200, body: [event] },
    'GET /api/teams/team-1/players': { status: 200, body: players },
    'GET /api/events/ev-1/attendance': { status: 200, body: attendance },
    'GET /api/teams/team-1/events/ev-1/history': { status: 200, body: history },
    ...extra,
  });
  return { ...fetch, ...renderApp('/events/team-1') };
}

async function openDetail(user: ReturnType<typeof setup>['user'], title = 'Saturday game') {
  const card = await screen.findByRole('article', { name: title });
  await user.click(within(card).getByRole('button', { name: new RegExp(`^${title}`) }));
  return screen.findByRole('dialog', { name: title });
}

const parent: User = { ...sampleUser, id: 'u-9', name: 'Pat Parent', role: 'parent', accountRole: 'parent' };
const parentTeam = makeTeam({ myAssignedRole: 'parent' });
const guardian = { userId: parent.id, name: parent.name, avatarUrl: null, linkedAt: start };
function child(id: string, name: string): Player {
  return {
    id,
    teamId: 'team-1',
    name,
    jerseyNumber: null,
    xp: 0,
    dulars: 0,
    addedAt: start,
    guardians: [guardian],
    account: null,
    linkStatus: 'linked',
    adult: false,
  };
}

describe('changing the schedule (managers)', () => {
  it('edits this and following events: the scope, the new time and the reason go in the PATCH', async () => {
    const { user, callsTo } = setup({
      extra: { 'PATCH /api/teams/team-1/events/ev-1': { status: 200, body: game() } },
    });
    const dialog = await openDetail(user);
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const form = within(dialog).getByRole('form', { name: 'Edit event' });
    expect(within(form).getByRole('radio', { name: 'This event' })).toBeChecked();
    expect(within(form).getByRole('radio', { name: 'All events' })).not.toBeChecked();
    await user.click(within(form).getByRole('radio', { name: 'This and following events' }));
    const time = within(form).getByLabelText(/^Time/);
    const newTime = new Date(later);
    // The event's zone (UTC here), not the phone's.
    const hhmm = `${String(newTime.getUTCHours()).padStart(2, '0')}:${String(newTime.getUTCMinutes()).padStart(2, '0')}`;
    await user.clear(time);
    await user.type(time, hhmm);
    await user.type(within(form).getByLabelText('Reason (optional)'), 'Referee delayed');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsTo('PATCH', '/api/teams/team-1/events/ev-1')).toHaveLength(1));
    expect(callsTo('PATCH', '/api/teams/team-1/events/ev-1')[0]!.body).toEqual({
      scope: 'following',
      occurrenceDate: start,
      startsAt: later.slice(0, 16),
      reason: 'Referee delayed',
    });
    await waitFor(() => expect(within(dialog).queryByRole('form', { name: 'Edit event' })).not.toBeInTheDocument());
  });

  it("shows the server's 409 and 400 messages in the form, and sends nothing when nothing changed", async () => {
    let answer: MockResponse = {
      status: 409,
      body: { message: 'Another occurrence of this event already starts then', code: 'OCCURRENCE_TAKEN' },
    };
    const { user, callsTo } = setup({ extra: { 'PATCH /api/teams/team-1/events/ev-1': () => answer } });
    const dialog = await openDetail(user);
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const form = within(dialog).getByRole('form', { name: 'Edit event' });
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Nothing has changed yet');
    expect(callsTo('PATCH', '/api/teams/team-1/events/ev-1')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Location'), ' North');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Another occurrence of this event already starts then')).toBeInTheDocument();

    answer = {
      status: 400,
      body: {
        message: 'Please check the highlighted fields',
        code: 'VALIDATION',
        fieldErrors: { reason: ['A reason is at most 200 characters'] },
      },
    };
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('A reason is at most 200 characters')).toBeInTheDocument();
    expect(within(form).getByLabelText('Reason (optional)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('cancels this event with a reason, and restores a cancelled one; Delete stays for mistakes', async () => {
    const { user, callsTo } = setup({
      extra: { [`POST ${occurrencePath('cancel')}`]: { status: 200, body: game({ status: 'cancelled' }) } },
    });
    const dialog = await openDetail(user);
    expect(within(dialog).getByRole('button', { name: 'Delete Event' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel this event' }));
    const form = within(dialog).getByRole('form', { name: 'Cancel this event' });
    await user.type(within(form).getByLabelText('Reason (optional)'), 'Pitch waterlogged');
    await user.click(within(form).getByRole('button', { name: 'Cancel event' }));
    await waitFor(() => expect(callsTo('POST', occurrencePath('cancel'))).toHaveLength(1));
    expect(callsTo('POST', occurrencePath('cancel'))[0]!.body).toEqual({ reason: 'Pitch waterlogged' });
  });

  it('a cancelled occurrence stays in the list, greyed, with its reason; managers restore it', async () => {
    const cancelled = game({ status: 'cancelled', cancelReason: 'Pitch waterlogged', changedAt: start });
    const { user, callsTo } = setup({
      event: cancelled,
      extra: { [`POST ${occurrencePath('restore')}`]: { status: 200, body: game() } },
    });
    const card = await screen.findByRole('article', { name: 'Saturday game' });
    expect(card).toHaveAttribute('data-status', 'cancelled');
    expect(within(card).getByTestId('cancelled-note')).toHaveTextContent('Cancelled: Pitch waterlogged');
    expect(within(card).queryByRole('group', { name: /Your RSVP/ })).not.toBeInTheDocument();
    const dialog = await openDetail(user);
    expect(within(dialog).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Restore this event' }));
    await waitFor(() => expect(callsTo('POST', occurrencePath('restore'))).toHaveLength(1));
  });

  it('hides Edit, Cancel and Restore from a parent, who still reads the history', async () => {
    const history: EventHistoryEntry[] = [
      {
        at: '2030-09-10T08:00:00.000Z',
        by: { id: 'u-1', name: 'Jordan Smith' },
        scope: 'occurrence',
        occurrenceDate: start,
        changes: { startsAt: { from: start, to: later } },
        reason: 'Referee delayed',
      },
    ];
    const { user } = setup({ user: parent, team: parentTeam, history });
    const dialog = await openDetail(user);
    expect(within(dialog).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Cancel this event' })).not.toBeInTheDocument();
    const entries = await within(dialog).findByRole('list', { name: 'Changes, newest first' });
    expect(entries).toHaveTextContent('Jordan Smith changed this event');
    expect(entries).toHaveTextContent(`Time: ${formatShortDateTime(start)} →to ${formatShortDateTime(later)}`);
    expect(entries).toHaveTextContent('“Referee delayed”');
  });
});

describe('a moved occurrence', () => {
  it('shows the new time with the old one struck through, on the card and in the detail, and the new place', async () => {
    const moved = game({
      date: later,
      location: 'North Field',
      status: 'moved',
      previous: { startsAt: start, location: 'Riverside Park' },
      changedAt: '2030-09-10T08:00:00.000Z',
    });
    const { user } = setup({ user: parent, team: parentTeam, event: moved });
    const card = await screen.findByRole('article', { name: 'Saturday game' });
    expect(within(card).getByText('Moved')).toBeInTheDocument();
    const struck = within(card).getByTestId('previous-time');
    expect(struck.tagName).toBe('DEL');
    expect(struck).toHaveTextContent(formatEventTime(start));
    expect(within(card).getByText(formatEventTime(later))).toBeInTheDocument();
    expect(within(card).getByTestId('previous-place')).toHaveTextContent('Riverside Park');
    expect(within(card).getByText('North Field')).toBeInTheDocument();

    const dialog = await openDetail(user);
    expect(within(within(dialog).getByTestId('detail-time')).getByTestId('previous-time')).toHaveTextContent(
      formatEventTime(start),
    );
  });
});

describe('answers per child', () => {
  it('takes an answer per child on the card itself, with the playerId; an old answer asks "still going?"', async () => {
    const event = game({
      status: 'moved',
      date: later,
      previous: { startsAt: start, location: 'Riverside Park' },
      rsvps: [
        {
          id: 'r-1',
          status: 'yes',
          userId: null,
          playerId: 'pl-1',
          user: { name: 'Ava Parent' },
          answeredBy: { id: parent.id, name: parent.name },
          answeredAt: start,
          answeredBeforeChange: true,
        },
      ],
    });
    const { user, callsTo } = setup({
      user: parent,
      team: parentTeam,
      event,
      players: [child('pl-1', 'Ava Parent'), child('pl-2', 'Ben Parent')],
      extra: { 'POST /api/events/ev-1/rsvp': { status: 200, body: event } },
    });
    const card = await screen.findByRole('article', { name: 'Saturday game' });
    const ava = await within(card).findByRole('group', { name: 'Ava Parent: Saturday game' });
    const ben = within(card).getByRole('group', { name: 'Ben Parent: Saturday game' });
    expect(within(ava).getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(ben).getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(card).getByText('Time changed: still going?')).toBeInTheDocument();

    await user.click(within(ben).getByRole('button', { name: 'Maybe' }));
    await waitFor(() => expect(callsTo('POST', '/api/events/ev-1/rsvp')).toHaveLength(1));
    expect(callsTo('POST', '/api/events/ev-1/rsvp')[0]!.body).toEqual({
      status: 'maybe',
      occurrenceDate: start,
      playerId: 'pl-2',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(ava).getByRole('button', { name: 'Going' }));
    await waitFor(() => expect(within(card).queryByText('Time changed: still going?')).not.toBeInTheDocument());
  });

  it('answers for yourself, without a playerId, when you have no child on the team', async () => {
    const { user, callsTo } = setup({
      user: parent,
      team: parentTeam,
      extra: { 'POST /api/events/ev-1/rsvp': { status: 200, body: game() } },
    });
    const card = await screen.findByRole('article', { name: 'Saturday game' });
    const mine = await within(card).findByRole('group', { name: 'Your RSVP: Saturday game' });
    await user.click(within(mine).getByRole('button', { name: 'Not Going' }));
    await waitFor(() => expect(callsTo('POST', '/api/events/ev-1/rsvp')).toHaveLength(1));
    expect(callsTo('POST', '/api/events/ev-1/rsvp')[0]!.body).toEqual({ status: 'no', occurrenceDate: start });
  });
});

describe('attendance lists', () => {
  const attendance: Attendance = {
    going: [
      {
        playerId: 'pl-1',
        userId: null,
        name: 'Ava Parent',
        answeredBy: { id: 'u-9', name: 'Pat Parent' },
        answeredAt: start,
        answeredBeforeChange: false,
      },
    ],
    maybe: [],
    notGoing: [
      {
        playerId: 'pl-3',
        userId: 'u-3',
        name: 'Cam Player',
        answeredBy: { id: 'u-3', name: 'Cam Player' },
        answeredAt: start,
        answeredBeforeChange: false,
      },
    ],
    noReply: [
      {
        playerId: 'pl-2',
        userId: null,
        name: 'Ben Parent',
        answeredBy: null,
        answeredAt: null,
        answeredBeforeChange: false,
      },
      {
        playerId: 'pl-4',
        userId: null,
        name: 'Dee Keeper',
        answeredBy: null,
        answeredAt: null,
        answeredBeforeChange: false,
      },
    ],
  };

  it('shows Going / Maybe / Not going / No reply with names and who answered; managers see who has not answered', async () => {
    const event = game({ counts: { going: 1, maybe: 0, notGoing: 1, noReply: 2 } });
    const { user } = setup({ event, attendance });
    const dialog = await openDetail(user);
    expect(within(dialog).getByTestId('no-reply-count')).toHaveTextContent("2 haven't answered");
    const going = await within(dialog).findByRole('region', { name: 'Going (1)' });
    expect(going).toHaveTextContent('Ava Parent');
    expect(going).toHaveTextContent('answered by Pat Parent');
    expect(within(dialog).getByRole('region', { name: 'Maybe (0)' })).toHaveTextContent('No one');
    const notGoing = within(dialog).getByRole('region', { name: 'Not going (1)' });
    expect(notGoing).toHaveTextContent('Cam Player');
    expect(notGoing).not.toHaveTextContent('answered by');
    const noReply = within(dialog).getByRole('region', { name: 'No reply (2)' });
    expect(noReply).toHaveTextContent('Ben Parent');
    expect(noReply).toHaveTextContent('Dee Keeper');
  });

  it("does not show a parent the managers' count", async () => {
    const event = game({ counts: { going: 1, maybe: 0, notGoing: 1, noReply: 2 } });
    const { user } = setup({ user: parent, team: parentTeam, event, attendance });
    const dialog = await openDetail(user);
    await within(dialog).findByRole('region', { name: 'No reply (2)' });
    expect(within(dialog).queryByTestId('no-reply-count')).not.toBeInTheDocument();
  });
});
