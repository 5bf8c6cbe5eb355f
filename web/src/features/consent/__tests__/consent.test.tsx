import type { Player, PlayerConsents, TeamConsentSummary } from '@sideline/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTeam } from '../../../test/fixtures.ts';
import { MediaTile } from '../../media/components/media-tile.tsx';
import { mockFetch, renderApp, sampleUser } from '../../../test/utils.tsx';

const parentTeam = makeTeam({ myAssignedRole: 'parent', creatorId: 'someone-else' });
const coachTeam = makeTeam();
const guardian = {
  userId: sampleUser.id,
  name: sampleUser.name,
  avatarUrl: null,
  linkedAt: '2026-11-01T10:00:00.000Z',
};

function player(id: string, name: string, guardians = [guardian]): Player {
  return {
    id,
    teamId: 'team-1',
    name,
    jerseyNumber: null,
    xp: 0,
    dulars: 0,
    addedAt: '2026-11-01T09:00:00.000Z',
    guardians,
    account: null,
    linkStatus: guardians.length > 0 ? 'linked' : 'unlinked',
    adult: false,
  };
}
const mia = player('p-mia', 'Mia');

const status = (state: 'given' | 'withheld' | 'unknown', outdated = false) => ({
  state,
  by: state === 'unknown' ? null : { id: sampleUser.id, name: sampleUser.name },
  at: state === 'unknown' ? null : '2026-11-20T10:00:00.000Z',
  textVersion: state === 'unknown' ? null : 1,
  outdated,
  effective: state === 'given',
});
function consents(overrides: Partial<PlayerConsents> = {}): PlayerConsents {
  return {
    playerId: mia.id,
    photos: status('unknown'),
    livestream: status('given'),
    public: status('withheld'),
    wording: { text: 'I agree that my child may appear…', version: 2 },
    canAnswer: true,
    history: [],
    ...overrides,
  };
}

function parentPage(put: Parameters<typeof mockFetch>[0][string], read = consents()) {
  return mockFetch({
    'GET /api/user': { status: 200, body: { ...sampleUser, role: 'parent' } },
    [`GET /api/teams/${parentTeam.id}`]: { status: 200, body: parentTeam },
    [`GET /api/teams/${parentTeam.id}/members`]: { status: 200, body: [] },
    [`GET /api/teams/${parentTeam.id}/players`]: { status: 200, body: [mia, player('p-noah', 'Noah', [])] },
    'GET /api/user/muted-teams': { status: 200, body: [] },
    [`GET /api/teams/${parentTeam.id}/players/${mia.id}/consents`]: { status: 200, body: read },
    [`PUT /api/teams/${parentTeam.id}/players/${mia.id}/consents`]: put,
  });
}

describe('Team page: a parent answers their child’s consents', () => {
  it('shows three switches for their own child only, and gives photo consent under the wording shown', async () => {
    const { callsTo } = parentPage({
      status: 200,
      body: consents({ photos: { ...status('given'), textVersion: 2 } }),
    });
    const { user } = renderApp(`/team/${parentTeam.id}`);
    const card = await screen.findByRole('region', { name: 'Consent for Mia' });
    expect(screen.queryByRole('region', { name: 'Consent for Noah' })).not.toBeInTheDocument();
    const photos = await within(card).findByRole('switch', { name: 'Team photos and videos' });
    expect(photos).toHaveAttribute('aria-checked', 'false');
    expect(within(card).getByRole('switch', { name: 'Livestreams and recordings' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(within(card).getByRole('switch', { name: 'Public' })).toHaveAttribute('aria-checked', 'false');
    await user.click(photos);
    await waitFor(() => expect(photos).toHaveAttribute('aria-checked', 'true'));
    expect(callsTo('PUT', `/api/teams/${parentTeam.id}/players/${mia.id}/consents`)[0]!.body).toEqual({
      photos: 'given',
      textVersion: 2,
    });
  });

  it('asks again when the club changed its wording, and shows the server’s refusal', async () => {
    parentPage(
      {
        status: 409,
        body: { message: 'The consent text has changed since it was shown', code: 'CONSENT_TEXT_OUTDATED' },
      },
      consents({ livestream: status('given', true) }),
    );
    const { user } = renderApp(`/team/${parentTeam.id}`);
    const card = await screen.findByRole('region', { name: 'Consent for Mia' });
    expect(await within(card).findByText(/changed its consent wording/)).toBeInTheDocument();
    await user.click(within(card).getByRole('switch', { name: 'Public' }));
    expect(await within(card).findByText('The consent text has changed since it was shown')).toBeInTheDocument();
  });

  it('shows an error with a retry when the consents cannot be loaded', async () => {
    mockFetch({
      'GET /api/user': { status: 200, body: { ...sampleUser, role: 'parent' } },
      [`GET /api/teams/${parentTeam.id}`]: { status: 200, body: parentTeam },
      [`GET /api/teams/${parentTeam.id}/members`]: { status: 200, body: [] },
      [`GET /api/teams/${parentTeam.id}/players`]: { status: 200, body: [mia] },
      'GET /api/user/muted-teams': { status: 200, body: [] },
      [`GET /api/teams/${parentTeam.id}/players/${mia.id}/consents`]: {
        status: 500,
        body: { message: 'Server down', code: 'INTERNAL' },
      },
    });
    renderApp(`/team/${parentTeam.id}`);
    const card = await screen.findByRole('region', { name: 'Consent for Mia' });
    expect(await within(card).findByRole('button', { name: /Try again/ }, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe('Team page: coaches see consent badges and a summary', () => {
  it('badges players without photo or stream consent and counts them', async () => {
    const summary: TeamConsentSummary = {
      players: [
        { playerId: 'p-mia', photos: false, livestream: true, public: false },
        { playerId: 'p-noah', photos: false, livestream: false, public: false },
        { playerId: 'p-ava', photos: true, livestream: true, public: true },
      ],
      withoutPhotos: 2,
      withoutLivestream: 1,
      withoutPublic: 2,
    };
    mockFetch({
      'GET /api/user': { status: 200, body: sampleUser },
      [`GET /api/teams/${coachTeam.id}`]: { status: 200, body: coachTeam },
      [`GET /api/teams/${coachTeam.id}/members`]: { status: 200, body: [] },
      [`GET /api/teams/${coachTeam.id}/players`]: {
        status: 200,
        body: [player('p-mia', 'Mia', []), player('p-noah', 'Noah', []), player('p-ava', 'Ava', [])],
      },
      [`GET /api/teams/${coachTeam.id}/invitations`]: { status: 200, body: [] },
      [`GET /api/teams/${coachTeam.id}/consents`]: { status: 200, body: summary },
      'GET /api/user/muted-teams': { status: 200, body: [] },
    });
    renderApp(`/team/${coachTeam.id}`);
    expect(
      await screen.findByText('2 players without photo consent · 1 player without livestream consent'),
    ).toBeInTheDocument();
    const row = (name: string) => screen.getByText(name).closest('li')!;
    expect(within(row('Mia')).getByText('No photos')).toBeInTheDocument();
    expect(within(row('Mia')).queryByText('No streams')).not.toBeInTheDocument();
    expect(within(row('Noah')).getByText('No streams')).toBeInTheDocument();
    expect(within(row('Ava')).queryByText('No photos')).not.toBeInTheDocument();
    // A coach is no guardian here: no switches.
    expect(screen.queryByRole('switch', { name: 'Team photos and videos' })).not.toBeInTheDocument();
  });
});

describe('Media Hub: an item hidden by a withdrawn photo consent', () => {
  const item = {
    id: 'm1',
    type: 'photo' as const,
    title: 'Kick-off',
    description: '',
    url: '/api/media/m1.webp',
    thumbnailUrl: null,
    contentType: 'image/webp',
    durationSeconds: null,
    width: 8,
    height: 8,
    likes: 0,
    likedByMe: false,
    uploader: { id: 'u-1', name: 'Jordan Smith' },
    createdAt: '2026-11-20T10:00:00.000Z',
  };

  it('is marked for the uploader and the club’s admins, who still see it; others’ items are not', () => {
    const { rerender } = render(<MediaTile item={{ ...item, hiddenByConsent: true }} onOpen={() => {}} />);
    expect(screen.getByText('Hidden: no photo consent')).toBeInTheDocument();
    rerender(<MediaTile item={item} onOpen={() => {}} />);
    expect(screen.queryByText('Hidden: no photo consent')).not.toBeInTheDocument();
  });
});
