import { act, screen, waitFor, within } from '@testing-library/react';
import {
  sportList,
  type BoxScore,
  type Match,
  type MatchTimeline,
  type MatchTimelineEntry,
  type Participant,
  type Stat,
  type User,
} from '@sideline/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../../lib/socket/testing/fake-web-socket.ts';
import { mockFetch, renderApp, sampleUser, type MockResponse, type RecordedCall } from '../../../test/utils.tsx';
import { singularStatLabel } from '../lib/timeline.ts';

const coach: User = { ...sampleUser, role: 'coach' };
const parent: User = { ...sampleUser, id: 'u-parent', role: 'parent', accountRole: 'parent' };

const KICK_OFF = '2026-12-05T15:00:00.000Z';

const match = (overrides: Partial<Match> = {}): Match => ({
  id: 'm1',
  seasonId: null,
  seasonName: null,
  sportId: 'soccer',
  sportName: 'Soccer',
  status: 'in_progress',
  startTime: KICK_OFF,
  location: 'Riverside Park, field 1',
  format: null,
  teamA: { id: 'ta', name: 'Riverside Hawks Under 12 Girls' },
  teamB: { id: null, name: 'Riverside Hawks Under 12 Boys' },
  opponentName: 'Riverside Hawks Under 12 Boys',
  scoreA: 0,
  scoreB: 0,
  winnerId: null,
  winnerSide: null,
  startedAt: KICK_OFF,
  endedAt: null,
  minute: 34,
  participantCount: 2,
  canManage: true,
  livestream: null,
  ...overrides,
});

const mia: Participant = {
  id: 'p-mia',
  userId: null,
  playerId: 'r-mia',
  userName: 'Mia Chen',
  teamId: 'ta',
  positionId: 'striker',
  positionName: 'Striker',
  isStarter: true,
  onField: true,
};
const noah: Participant = { ...mia, id: 'p-noah', playerId: 'r-noah', userName: 'Noah Park', positionName: null };

const statOf = (body: Record<string, unknown>, id: string): Stat => ({
  id,
  participantId: (body.participantId as string | undefined) ?? null,
  userId: null,
  playerId: null,
  userName: body.side === 'opponent' ? 'Riverside Hawks Under 12 Boys' : 'Mia Chen',
  teamId: body.side === 'opponent' ? null : 'ta',
  side: body.side === 'opponent' ? 'opponent' : 'teamA',
  statType: body.statType as string,
  value: body.value as number,
  context: null,
  recordedAt: '2026-12-05T15:33:00.000Z',
  amended: false,
});

type Handlers = Record<string, MockResponse | ((call: RecordedCall) => MockResponse)>;

function serve(options: { user?: User; match?: () => Match; extra?: Handlers } = {}) {
  return mockFetch({
    'GET /api/user': { status: 200, body: options.user ?? coach },
    'GET /api/teams': { status: 200, body: [] },
    'GET /api/matches/m1': () => ({ status: 200, body: options.match?.() ?? match() }),
    'GET /api/matches/m1/participants': { status: 200, body: [mia, noah] },
    'GET /api/matches/m1/timeline': { status: 200, body: { matchId: 'm1', startedAt: KICK_OFF, entries: [] } },
    'GET /api/matches/m1/box-score': {
      status: 200,
      body: { matchId: 'm1', at: null, scoreA: 0, scoreB: 0, teams: [] } satisfies BoxScore,
    },
    ...options.extra,
  });
}

/** The scorer's POSTs, as the server received them. */
function recordingServer(extra: Handlers = {}) {
  let n = 0;
  return serve({
    extra: {
      'POST /api/matches/m1/stats': (call) => ({ status: 201, body: statOf(call.body as never, `stat-${++n}`) }),
      'DELETE /api/matches/m1/stats/stat-1': { status: 204 },
      ...extra,
    },
  });
}

describe('the scorer (mocked fetch)', () => {
  afterEach(() => vi.useRealTimers());

  it('records a goal in two taps: the player, then Goal — value 1 and a clientId, no question asked', async () => {
    const { callsTo } = recordingServer();
    const { user } = renderApp('/matches/m1/score');
    await user.click(await screen.findByRole('button', { name: /Mia Chen/ }));
    await user.click(screen.getByRole('button', { name: 'Goal' }));

    await waitFor(() => expect(callsTo('POST', '/api/matches/m1/stats')).toHaveLength(1));
    const body = callsTo('POST', '/api/matches/m1/stats')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ participantId: 'p-mia', statType: 'goals', value: 1 });
    expect(body.clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(await screen.findByRole('status')).toHaveTextContent('Recorded: Goal · Mia Chen');
    // Back at the players for the next stat.
    expect(screen.getByRole('button', { name: /Noah Park/ })).toBeInTheDocument();
  });

  it('Undo retracts the stat with the reason "Undone by scorer"', async () => {
    const { callsTo } = recordingServer();
    const { user } = renderApp('/matches/m1/score');
    await user.click(await screen.findByRole('button', { name: /Mia Chen/ }));
    await user.click(screen.getByRole('button', { name: 'Goal' }));
    await screen.findByText('Recorded: Goal · Mia Chen');
    await user.click(screen.getByRole('button', { name: /Undo/ }));

    await waitFor(() => expect(callsTo('DELETE', '/api/matches/m1/stats/stat-1')).toHaveLength(1));
    const url = new URL(callsTo('DELETE', '/api/matches/m1/stats/stat-1')[0]!.url, 'http://sideline.test');
    expect(url.searchParams.get('reason')).toBe('Undone by scorer');
    expect(await screen.findByRole('status')).toHaveTextContent('Undone: Goal · Mia Chen');
  });

  it('offers Undo for 10 seconds after the stat was recorded, then the confirmation goes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    recordingServer();
    const { user } = renderApp('/matches/m1/score');
    await user.click(await screen.findByRole('button', { name: /Mia Chen/ }));
    await user.click(screen.getByRole('button', { name: 'Goal' }));
    await screen.findByText('Recorded: Goal · Mia Chen');
    act(() => vi.advanceTimersByTime(9_000));
    expect(screen.getByRole('button', { name: /Undo/ })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_500));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Undo/ })).not.toBeInTheDocument());
  });

  it("scores the opponent outside Sideline with the sport's scoring types only, and no player", async () => {
    const { callsTo } = recordingServer();
    const { user } = renderApp('/matches/m1/score');
    await user.click(await screen.findByRole('button', { name: 'Opponent' }));
    const picker = screen.getByRole('region', { name: 'Stat for Riverside Hawks Under 12 Boys' });
    expect(
      within(picker)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Goal', 'Choose someone else']);
    await user.click(within(picker).getByRole('button', { name: 'Goal' }));
    await waitFor(() => expect(callsTo('POST', '/api/matches/m1/stats')).toHaveLength(1));
    const body = callsTo('POST', '/api/matches/m1/stats')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ side: 'opponent', statType: 'goals', value: 1 });
    expect(body).not.toHaveProperty('participantId');
  });

  it('taps a basketball basket as 1, 2 or 3 points, one button each, recorded at once', async () => {
    const { callsTo } = serve({
      match: () => match({ sportId: 'basketball', sportName: 'Basketball' }),
      extra: {
        'POST /api/matches/m1/stats': (call) => ({ status: 201, body: statOf(call.body as never, 'stat-1') }),
      },
    });
    const { user } = renderApp('/matches/m1/score');
    await user.click(await screen.findByRole('button', { name: /Mia Chen/ }));
    const picker = screen.getByRole('region', { name: 'Stat for Mia Chen' });
    expect(
      within(picker)
        .getAllByRole('button')
        .map((b) => b.textContent)
        .slice(0, 4),
    ).toEqual(['1 point', '2 points', '3 points', 'Rebound']);
    await user.click(within(picker).getByRole('button', { name: '3 points' }));
    await waitFor(() => expect(callsTo('POST', '/api/matches/m1/stats')).toHaveLength(1));
    expect(callsTo('POST', '/api/matches/m1/stats')[0]!.body).toMatchObject({
      participantId: 'p-mia',
      statType: 'points',
      value: 3,
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Recorded: 3 points · Mia Chen');
  });

  it('asks a measured stat’s value on the number pad', async () => {
    const { callsTo } = serve({
      match: () => match({ sportId: 'track_field', sportName: 'Track & Field' }),
      extra: {
        'POST /api/matches/m1/stats': (call) => ({ status: 201, body: statOf(call.body as never, 'stat-1') }),
      },
    });
    const { user } = renderApp('/matches/m1/score');
    await user.click(await screen.findByRole('button', { name: /Mia Chen/ }));
    await user.click(screen.getByRole('button', { name: /Time/ }));
    const pad = screen.getByRole('group', { name: 'Number pad' });
    for (const key of ['1', '2', 'Decimal point', '5'])
      await user.click(within(pad).getByRole('button', { name: key }));
    expect(screen.getByLabelText('Time')).toHaveTextContent('12.5');
    await user.click(screen.getByRole('button', { name: 'Record time' }));
    await waitFor(() => expect(callsTo('POST', '/api/matches/m1/stats')).toHaveLength(1));
    expect(callsTo('POST', '/api/matches/m1/stats')[0]!.body).toMatchObject({ statType: 'time', value: 12.5 });
    expect(await screen.findByRole('status')).toHaveTextContent('Recorded: Time 12.5 · Mia Chen');
  });

  it('sends a failed stat again with the same clientId', async () => {
    let attempts = 0;
    const { callsTo } = serve({
      extra: {
        'POST /api/matches/m1/stats': (call) =>
          ++attempts === 1
            ? { status: 503, body: { message: 'Saved; it takes a moment to show', code: 'NOT_READY' } }
            : { status: 201, body: statOf(call.body as never, 'stat-1') },
      },
    });
    const { user } = renderApp('/matches/m1/score');
    await user.click(await screen.findByRole('button', { name: /Mia Chen/ }));
    await user.click(screen.getByRole('button', { name: 'Goal' }));
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await screen.findByText('Recorded: Goal · Mia Chen');
    const [first, second] = callsTo('POST', '/api/matches/m1/stats').map(
      (c) => (c.body as { clientId: string }).clientId,
    );
    expect(second).toBe(first);
  });

  it('offers Start Match (not the players) before kick-off, and Complete and Cancel once started', async () => {
    let current = match({ status: 'scheduled', startedAt: null, minute: null });
    serve({
      match: () => current,
      extra: {
        'PUT /api/matches/m1': () => {
          current = match();
          return { status: 200, body: current };
        },
      },
    });
    const { user } = renderApp('/matches/m1/score');
    expect(await screen.findByRole('button', { name: 'Cancel Match' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete Match' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mia Chen/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start Match' }));
    expect(await screen.findByRole('button', { name: 'Complete Match' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Match' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start Match' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Mia Chen/ })).toBeInTheDocument();
  });

  it('tells a family member the scorer is for coaches', async () => {
    serve({ user: parent, match: () => match({ canManage: false }) });
    renderApp('/matches/m1/score');
    expect(
      await screen.findByRole('heading', { name: "Only the team's coaches score this match" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mia Chen/ })).not.toBeInTheDocument();
  });
});

const entry = (overrides: Partial<MatchTimelineEntry>): MatchTimelineEntry => ({
  seq: 1,
  kind: 'recorded',
  statId: 's1',
  side: 'teamA',
  teamId: 'ta',
  participantId: 'p-mia',
  playerName: 'Mia Chen',
  sideName: 'Riverside Hawks Under 12 Girls',
  statType: 'goals',
  scoring: true,
  value: 1,
  previousValue: null,
  reason: null,
  at: '2026-12-05T15:11:30.000Z',
  minute: 12,
  amendedSince: false,
  retractedSince: false,
  ...overrides,
});

const timeline: MatchTimeline = {
  matchId: 'm1',
  startedAt: KICK_OFF,
  entries: [
    entry({ seq: 4 }),
    entry({ seq: 5, kind: 'recorded', statId: 's2', statType: 'assists', scoring: false, minute: 12 }),
    entry({
      seq: 6,
      statId: 's3',
      side: 'opponent',
      teamId: null,
      participantId: null,
      playerName: null,
      sideName: 'Riverside Hawks Under 12 Boys',
      minute: 20,
      retractedSince: true,
    }),
    entry({ seq: 7, kind: 'retracted', statId: 's3', side: 'opponent', reason: 'Undone by scorer', minute: 20 }),
    entry({ seq: 8, statId: 's4', playerName: 'Noah Park', minute: 31, amendedSince: true }),
    entry({
      seq: 9,
      kind: 'amended',
      statId: 's4',
      value: 2,
      previousValue: 1,
      reason: 'Two goals, one entry',
      minute: 33,
    }),
  ],
};

const boxScore: BoxScore = {
  matchId: 'm1',
  at: null,
  scoreA: 3,
  scoreB: 0,
  teams: [
    {
      teamId: 'ta',
      side: 'teamA',
      name: 'Riverside Hawks Under 12 Girls',
      score: 3,
      totals: { goals: 3, assists: 1 },
      players: [{ participantId: 'p-mia', name: 'Mia Chen', stats: { goals: 1, assists: 1 } }],
    },
    { teamId: null, side: 'opponent', name: 'Riverside Hawks Under 12 Boys', score: 0, totals: {}, players: [] },
  ],
};

describe('the match page (mocked fetch)', () => {
  it('shows a family the score with both names in full, the live minute, the timeline with its corrections, lineups, box score and Watch live — and no management', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-12-05T15:33:10.000Z') });
    serve({
      user: parent,
      match: () =>
        match({ canManage: false, scoreA: 3, livestream: { id: 'ls-1', teamId: 'ta', title: 'Hawks live' } }),
      extra: {
        'GET /api/matches/m1/timeline': { status: 200, body: timeline },
        'GET /api/matches/m1/box-score': { status: 200, body: boxScore },
      },
    });
    renderApp('/matches/m1');
    const score = await screen.findByRole('group', {
      name: 'Score: Riverside Hawks Under 12 Girls 3, Riverside Hawks Under 12 Boys 0',
    });
    expect(within(score).getByText('Riverside Hawks Under 12 Girls')).toBeInTheDocument();
    expect(within(score).getByText('Riverside Hawks Under 12 Boys')).toBeInTheDocument();
    expect(screen.getByTestId('match-clock')).toHaveTextContent("Live 34'");
    expect(screen.getByTestId('match-clock')).toHaveTextContent('33:10 since kick-off');
    expect(screen.getByRole('link', { name: /Riverside Park, field 1/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=Riverside%20Park%2C%20field%201',
    );
    expect(screen.getByRole('link', { name: /Watch live/ })).toHaveAttribute('href', '/livestream?stream=ls-1');

    const rows = within(await screen.findByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    // Scoring stats only, newest first.
    expect(rows.map((r) => r.textContent)).toEqual([
      "31'2 goals · Noah Park (Riverside Hawks Under 12 Girls)Corrected from 1 to 2: Two goals, one entry",
      "20'Goal · Riverside Hawks Under 12 BoysTaken back: Undone by scorer",
      "12'Goal · Mia Chen (Riverside Hawks Under 12 Girls)",
    ]);
    expect(rows[1]!.querySelector('.line-through')).not.toBeNull();
    expect(rows[0]!.querySelector('.line-through')).toBeNull();

    expect(screen.getByRole('region', { name: 'Riverside Hawks Under 12 Girls lineup' })).toHaveTextContent('Mia Chen');
    const box = screen.getByRole('region', { name: 'Riverside Hawks Under 12 Boys box score' });
    expect(box).toHaveTextContent('No stats recorded');
    expect(screen.getByRole('region', { name: 'Riverside Hawks Under 12 Girls box score' })).toHaveTextContent(
      'Goals 3 · Assists 1',
    );

    expect(screen.queryByRole('link', { name: 'Score' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Complete Match|Start Match|Cancel Match/ })).not.toBeInTheDocument();

    // The clock ticks on its own.
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByTestId('match-clock')).toHaveTextContent("Live 35'");
    vi.useRealTimers();
  });

  it('follows match_updated without a reload: the new score and the goal in the timeline', async () => {
    let scoreA = 0;
    let entries: MatchTimelineEntry[] = [];
    serve({
      user: parent,
      match: () => match({ canManage: false, scoreA }),
      extra: {
        'GET /api/matches/m1/timeline': () => ({ status: 200, body: { matchId: 'm1', startedAt: KICK_OFF, entries } }),
      },
    });
    renderApp('/matches/m1');
    await screen.findByRole('group', { name: /Girls 0, Riverside Hawks Under 12 Boys 0/ });
    await waitFor(() => expect(FakeWebSocket.latest).toBeDefined());
    const socket = FakeWebSocket.latest!;
    act(() => socket.open());
    scoreA = 1;
    entries = [entry({ minute: 34 })];
    act(() => socket.receive({ type: 'match_updated', matchId: 'm1', teamIds: ['ta'] }));
    await screen.findByRole('group', { name: /Girls 1, Riverside Hawks Under 12 Boys 0/ });
    expect(await screen.findByText("34'")).toBeInTheDocument();
  });

  it('gives its managers Score (the scorer) and the status changes the machine allows', async () => {
    serve({ match: () => match({ status: 'scheduled', startedAt: null, minute: null }) });
    const { user, router } = renderApp('/matches/m1');
    expect(await screen.findByRole('button', { name: 'Start Match' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Match' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete Match' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Score' }));
    expect(router.state.location.pathname).toBe('/matches/m1/score');
  });

  it("shows the friendly not-found state for a match that is not there (or another team's)", async () => {
    serve({
      extra: { 'GET /api/matches/m9': { status: 404, body: { message: 'Match not found', code: 'NOT_FOUND' } } },
    });
    renderApp('/matches/m9');
    expect(await screen.findByRole('heading', { name: "We can't find this match" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });
});

describe('the Record Stats dialog (mocked fetch)', () => {
  async function openRecordStats(current: Match) {
    const server = serve({
      match: () => current,
      extra: {
        'GET /api/matches': { status: 200, body: [current] },
        'GET /api/matches/m1/stats': { status: 200, body: [] },
        'GET /api/matches/m1/playing-time': { status: 200, body: { matchId: 'm1', players: [] } },
        'POST /api/matches/m1/stats': (call) => ({ status: 201, body: statOf(call.body as never, 'stat-1') }),
      },
    });
    const view = renderApp('/matches');
    const card = await screen.findByRole('article', { name: /Match: Riverside Hawks Under 12 Girls vs/ });
    await view.user.click(within(card).getByRole('button', { name: 'View Details' }));
    const details = await screen.findByRole('dialog', { name: /Match Details/ });
    await view.user.click(within(details).getByRole('button', { name: 'Record Stats' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Record Match Statistics' }));
    return { ...server, ...view, dialog };
  }

  it('starts a count at 1 and a measure empty; 0 stays valid', async () => {
    const { user, dialog, callsTo } = await openRecordStats(
      match({ sportId: 'track_field', sportName: 'Track & Field' }),
    );
    const value = dialog.getByLabelText('Value');
    expect(value).toHaveValue(1);
    await user.selectOptions(dialog.getByLabelText('Stat type'), 'time');
    expect(value).toHaveValue(null);
    await user.selectOptions(dialog.getByLabelText('Stat type'), 'points');
    expect(value).toHaveValue(1);
    await user.clear(value);
    await user.type(value, '0');
    await user.selectOptions(dialog.getByLabelText('Player'), 'p-mia');
    await user.click(dialog.getByRole('button', { name: 'Record Stat' }));
    await waitFor(() =>
      expect(callsTo('POST', '/api/matches/m1/stats')[0]?.body).toMatchObject({ statType: 'points', value: 0 }),
    );
  });

  it("records the opponent's goal (scoring types only, no player)", async () => {
    const { user, dialog, callsTo } = await openRecordStats(match());
    await user.selectOptions(dialog.getByLabelText('Player'), 'Riverside Hawks Under 12 Boys (opponent)');
    expect(
      within(dialog.getByLabelText('Stat type'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a stat type', 'Goals']);
    await user.selectOptions(dialog.getByLabelText('Stat type'), 'goals');
    await user.click(dialog.getByRole('button', { name: 'Record Stat' }));
    await waitFor(() =>
      expect(callsTo('POST', '/api/matches/m1/stats')[0]?.body).toMatchObject({
        side: 'opponent',
        statType: 'goals',
        value: 1,
      }),
    );
    expect(callsTo('POST', '/api/matches/m1/stats')[0]?.body).not.toHaveProperty('participantId');
  });
});

describe('stat words', () => {
  it('names one of each stat type of the catalogue in the singular, and a measure by its name', () => {
    const words = new Map(sportList.flatMap((sport) => sport.statTypes.map((t) => [t, singularStatLabel(t)])));
    expect(Object.fromEntries(words)).toMatchObject({
      goals: 'Goal',
      passes: 'Pass',
      penalties: 'Penalty',
      unforced_errors: 'Unforced error',
      fairways_hit: 'Fairways hit',
      strokes: 'Strokes',
      time: 'Time',
      touchdowns: 'Touchdown',
    });
    for (const word of words.values()) expect(word).not.toMatch(/(ie|sse)$/);
  });
});
