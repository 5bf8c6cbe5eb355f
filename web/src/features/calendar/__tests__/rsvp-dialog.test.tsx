import type { User } from '@sideline/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTeam, ownAnswer, unchangedOccurrence } from '../../../test/fixtures.ts';
import { mockFetch, renderApp, sampleUser } from '../../../test/utils.tsx';
import type { TeamEvent } from '../types.ts';

const parent: User = { ...sampleUser, id: 'u-9', name: 'Pat Parent', role: 'parent' };
const date = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString();
const practice: TeamEvent = {
  id: 'ev-1',
  teamId: 'team-1',
  title: 'Practice',
  description: '',
  date,
  location: 'Field 2',
  isRecurring: false,
  recurringType: null,
  recurringInterval: null,
  recurringDays: null,
  recurringEndDate: null,
  recurringEndCount: null,
  timeZone: 'UTC',
  seriesId: 'ev-1',
  occurrenceDate: date,
  rsvps: [{ id: 'r-1', status: 'no', userId: parent.id, user: { name: parent.name }, ...ownAnswer }],
  ...unchangedOccurrence,
};

function openEvents(rsvpDelay?: Promise<unknown>) {
  const fetch = mockFetch({
    'GET /api/user': { status: 200, body: parent },
    'GET /api/teams': { status: 200, body: [makeTeam({ myAssignedRole: 'parent' })] },
    'GET /api/teams/team-1/events': { status: 200, body: [practice] },
    'POST /api/events/ev-1/rsvp': { status: 200, body: {}, ...(rsvpDelay ? { delay: rsvpDelay } : {}) },
  });
  return { ...fetch, ...renderApp('/events/team-1') };
}

async function openDetail(user: ReturnType<typeof openEvents>['user']) {
  const card = within(await screen.findByRole('article', { name: 'Practice' })).getAllByRole('button')[0]!;
  await user.click(card);
  return { card, dialog: await screen.findByRole('dialog', { name: 'Practice' }) };
}

describe('the RSVP dialog', () => {
  it("shows the chosen answer in its own colours: the outline button's white background and grey border do not win", async () => {
    const { user } = openEvents();
    const { dialog } = await openDetail(user);
    const chosen = within(dialog).getByRole('button', { name: 'Not Going' });
    expect(chosen).toHaveAttribute('aria-pressed', 'true');
    expect(chosen).toHaveClass('bg-red-50', 'border-red-600');
    expect(chosen).not.toHaveClass('bg-white');
    expect(chosen).not.toHaveClass('border-slate-200');
    const other = within(dialog).getByRole('button', { name: 'Maybe' });
    expect(other).toHaveClass('bg-white');
    expect(other).not.toHaveClass('bg-amber-50');
  });

  it('keeps focus on the pressed button while the answer saves, and a second press sends nothing', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { user, callsTo } = openEvents(gate);
    const { dialog } = await openDetail(user);
    const maybe = within(dialog).getByRole('button', { name: 'Maybe' });
    await user.click(maybe);
    expect(maybe).toHaveFocus();
    expect(maybe).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Going' }));
    expect(callsTo('POST', '/api/events/ev-1/rsvp')).toHaveLength(1);
    await act(async () => release());
    await waitFor(() => expect(maybe).not.toHaveAttribute('aria-disabled'));
    expect(maybe).toHaveAttribute('aria-pressed', 'true');
  });

  it('gives focus back to the event card when the dialog closes', async () => {
    const { user } = openEvents();
    const { card } = await openDetail(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(card).toHaveFocus());
  });
});
