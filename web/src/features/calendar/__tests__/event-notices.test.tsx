import type { EventNotice } from '@sideline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTeam, unchangedOccurrence } from '../../../test/fixtures.ts';
import { mockFetch, renderApp, sampleUser, type MockResponse } from '../../../test/utils.tsx';
import { answersClosed } from '../lib/answers-closed.ts';
import { defaultEventFormValues, eventFormSchema, toCreateEventInput } from '../lib/event-form.ts';
import { toChangeInput } from '../components/edit-event-form.tsx';
import type { TeamEvent } from '../types.ts';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

function game(overrides: Partial<TeamEvent> = {}): TeamEvent {
  const start = inDays(3);
  return {
    id: 'ev-1',
    teamId: 'team-1',
    title: 'Cup game',
    description: '',
    date: start,
    location: 'Riverside Park',
    isRecurring: false,
    recurringType: null,
    recurringInterval: null,
    recurringDays: null,
    recurringEndDate: null,
    recurringEndCount: null,
    seriesId: 'ev-1',
    occurrenceDate: start,
    timeZone: 'UTC',
    rsvps: [],
    ...unchangedOccurrence,
    ...overrides,
  };
}

const moved: EventNotice = {
  changeId: 'n-2',
  at: '2030-09-10T09:00:00.000Z',
  summary: 'Changed: Cup game · Riverside Hawks · Now at North pitch',
  sent: 2,
  delivered: 2,
  seen: 1,
  families: [
    {
      name: 'Ava & Ben',
      channel: 'push',
      sentAt: '2030-09-10T09:00:01.000Z',
      deliveredAt: '2030-09-10T09:00:02.000Z',
      seenAt: '2030-09-10T09:30:00.000Z',
    },
    {
      name: 'Cal',
      channel: 'email',
      sentAt: '2030-09-10T09:00:01.000Z',
      deliveredAt: '2030-09-10T09:00:03.000Z',
      seenAt: null,
    },
    { name: 'Dee', channel: 'none', sentAt: null, deliveredAt: null, seenAt: null },
  ],
};

function setup({
  event = game(),
  team = makeTeam(),
  notices = { status: 200, body: [moved] } as MockResponse,
  extra = {} as Parameters<typeof mockFetch>[0],
} = {}) {
  const fetch = mockFetch({
    ...extra,
    'GET /api/user': { status: 200, body: sampleUser },
    'GET /api/teams': { status: 200, body: [team] },
    'GET /api/teams/team-1/events': { status: 200, body: [event] },
    'GET /api/teams/team-1/players': { status: 200, body: [] },
    'GET /api/events/ev-1/attendance': { status: 200, body: { going: [], maybe: [], notGoing: [], noReply: [] } },
    'GET /api/teams/team-1/events/ev-1/history': { status: 200, body: [] },
    'GET /api/teams/team-1/events/ev-1/notices': notices,
    'POST /api/teams/team-1/events/ev-1/views': { status: 204 },
  });
  return { ...fetch, ...renderApp('/events/team-1') };
}

async function openDetail(user: ReturnType<typeof setup>['user']) {
  const card = await screen.findByRole('article', { name: 'Cup game' });
  await user.click(within(card).getByRole('button', { name: /^Cup game/ }));
  return screen.findByRole('dialog', { name: 'Cup game' });
}

describe('who was told (managers)', () => {
  it('shows "Seen by 1 of 3 families" with each family’s channel and times, and reports the view', async () => {
    const { user, callsTo } = setup();
    const dialog = await openDetail(user);
    const section = within(dialog).getByRole('region', { name: 'Who was told' });
    expect(await within(section).findByText('Seen by 1 of 3 families')).toBeInTheDocument();
    expect(within(section).getByText(/Changed: Cup game/)).toBeInTheDocument();
    const families = within(section).getAllByTestId('notice-family');
    expect(families.map((f) => f.textContent)).toEqual([
      expect.stringMatching(/^Ava & BenPush.*Seen \w{3} \d+ \w{3}/),
      expect.stringMatching(/^CalEmail.*Delivered \w{3}.*Seen —$/),
      'DeeNot toldSent —Delivered —Seen —',
    ]);
    await waitFor(() => expect(callsTo('POST', '/api/teams/team-1/events/ev-1/views')).toHaveLength(1));
  });

  it('says so when nothing was sent yet', async () => {
    const { user } = setup({ notices: { status: 200, body: [] } });
    const dialog = await openDetail(user);
    expect(await within(dialog).findByText(/No notices yet/)).toBeInTheDocument();
  });

  it('offers a retry of 44 px when the proof cannot be loaded', async () => {
    const { user, callsTo } = setup({ notices: { status: 500, body: { message: 'Down', code: 'INTERNAL' } } });
    const dialog = await openDetail(user);
    const section = within(dialog).getByRole('region', { name: 'Who was told' });
    const retry = await within(section).findByRole('button', { name: 'Try again' });
    expect(retry.className).toContain('min-h-11');
    const before = callsTo('GET', '/api/teams/team-1/events/ev-1/notices').length;
    await user.click(retry);
    await waitFor(() => expect(callsTo('GET', '/api/teams/team-1/events/ev-1/notices').length).toBeGreaterThan(before));
  });

  it('is not shown to members (and not fetched)', async () => {
    const { user, callsTo } = setup({
      team: makeTeam({ creatorId: 'someone', coachId: 'someone', myAssignedRole: 'parent' }),
    });
    const dialog = await openDetail(user);
    await within(dialog).findByText('History');
    expect(within(dialog).queryByRole('region', { name: 'Who was told' })).not.toBeInTheDocument();
    expect(callsTo('GET', '/api/teams/team-1/events/ev-1/notices')).toHaveLength(0);
  });
});

describe("Remind those who haven't answered (managers)", () => {
  const waiting = () => game({ counts: { going: 1, maybe: 0, notGoing: 0, noReply: 3 } });

  it('posts the occurrence, says how many were told, and shows why not when one went out within the hour', async () => {
    let calls = 0;
    const event = waiting();
    const { user, callsTo } = setup({
      event,
      extra: {
        'POST /api/events/ev-1/remind': () =>
          ++calls === 1
            ? { status: 202, body: { notified: 2 } }
            : {
                status: 429,
                body: {
                  message: 'A reminder for this event went out less than an hour ago.',
                  code: 'REMINDED_RECENTLY',
                },
              },
      },
    });
    const dialog = await openDetail(user);
    const remind = within(dialog).getByRole('button', { name: "Remind those who haven't answered" });
    await user.click(remind);
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Reminded 2 people.');
    expect(callsTo('POST', '/api/events/ev-1/remind')[0]!.body).toEqual({ occurrenceDate: event.occurrenceDate });
    await user.click(remind);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A reminder for this event went out less than an hour ago.',
    );
  });

  it('is not offered to members, nor when everyone answered', async () => {
    const member = setup({
      event: waiting(),
      team: makeTeam({ creatorId: 'someone', coachId: 'someone', myAssignedRole: 'parent' }),
    });
    let dialog = await openDetail(member.user);
    expect(within(dialog).queryByRole('button', { name: /^Remind/ })).not.toBeInTheDocument();
    member.unmount();
    const manager = setup({ event: game() });
    dialog = await openDetail(manager.user);
    await within(dialog).findByText('History');
    expect(within(dialog).queryByRole('button', { name: /^Remind/ })).not.toBeInTheDocument();
  });
});

describe('Answers closed', () => {
  it('is past rsvpDeadlineHours before the start, and never without a deadline', () => {
    const now = new Date('2030-09-14T08:00:00.000Z');
    const at = { date: '2030-09-14T10:00:00.000Z' };
    expect(answersClosed({ ...at, rsvpDeadlineHours: 3 }, now)).toBe(true);
    expect(answersClosed({ ...at, rsvpDeadlineHours: 1 }, now)).toBe(false);
    expect(answersClosed({ ...at, rsvpDeadlineHours: null }, now)).toBe(false);
    expect(answersClosed({ ...at }, now)).toBe(false);
  });

  it('replaces the answer buttons for members; managers still have them', async () => {
    const closed = game({ date: inDays(1), rsvpDeadlineHours: 48 });
    const member = setup({
      event: closed,
      team: makeTeam({ creatorId: 'someone', coachId: 'someone', myAssignedRole: 'parent' }),
    });
    // On the events list's card too.
    const card = await screen.findByRole('article', { name: 'Cup game' });
    expect(await within(card).findByTestId('answers-closed')).toHaveTextContent('Answers closed');
    expect(within(card).queryByRole('button', { name: /^Going/ })).not.toBeInTheDocument();
    let dialog = await openDetail(member.user);
    expect(within(dialog).getByTestId('answers-closed')).toHaveTextContent('Answers closed');
    expect(within(dialog).queryByRole('group', { name: 'Your RSVP' })).not.toBeInTheDocument();
    member.unmount();

    const manager = setup({ event: closed });
    dialog = await openDetail(manager.user);
    expect(within(dialog).getByTestId('answers-closed')).toHaveTextContent('Answers closed');
    expect(within(dialog).getByRole('group', { name: 'Your RSVP' })).toBeInTheDocument();
  });
});

describe('answers still open', () => {
  it("keep the card's answer buttons for members before the deadline", async () => {
    setup({
      event: game({ date: inDays(3), rsvpDeadlineHours: 24 }),
      team: makeTeam({ creatorId: 'someone', coachId: 'someone', myAssignedRole: 'parent' }),
    });
    const card = await screen.findByRole('article', { name: 'Cup game' });
    expect(await within(card).findByRole('group', { name: /Your RSVP/ })).toBeInTheDocument();
    expect(within(card).queryByTestId('answers-closed')).not.toBeInTheDocument();
  });
});

describe('setting rsvpDeadlineHours', () => {
  it('the create form sends the hours, nothing when empty, and refuses what is not 1 to 336', () => {
    const filled = { ...defaultEventFormValues, title: 'Game', date: '2030-09-14', time: '10:00' };
    expect(toCreateEventInput(eventFormSchema.parse({ ...filled, rsvpDeadlineHours: '48' }))).toMatchObject({
      rsvpDeadlineHours: 48,
    });
    expect(toCreateEventInput(eventFormSchema.parse(filled))).not.toHaveProperty('rsvpDeadlineHours');
    for (const bad of ['0', '337', 'two']) {
      const parsed = eventFormSchema.safeParse({ ...filled, rsvpDeadlineHours: bad });
      expect(parsed.success, bad).toBe(false);
    }
  });

  it('the edit form sends a changed deadline alone, and null to remove it', () => {
    const event = game({ rsvpDeadlineHours: 24 });
    const at = new Date(event.date);
    const same = {
      title: event.title,
      description: event.description,
      location: event.location,
      date: at.toISOString().slice(0, 10),
      time: at.toISOString().slice(11, 16),
      reason: '',
    };
    expect(toChangeInput(event, 'occurrence', { ...same, rsvpDeadlineHours: '24' })).toBeNull();
    expect(toChangeInput(event, 'occurrence', { ...same, rsvpDeadlineHours: '6' })).toMatchObject({
      rsvpDeadlineHours: 6,
    });
    expect(toChangeInput(event, 'occurrence', { ...same, rsvpDeadlineHours: '' })).toMatchObject({
      rsvpDeadlineHours: null,
    });
  });
});
