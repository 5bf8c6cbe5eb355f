import { act, screen, waitFor, within } from '@testing-library/react';
import type { Match, Participant, PlayingTime, Stat, User } from '@sideline/domain';
import { describe, expect, it } from 'vitest';
import { FakeWebSocket } from '../../../lib/socket/testing/fake-web-socket.ts';
import { mockFetch, renderApp, sampleUser, type MockResponse, type RecordedCall } from '../../../test/utils.tsx';

const coach: User = { ...sampleUser, role: 'coach' };
const parent: User = { ...sampleUser, id: 'u-parent', role: 'parent', accountRole: 'parent' };

const match = (overrides: Partial<Match> = {}): Match => ({
  id: 'm1',
  seasonId: 's1',
  seasonName: 'Spring',
  sportId: 'soccer',
  sportName: 'Soccer',
  status: 'scheduled',
  startTime: '2026-12-05T15:00:00.000Z',
  location: 'Riverside Field 1',
  format: '2 x 30 minutes',
  teamA: { id: 'ta', name: 'Hawks' },
  teamB: { id: 'tb', name: 'Owls' },
  opponentName: null,
  scoreA: 0,
  scoreB: 0,
  winnerId: null,
  winnerSide: null,
  startedAt: null,
  endedAt: null,
  minute: null,
  participantCount: 2,
  canManage: true,
  livestream: null,
  ...overrides,
});

const ava: Participant = {
  id: 'p-ava',
  userId: 'u-ava',
  playerId: null,
  userName: 'Ava Stone',
  teamId: 'ta',
  positionId: 'striker',
  positionName: 'Striker',
  isStarter: true,
  onField: true,
};
const bo: Participant = {
  ...ava,
  id: 'p-bo',
  userId: null,
  playerId: 'r-bo',
  userName: 'Bo Reed',
  teamId: 'tb',
  positionId: null,
  positionName: null,
  isStarter: false,
  onField: false,
};
const goal = (id: string, value = 1, extra: Partial<Stat> = {}): Stat => ({
  id,
  participantId: 'p-ava',
  userId: 'u-ava',
  playerId: null,
  userName: 'Ava Stone',
  teamId: 'ta',
  side: 'teamA',
  statType: 'goals',
  value,
  context: null,
  recordedAt: '2026-12-05T15:10:00.000Z',
  amended: false,
  ...extra,
});
const ledger: PlayingTime = {
  matchId: 'm1',
  players: [
    {
      participantId: 'p-ava',
      userId: 'u-ava',
      playerId: null,
      name: 'Ava Stone',
      teamId: 'ta',
      minutes: 25,
      byPosition: [{ positionId: 'striker', positionName: 'Striker', minutes: 25 }],
      segments: [
        {
          from: '2026-12-05T15:00:00.000Z',
          to: '2026-12-05T15:25:00.000Z',
          positionId: 'striker',
          minutes: 25,
          startedBy: { type: 'MatchStarted', revision: 3 },
          endedBy: { type: 'Substituted', revision: 6 },
        },
      ],
    },
  ],
};

type Handlers = Record<string, MockResponse | ((call: RecordedCall) => MockResponse)>;

function serve(options: { user?: User; matches?: () => Match[]; extra?: Handlers } = {}) {
  return mockFetch({
    'GET /api/user': { status: 200, body: options.user ?? coach },
    'GET /api/teams': { status: 200, body: [] },
    'GET /api/matches': () => ({ status: 200, body: options.matches?.() ?? [match()] }),
    'GET /api/matches/m1/participants': { status: 200, body: [ava, bo] },
    'GET /api/matches/m1/stats': { status: 200, body: [] },
    'GET /api/matches/m1/playing-time': { status: 200, body: { matchId: 'm1', players: [] } },
    'GET /api/sports/soccer/positions': {
      status: 200,
      body: [
        { id: 'goalkeeper', name: 'Goalkeeper' },
        { id: 'striker', name: 'Striker' },
      ],
    },
    ...options.extra,
  });
}

async function openDetails(user: ReturnType<typeof renderApp>['user'], cardName = /Soccer Match: Hawks vs Owls/) {
  const card = await screen.findByRole('article', { name: cardName });
  await user.click(within(card).getByRole('button', { name: 'View Details' }));
  return screen.findByRole('dialog', { name: 'Soccer Match Details' });
}

describe('Games (mocked fetch)', () => {
  it('shows skeletons, then Live first while a game is played, Upcoming soonest first, Results latest first', async () => {
    let release!: () => void;
    const all = [
      match({ id: 'm-later', startTime: '2026-12-12T15:00:00.000Z', teamB: { id: 'tc', name: 'Foxes' } }),
      match(),
      match({
        id: 'm2',
        status: 'in_progress',
        scoreA: 2,
        scoreB: 1,
        teamA: { id: 'ta', name: 'Hawks' },
        teamB: { id: 'tc', name: 'Foxes' },
      }),
      match({ id: 'm3', status: 'complete', winnerId: 'ta', sportId: 'basketball', location: null }),
      match({ id: 'm4', status: 'cancelled', sportId: 'mystery', startTime: '2026-12-20T15:00:00.000Z' }),
    ];
    serve({
      extra: {
        'GET /api/matches': { status: 200, body: all, delay: new Promise<void>((r) => (release = r)) },
      },
    });
    const { user, router } = renderApp('/matches');
    expect(await screen.findByRole('heading', { name: 'Games' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('match-skeleton')).toHaveLength(3));
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Upcoming',
      'Live',
      'Results',
      'Livestreams',
    ]);
    act(() => release());

    await screen.findByRole('list', { name: 'Matches' });
    expect(screen.getByRole('tab', { name: 'Live' })).toHaveAttribute('aria-selected', 'true');
    const live = screen.getByRole('article', { name: 'Soccer Match: Hawks vs Foxes' });
    expect(within(live).getByText('in progress')).toBeInTheDocument();
    expect(within(live).getByTestId('match-score')).toHaveTextContent('2 – 1');
    expect(screen.getAllByRole('article')).toHaveLength(1);

    await user.click(screen.getByRole('tab', { name: 'Upcoming' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute('aria-selected', 'true'));
    expect(router.state.location.search).toBe('?tab=upcoming');
    const upcoming = screen.getAllByRole('article');
    expect(upcoming.map((a) => a.getAttribute('aria-label'))).toEqual([
      'Soccer Match: Hawks vs Owls',
      'Soccer Match: Hawks vs Foxes',
    ]);
    expect(within(upcoming[0]!).getByText('Riverside Field 1')).toBeInTheDocument();
    expect(within(upcoming[0]!).getByTestId('match-score')).toHaveTextContent('vs');

    await user.click(screen.getByRole('tab', { name: 'Results' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Results' })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Unknown Sport Match: Hawks vs Owls',
      'Basketball Match: Hawks vs Owls',
    ]);
    expect(
      within(screen.getByRole('article', { name: 'Basketball Match: Hawks vs Owls' })).getByText('Match Complete'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Sports & stats guide/ })).toHaveAttribute('href', '/sports-demo');
  });

  it('tells a family what shows where, never to create a match; a coach gets Create Match', async () => {
    serve({ user: parent, matches: () => [] });
    const { user } = renderApp('/matches');
    expect(await screen.findByText('No games scheduled')).toBeInTheDocument();
    expect(screen.getByText(/next games show here/)).toBeInTheDocument();
    expect(screen.queryByText(/Create your first match/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Match' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Live' }));
    expect(await screen.findByText('No game in progress')).toBeInTheDocument();
  });

  it('lists the livestreams on now under Livestreams, each opening the stream', async () => {
    serve({
      user: parent,
      extra: {
        'GET /api/livestreams/active': {
          status: 200,
          body: [{ id: 'ls1', teamId: 'ta', teamName: 'Hawks', title: 'Hawks vs Owls, live' }],
        },
      },
    });
    renderApp('/matches?tab=livestreams');
    const list = await screen.findByRole('list', { name: 'Live now' });
    expect(within(list).getByRole('link', { name: /Hawks vs Owls, live/ })).toHaveAttribute(
      'href',
      '/livestream?team=ta&stream=ls1',
    );
    expect(screen.getByRole('link', { name: 'All livestreams' })).toHaveAttribute('href', '/livestream');
  });

  it('gives a coach Create Match beside the title, also with no games', async () => {
    serve({ matches: () => [] });
    renderApp('/matches');
    expect(await screen.findByText('No games scheduled')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Create Match' })).toHaveLength(1);
  });

  it('shows the detail dialog with information, lineup and statistics; buttons follow the match machine', async () => {
    let current = match();
    const { callsTo, ...server } = serve({
      matches: () => [current],
      extra: {
        'PUT /api/matches/m1': (call) => {
          current = match({ status: (call.body as { status: Match['status'] }).status });
          return { status: 200, body: current };
        },
        'GET /api/matches/m1/stats': {
          status: 200,
          body: [goal('g1'), goal('g2', 1, { context: 'penalty' }), { ...goal('s1', 3), statType: 'shots' }],
        },
      },
    });
    void server;
    const { user } = renderApp('/matches');
    const dialog = within(await openDetails(user));
    expect(dialog.getByText('scheduled')).toBeInTheDocument();
    const info = within(dialog.getByLabelText('Match information'));
    expect(info.getByText('Riverside Field 1')).toBeInTheDocument();
    expect(info.getByText('2 participants')).toBeInTheDocument();
    expect(info.getByText('2 x 30 minutes')).toBeInTheDocument();

    const lineup = within(await dialog.findByRole('list', { name: 'Lineup' }));
    expect(lineup.getByText('Ava Stone')).toBeInTheDocument();
    expect(lineup.getByText(/Striker • Starter/)).toBeInTheDocument();
    expect(lineup.getByText(/No Position • Owls/)).toBeInTheDocument();

    // Scheduled: Start and Cancel, lineup; never Complete or Record Stats.
    const actions = within(dialog.getByRole('group', { name: 'Match actions' }));
    expect(actions.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Manage Lineup',
      'Start Match',
      'Cancel Match',
    ]);
    await user.click(actions.getByRole('button', { name: 'Start Match' }));
    await waitFor(() => expect(callsTo('PUT', '/api/matches/m1')[0]?.body).toEqual({ status: 'in_progress' }));
    expect(await screen.findByText('Match status updated successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(dialog.getByRole('group', { name: 'Match actions' }))
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Manage Lineup', 'Record Stats', 'Complete Match', 'Cancel Match']),
    );
    expect(dialog.getByText('in progress')).toBeInTheDocument();

    await user.click(dialog.getByRole('tab', { name: 'Statistics' }));
    const goals = within(await dialog.findByRole('region', { name: 'Goals' }));
    expect(goals.getAllByText('Ava Stone')).toHaveLength(2);
    expect(within(dialog.getByRole('region', { name: 'Shots' })).getByText('3')).toBeInTheDocument();
  });

  it('asks before cancelling, since a cancelled match cannot be restarted', async () => {
    let current = match();
    const { callsTo } = serve({
      matches: () => [current],
      extra: {
        'PUT /api/matches/m1': () => {
          current = match({ status: 'cancelled' });
          return { status: 200, body: current };
        },
      },
    });
    const { user } = renderApp('/matches');
    const dialog = within(await openDetails(user));
    await user.click(dialog.getByRole('button', { name: 'Cancel Match' }));
    expect(callsTo('PUT', '/api/matches/m1')).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Keep it' }));
    expect(dialog.queryByRole('button', { name: 'Yes, cancel the match' })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel Match' }));
    await user.click(dialog.getByRole('button', { name: 'Yes, cancel the match' }));
    await waitFor(() => expect(callsTo('PUT', '/api/matches/m1')[0]?.body).toEqual({ status: 'cancelled' }));
    // Cancelled is final: the machine accepts nothing more, so no action is offered.
    await waitFor(() => expect(dialog.queryByRole('group', { name: 'Match actions' })).not.toBeInTheDocument());
    expect(dialog.getByText('cancelled')).toBeInTheDocument();
  });

  it("shows only what a parent may do (nothing to manage) and how their child's minutes were computed", async () => {
    serve({
      user: parent,
      matches: () => [match({ status: 'in_progress', canManage: false })],
      extra: { 'GET /api/matches/m1/playing-time': { status: 200, body: ledger } },
    });
    const { user } = renderApp('/matches');
    expect(await screen.findByRole('article', { name: /Hawks vs Owls/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Match' })).not.toBeInTheDocument();
    const dialog = within(await openDetails(user));
    expect(dialog.queryByRole('group', { name: 'Match actions' })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('tab', { name: 'Playing Time' }));
    const minutes = within(await dialog.findByRole('list', { name: 'Playing time' }));
    expect(minutes.getByText('25 min')).toBeInTheDocument();
    await user.click(minutes.getByText('Ava Stone'));
    expect(minutes.getByText('How these minutes were computed')).toBeInTheDocument();
    expect(minutes.getByText(/Kick-off \(event #3\) → .* Substitution \(event #6\): 25 min/)).toBeInTheDocument();
  });

  it('moves the score live when the socket says the match changed', async () => {
    let score = 0;
    serve({ user: parent, matches: () => [match({ status: 'in_progress', scoreA: score, canManage: false })] });
    renderApp('/matches');
    const card = await screen.findByRole('article', { name: /Hawks vs Owls/ });
    expect(within(card).getByTestId('match-score')).toHaveTextContent('0 – 0');
    await waitFor(() => expect(FakeWebSocket.latest).toBeDefined());
    const socket = FakeWebSocket.latest!;
    act(() => socket.open());
    score = 1;
    act(() => socket.receive({ type: 'match_updated', matchId: 'm1', teamIds: ['ta', 'tb'] }));
    await waitFor(() => expect(within(card).getByTestId('match-score')).toHaveTextContent('1 – 0'));
  });

  it('records a statistic with the §5 checks and §8 toasts, and corrects one with a reason', async () => {
    let stats: Stat[] = [];
    const { callsTo } = serve({
      matches: () => [match({ status: 'in_progress' })],
      extra: {
        'GET /api/matches/m1/stats': () => ({ status: 200, body: stats }),
        'POST /api/matches/m1/stats': (call) => {
          const body = call.body as { value: number; context: string | null };
          stats = [goal('g1', body.value, { context: body.context })];
          return { status: 201, body: stats[0] };
        },
        'DELETE /api/matches/m1/stats/g1': () => {
          stats = [];
          return { status: 204 };
        },
        'PUT /api/matches/m1/stats/g1': (call) => {
          stats = [goal('g1', (call.body as { value: number }).value, { amended: true })];
          return { status: 200, body: stats[0] };
        },
      },
    });
    const { user } = renderApp('/matches');
    const details = within(await openDetails(user));
    await user.click(details.getByRole('button', { name: 'Record Stats' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Record Match Statistics' }));
    expect(dialog.getByText('No statistics recorded yet')).toBeInTheDocument();
    // Stat types of the sport (§9).
    expect(
      within(dialog.getByLabelText('Stat type'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a stat type', 'Goals', 'Assists', 'Saves', 'Shots', 'Passes', 'Tackles', 'Cards']);
    const value = dialog.getByLabelText('Value');
    expect(value).toHaveAttribute('min', '0');
    expect(value).toHaveAttribute('step', '0.01');
    // A count's usual value: one goal.
    expect(value).toHaveValue(1);

    await user.clear(value);
    await user.type(value, '-1');
    await user.click(dialog.getByRole('button', { name: 'Record Stat' }));
    expect(await dialog.findByText('Player is required')).toBeInTheDocument();
    expect(dialog.getByText('Stat type is required')).toBeInTheDocument();
    expect(dialog.getByText('Value must be positive')).toBeInTheDocument();
    expect(callsTo('POST', '/api/matches/m1/stats')).toHaveLength(0);

    await user.selectOptions(dialog.getByLabelText('Player'), 'p-ava');
    await user.selectOptions(dialog.getByLabelText('Stat type'), 'goals');
    await user.clear(value);
    await user.type(value, '2');
    await user.type(dialog.getByLabelText('Context (optional)'), 'header');
    await user.click(dialog.getByRole('button', { name: 'Record Stat' }));
    await waitFor(() =>
      expect(callsTo('POST', '/api/matches/m1/stats')[0]?.body).toEqual({
        participantId: 'p-ava',
        statType: 'goals',
        value: 2,
        context: 'header',
      }),
    );
    expect(await screen.findByText('Statistic recorded successfully')).toBeInTheDocument();
    const list = within(dialog.getByRole('region', { name: 'Ava Stone' }));
    expect(await list.findByText('Goals: 2 (header)')).toBeInTheDocument();
    // The form is reset.
    await waitFor(() => expect(dialog.getByLabelText('Player')).toHaveValue(''));
    expect(value).toHaveValue(1);

    await user.click(list.getByRole('button', { name: 'Correct Goals: 2 (header)' }));
    const corrected = dialog.getByLabelText('Corrected value');
    await user.clear(corrected);
    await user.type(corrected, '1');
    await user.click(dialog.getByRole('button', { name: 'Save Correction' }));
    expect(await dialog.findByText('Reason is required')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Reason'), 'One was an own goal');
    await user.click(dialog.getByRole('button', { name: 'Save Correction' }));
    await waitFor(() =>
      expect(callsTo('PUT', '/api/matches/m1/stats/g1')[0]?.body).toEqual({
        value: 1,
        context: 'header',
        reason: 'One was an own goal',
      }),
    );
    expect(await dialog.findByText('(corrected)')).toBeInTheDocument();

    // Retracted with a reason: the row goes, the toast still says so.
    await user.click(dialog.getByRole('button', { name: /^Retract Goals: 1/ }));
    await user.type(dialog.getByLabelText('Reason'), 'Disallowed');
    await user.click(dialog.getByRole('button', { name: 'Retract' }));
    await waitFor(() => expect(callsTo('DELETE', '/api/matches/m1/stats/g1')).toHaveLength(1));
    expect(callsTo('DELETE', '/api/matches/m1/stats/g1')[0]!.url).toContain('reason=Disallowed');
    expect(await screen.findByText('Statistic retracted')).toBeInTheDocument();
    expect(await dialog.findByText('No statistics recorded yet')).toBeInTheDocument();
  }, 30_000);

  it('shows a record failure as a destructive Error toast with the server message', async () => {
    serve({
      matches: () => [match({ status: 'in_progress' })],
      extra: {
        'POST /api/matches/m1/stats': {
          status: 409,
          body: {
            message: 'A cancelled match does not accept RecordStat',
            code: 'ILLEGAL_TRANSITION',
            status: 'cancelled',
          },
        },
      },
    });
    const { user } = renderApp('/matches');
    const details = within(await openDetails(user));
    await user.click(details.getByRole('button', { name: 'Record Stats' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Record Match Statistics' }));
    await user.selectOptions(dialog.getByLabelText('Player'), 'p-ava');
    await user.selectOptions(dialog.getByLabelText('Stat type'), 'goals');
    await user.click(dialog.getByRole('button', { name: 'Record Stat' }));
    expect(await screen.findByText('A cancelled match does not accept RecordStat')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('adds a club player from the roster by playerId and a member by userId, and removes before kick-off', async () => {
    const { callsTo } = serve({
      extra: {
        'GET /api/matches/m1/participants': { status: 200, body: [] },
        'GET /api/teams/ta/members': {
          status: 200,
          body: [
            {
              userId: 'u-ava',
              name: 'Ava Stone',
              avatarUrl: null,
              role: 'player',
              assignedRole: 'player',
              canManage: false,
              joinedAt: '2026-01-01T00:00:00.000Z',
            },
            {
              userId: 'u-pa',
              name: 'Pat Parent',
              avatarUrl: null,
              role: 'parent',
              assignedRole: 'parent',
              canManage: false,
              joinedAt: '2026-01-01T00:00:00.000Z',
            },
          ],
        },
        'GET /api/teams/ta/players': {
          status: 200,
          body: [
            {
              id: 'r-cy',
              teamId: 'ta',
              name: 'Cy Young',
              jerseyNumber: '7',
              xp: 0,
              dulars: 0,
              addedAt: '2026-01-01T00:00:00.000Z',
              guardians: [],
              account: null,
              linkStatus: 'unlinked',
              adult: false,
            },
          ],
        },
        'POST /api/matches/m1/participants': { status: 201, body: { ...ava, id: 'p-cy', userName: 'Cy Young' } },
      },
    });
    const { user } = renderApp('/matches');
    const details = within(await openDetails(user));
    expect(await details.findByText('No participants added yet')).toBeInTheDocument();
    await user.click(details.getByRole('button', { name: 'Add Players' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Manage Match Lineup' }));
    await user.click(dialog.getByRole('button', { name: 'Add to Lineup' }));
    expect(await dialog.findByText('Player is required')).toBeInTheDocument();
    const player = dialog.getByLabelText('Player');
    await waitFor(() =>
      expect(
        within(player)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Select a player', 'Cy Young #7', 'Ava Stone']),
    );
    await user.selectOptions(player, 'player:r-cy');
    await user.selectOptions(dialog.getByLabelText('Position (optional)'), 'goalkeeper');
    await user.click(dialog.getByRole('button', { name: 'Add to Lineup' }));
    await waitFor(() =>
      expect(callsTo('POST', '/api/matches/m1/participants')[0]?.body).toEqual({
        playerId: 'r-cy',
        teamId: 'ta',
        positionId: 'goalkeeper',
        isStarter: true,
      }),
    );
    await user.selectOptions(player, 'user:u-ava');
    await user.click(dialog.getByLabelText('Starter'));
    await user.click(dialog.getByRole('button', { name: 'Add to Lineup' }));
    await waitFor(() =>
      expect(callsTo('POST', '/api/matches/m1/participants')[1]?.body).toEqual({
        userId: 'u-ava',
        teamId: 'ta',
        positionId: null,
        isStarter: false,
      }),
    );
  }, 30_000);
});
