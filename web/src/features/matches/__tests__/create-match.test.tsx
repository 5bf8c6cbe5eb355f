import { screen, waitFor, within } from '@testing-library/react';
import type { Match, Season } from '@sideline/domain';
import { describe, expect, it } from 'vitest';
import { makeTeam } from '../../../test/fixtures.ts';
import { mockFetch, renderApp, sampleUser, type MockResponse, type RecordedCall } from '../../../test/utils.tsx';

/** An hour ahead, as a `datetime-local` value in the test's zone. */
function inAnHour(): string {
  const d = new Date(Date.now() + 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const hawks = makeTeam({ id: 't-hawks', name: 'Hawks', sport: 'Soccer', orgId: null, isIndie: true, creatorId: 'u-1' });
const spring: Season = {
  id: 's1',
  name: 'Spring',
  sport: 'Soccer',
  sportId: 'soccer',
} as Season;

function serve(options: { teams?: unknown[]; seasons?: Season[]; post?: (call: RecordedCall) => MockResponse }) {
  return mockFetch({
    'GET /api/user': { status: 200, body: { ...sampleUser, role: 'coach' } },
    'GET /api/teams': { status: 200, body: options.teams ?? [hawks] },
    'GET /api/matches': { status: 200, body: [] },
    'GET /api/seasons': { status: 200, body: options.seasons ?? [] },
    'GET /api/seasons/s1/teams': {
      status: 200,
      body: [
        { id: 't-a', name: 'Lions' },
        { id: 't-b', name: 'Falcons' },
      ],
    },
    'POST /api/matches':
      options.post ??
      ((call) => ({
        status: 201,
        body: {
          ...(call.body as object),
          id: 'm1',
          teamA: { id: 't-hawks', name: 'Hawks' },
          teamB: { id: null, name: 'Eastside FC' },
          sportId: 'soccer',
        } as unknown as Match,
      })),
  });
}

async function openCreate() {
  const view = renderApp('/matches');
  await view.user.click((await screen.findAllByRole('button', { name: 'Create Match' }))[0]!);
  const dialog = within(await screen.findByRole('dialog', { name: 'Create Match' }));
  return { ...view, dialog };
}

describe('Create Match (mocked fetch)', () => {
  it("lets a coach of an independent team (no organization, no seasons) schedule against a club that isn't on Sideline", async () => {
    const { callsTo } = serve({});
    const { user, dialog } = await openCreate();
    await waitFor(() => expect(dialog.getByLabelText('Home team')).toHaveValue('t-hawks'));
    expect(dialog.queryByLabelText('Season')).not.toBeInTheDocument();
    expect(dialog.queryByText(/no seasons/)).not.toBeInTheDocument();
    await waitFor(() => expect(dialog.getByLabelText('Sport')).toHaveValue('soccer'));
    expect(dialog.getByRole('radio', { name: 'Not on Sideline' })).toBeChecked();
    await user.type(dialog.getByLabelText("Opponent's name"), 'Eastside FC');
    await user.type(dialog.getByLabelText('Start time'), inAnHour());
    await user.click(dialog.getByRole('button', { name: 'Create Match' }));
    await waitFor(() => expect(callsTo('POST', '/api/matches')).toHaveLength(1));
    expect(callsTo('POST', '/api/matches')[0]!.body).toMatchObject({
      seasonId: null,
      sportId: 'soccer',
      teamAId: 't-hawks',
      teamBId: null,
      opponentName: 'Eastside FC',
      status: 'scheduled',
    });
    expect(await screen.findByText('Match scheduled')).toBeInTheDocument();
  });

  it("shows the server's field errors beside the fields", async () => {
    serve({
      post: () => ({
        status: 400,
        body: {
          message: 'Please check the highlighted fields',
          code: 'VALIDATION',
          fieldErrors: { opponentName: ['Choose the away team or name the opponent'] },
        },
      }),
    });
    const { user, dialog } = await openCreate();
    await waitFor(() => expect(dialog.getByLabelText('Home team')).toHaveValue('t-hawks'));
    await user.type(dialog.getByLabelText("Opponent's name"), 'Eastside FC');
    await user.type(dialog.getByLabelText('Start time'), inAnHour());
    await user.click(dialog.getByRole('button', { name: 'Create Match' }));
    expect(await dialog.findByText('Choose the away team or name the opponent')).toBeInTheDocument();
    expect(dialog.getByLabelText("Opponent's name")).toHaveAttribute('aria-invalid', 'true');
  });

  it("names a season's opponent that isn't on Sideline instead of an away team", async () => {
    const { callsTo } = serve({ teams: [{ ...hawks, orgId: 'o1', isIndie: false }], seasons: [spring] });
    const { user, dialog } = await openCreate();
    expect(dialog.queryByRole('radio', { name: 'My independent team' })).not.toBeInTheDocument();
    await user.selectOptions(dialog.getByLabelText('Season'), 's1');
    await waitFor(() => expect(within(dialog.getByLabelText('Home team')).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(dialog.getByLabelText('Home team'), 't-a');
    await user.click(dialog.getByRole('radio', { name: 'Not on Sideline' }));
    expect(dialog.queryByLabelText('Away team')).not.toBeInTheDocument();
    await user.type(dialog.getByLabelText("Opponent's name"), 'Eastside FC');
    await user.type(dialog.getByLabelText('Start time'), inAnHour());
    await user.click(dialog.getByRole('button', { name: 'Create Match' }));
    await waitFor(() =>
      expect(callsTo('POST', '/api/matches')[0]?.body).toMatchObject({
        seasonId: 's1',
        teamAId: 't-a',
        teamBId: null,
        opponentName: 'Eastside FC',
      }),
    );
  });

  it('offers both paths to a coach with a season and an independent team', async () => {
    serve({ teams: [hawks], seasons: [spring] });
    const { user, dialog } = await openCreate();
    expect(await dialog.findByRole('radio', { name: 'A club season' })).toBeChecked();
    expect(dialog.getByLabelText('Season')).toBeInTheDocument();
    await user.click(dialog.getByRole('radio', { name: 'My independent team' }));
    expect(dialog.queryByLabelText('Season')).not.toBeInTheDocument();
    await waitFor(() => expect(dialog.getByLabelText('Home team')).toHaveValue('t-hawks'));
  });
});
