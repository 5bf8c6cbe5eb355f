import type { GameRecap } from '@sideline/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { mockFetch } from '../../../test/utils.tsx';
import { RecapCard } from '../components/recap-card.tsx';

const recap = (overrides: Partial<GameRecap> = {}): GameRecap => ({
  title: 'Derby vs Lions recap',
  content:
    'Derby vs Lions (Sat, Jan 3 at Field 3): 5 going, 1 maybe, 0 not going.\nKey moments:\n• Ana led the team with 42 XP',
  stats: { finalScore: null, topScorer: 'Ana', keyMoments: 1 },
  generatedAt: '2026-01-04T10:00:00.000Z',
  ...overrides,
});

function renderCard() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RecapCard teamId="team-1" />
    </QueryClientProvider>,
  );
  return { user };
}

describe('RecapCard (mocked fetch)', () => {
  it("generates the team's recap on mount and shows title, content and stats", async () => {
    // No results to read: the recap covers the last event and the activity.
    const { callsTo } = mockFetch({ 'POST /api/ai/game-recap': { status: 200, body: recap() } });
    renderCard();
    expect(await screen.findByRole('heading', { name: 'Derby vs Lions recap' })).toBeInTheDocument();
    expect(screen.getByText(/5 going, 1 maybe/)).toBeInTheDocument();
    expect(screen.getByText('Top scorer').nextSibling).toHaveTextContent('Ana');
    expect(screen.getByText('Final score').nextSibling).toHaveTextContent('—');
    expect(screen.getByText('Key moments').nextSibling).toHaveTextContent('1');
    expect(callsTo('POST', '/api/ai/game-recap').map((c) => c.body)).toEqual([{ teamId: 'team-1' }]);
  });

  it('covers the latest completed match, never one in progress or to come', async () => {
    const result = { id: 'm-done', status: 'complete' };
    const { callsTo } = mockFetch({
      'GET /api/teams/team-1/matches': {
        status: 200,
        body: { live: [{ id: 'm-live', status: 'in_progress' }], upcoming: [{ id: 'm-next' }], recent: [result] },
      },
      'POST /api/ai/game-recap': {
        status: 200,
        body: recap({ stats: { finalScore: '2 – 1', topScorer: 'Ana', keyMoments: 1 } }),
      },
    });
    const { user } = renderCard();
    await screen.findByRole('heading', { name: 'Derby vs Lions recap' });
    expect(screen.getByText('Final score').nextSibling).toHaveTextContent('2 – 1');
    expect(callsTo('POST', '/api/ai/game-recap').map((c) => c.body)).toEqual([{ teamId: 'team-1', matchId: 'm-done' }]);
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    await screen.findByRole('button', { name: 'Regenerate' });
    expect(callsTo('POST', '/api/ai/game-recap').at(-1)!.body).toEqual({ teamId: 'team-1', matchId: 'm-done' });
  });

  it("reads 'Generating...' and is disabled while regenerating, then shows the new recap", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let n = 0;
    mockFetch({
      'POST /api/ai/game-recap': () =>
        ++n === 1
          ? { status: 200, body: recap() }
          : {
              status: 200,
              body: recap({ title: 'Fresh recap', stats: { finalScore: '3 – 1', topScorer: 'Ben', keyMoments: 4 } }),
              delay: gate,
            },
    });
    const { user } = renderCard();
    await screen.findByRole('heading', { name: 'Derby vs Lions recap' });
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    const pending = await screen.findByRole('button', { name: 'Generating...' });
    expect(pending).toBeDisabled();
    release();
    expect(await screen.findByRole('heading', { name: 'Fresh recap' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeEnabled();
    expect(screen.getByText('Final score').nextSibling).toHaveTextContent('3 – 1');
  });

  it('shows an error state and lets the user retry', async () => {
    let n = 0;
    mockFetch({
      'POST /api/ai/game-recap': () =>
        ++n === 1
          ? { status: 404, body: { message: 'Team not found', code: 'TEAM_NOT_FOUND' } }
          : { status: 200, body: recap() },
    });
    const { user } = renderCard();
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't generate the recap: Team not found");
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByRole('heading', { name: 'Derby vs Lions recap' })).toBeInTheDocument();
  });
});
