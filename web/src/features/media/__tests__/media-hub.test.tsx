import type { MediaItem, Team } from '@sideline/domain';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../../lib/socket/testing/fake-web-socket.ts';
import { FakeXMLHttpRequest } from '../../../lib/upload/testing/fake-xhr.ts';
import { mockFetch, renderApp, sampleUser, type MockResponse, type RecordedCall } from '../../../test/utils.tsx';
import { formatDuration } from '../lib/format.ts';

// ---- fixtures ----------------------------------------------------------------------------------

function team(id: string, name: string, myAssignedRole: Team['myAssignedRole'] = 'coach'): Team {
  return {
    id,
    name,
    sport: 'Soccer',
    ageGroup: null,
    isIndie: true,
    orgId: null,
    coachId: myAssignedRole === 'coach' ? sampleUser.id : 'someone-else',
    creatorId: myAssignedRole === 'coach' ? sampleUser.id : 'someone-else',
    code: 'ABC123',
    memberCount: 3,
    createdAt: '2026-03-01T10:00:00.000Z',
    myAssignedRole,
  };
}
const eagles = team('t1', 'Eagles U12');

let count = 0;
function item(overrides: Partial<MediaItem> = {}): MediaItem {
  count += 1;
  const type = overrides.type ?? 'photo';
  return {
    id: `md${count}`,
    type,
    title: `Item ${count}`,
    description: '',
    url: `/api/media/md${count}.${type === 'photo' ? 'png' : 'mp4'}`,
    thumbnailUrl: `/api/media/md${count}-thumb.webp`,
    contentType: type === 'photo' ? 'image/png' : 'video/mp4',
    durationSeconds: type === 'photo' ? null : 2,
    width: 160,
    height: 120,
    likes: 0,
    likedByMe: false,
    uploader: { id: 'u-2', name: 'Riley Parent' },
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

/** A mocked fetch playing the media API: the list honours `type`, likes and deletes change it. */
function mockedFetchServer(options: { teams?: Team[]; media?: MediaItem[] } = {}) {
  const { teams = [eagles] } = options;
  const stored = [...(options.media ?? [])];
  const list = (call: RecordedCall): MockResponse => {
    const type = new URL(call.url, 'http://x').searchParams.get('type');
    return { status: 200, body: stored.filter((m) => !type || m.type === type) };
  };
  const handlers: Record<string, MockResponse | ((call: RecordedCall) => MockResponse)> = {
    'GET /api/user': { status: 200, body: sampleUser },
    'GET /api/teams': { status: 200, body: teams },
  };
  for (const t of teams) handlers[`GET /api/teams/${t.id}/media`] = list;
  for (const m of stored) {
    const like = (liked: boolean) => () => {
      const i = stored.findIndex((s) => s.id === m.id);
      const current = stored[i]!;
      if (current.likedByMe !== liked) {
        stored[i] = { ...current, likedByMe: liked, likes: current.likes + (liked ? 1 : -1) };
      }
      return { status: 200, body: stored[i] };
    };
    handlers[`POST /api/teams/t1/media/${m.id}/like`] = like(true);
    handlers[`DELETE /api/teams/t1/media/${m.id}/like`] = like(false);
    handlers[`DELETE /api/teams/t1/media/${m.id}`] = () => {
      stored.splice(
        stored.findIndex((s) => s.id === m.id),
        1,
      );
      return { status: 204 };
    };
  }
  return { ...mockFetch(handlers), stored };
}

const tiles = () => within(screen.getByRole('list', { name: /media$/ })).getAllByRole('button');

// The screen loads the user, the teams, the media and the recap before the first assertion: on a
// busy CI machine that takes longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

/** The nth upload request (0 first), once sent: the upload machine loads with the first file. */
async function sentUpload(index = 0): Promise<FakeXMLHttpRequest> {
  return waitFor(() => {
    const xhr = FakeXMLHttpRequest.instances[index];
    expect(xhr).toBeDefined();
    return xhr!;
  });
}

beforeEach(() => {
  FakeWebSocket.reset();
  FakeXMLHttpRequest.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Media Hub', () => {
  it('shows "Join a Team First" to a user without a team', async () => {
    mockedFetchServer({ teams: [] });
    renderApp('/media');
    expect(await screen.findByRole('heading', { name: 'Join a Team First' })).toBeInTheDocument();
    expect(screen.getByText('Connect with your team to share photos and videos')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to Dashboard' })).toBeInTheDocument();
  });

  it("shows the empty state with Upload Media, and a manager's Go Live leads to /livestream", async () => {
    mockedFetchServer();
    renderApp('/media');
    expect(await screen.findByRole('heading', { name: 'No media yet' })).toBeInTheDocument();
    expect(screen.getByText('Start sharing photos and videos with your team!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Media' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Go Live' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go Live' })).toHaveAttribute('href', '/livestream');
    // The recap slice's Game Recap card sits below the grid.
    expect(screen.getByRole('region', { name: /Game Recap/ })).toBeInTheDocument();
  });

  it('filters with the tabs (the server is asked for the type) and shows real durations on videos', async () => {
    const { calls } = mockedFetchServer({
      media: [
        item({ title: 'Team photo', likes: 3 }),
        item({ type: 'video', title: 'Warm-up', durationSeconds: 135.4 }),
        item({ type: 'highlight', title: 'Top save', durationSeconds: 62 }),
        item({ type: 'video', title: 'Unknown length', durationSeconds: null }),
      ],
    });
    const { user } = renderApp('/media');
    await screen.findByRole('button', { name: 'Open photo: Team photo' });
    expect(tiles()).toHaveLength(4);
    const video = screen.getByRole('button', { name: 'Open video: Warm-up' });
    // The badges sit on the tile beside its button (the button's name is only "Open …").
    const tileOf = (name: string) => screen.getByRole('button', { name }).parentElement!;
    expect(within(video.parentElement!).getByText('2:15')).toBeInTheDocument();
    expect(within(tileOf('Open highlight: Top save')).getByText('1:02')).toBeInTheDocument();
    // No made-up duration when the server does not know it.
    expect(within(tileOf('Open video: Unknown length')).queryByTestId('duration')).toBeNull();
    expect(within(tileOf('Open photo: Team photo')).getByText(/likes/)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Videos' }));
    await waitFor(() =>
      expect(tiles().map((t) => t.getAttribute('aria-label'))).toEqual([
        'Open video: Warm-up',
        'Open video: Unknown length',
      ]),
    );
    expect(calls.some((c) => c.url.includes('type=video'))).toBe(true);
    await user.click(screen.getByRole('tab', { name: 'Highlights' }));
    await waitFor(() => expect(tiles()).toHaveLength(1));
    await user.click(screen.getByRole('tab', { name: 'Photos' }));
    await waitFor(() => expect(tiles().map((t) => t.getAttribute('aria-label'))).toEqual(['Open photo: Team photo']));
  });

  it('hides a thumbnail that fails to load', async () => {
    mockedFetchServer({ media: [item({ title: 'Broken' })] });
    renderApp('/media');
    const tile = await screen.findByRole('button', { name: 'Open photo: Broken' });
    const img = tile.querySelector('img')!;
    fireEvent.error(img);
    expect(tile.querySelector('img')).toBeNull();
  });

  it('opens the viewer: likes toggle, Download is the real file, Share uses the share sheet or copies the link', async () => {
    mockedFetchServer({ media: [item({ title: 'Goal!', description: 'What a finish', likes: 1 })] });
    const { user } = renderApp('/media');
    await user.click(await screen.findByRole('button', { name: 'Open photo: Goal!' }));
    const dialog = await screen.findByRole('dialog', { name: 'Goal!' });
    expect(within(dialog).getByRole('img', { name: 'Goal!' })).toHaveAttribute('src', expect.stringMatching(/\.png$/));
    expect(within(dialog).getByText('What a finish')).toBeInTheDocument();
    expect(within(dialog).getByText(/5 minutes ago/)).toBeInTheDocument();
    const download = within(dialog).getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('href', expect.stringMatching(/^\/api\/media\/md\d+\.png\?download=1$/));
    expect(download).toHaveAttribute('download');

    expect(within(dialog).getByTestId('like-count')).toHaveTextContent('1 like');
    await user.click(within(dialog).getByRole('button', { name: 'Like', pressed: false }));
    await waitFor(() => expect(within(dialog).getByTestId('like-count')).toHaveTextContent('2 likes'));
    expect(within(dialog).getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Like' }));
    await waitFor(() => expect(within(dialog).getByTestId('like-count')).toHaveTextContent('1 like'));

    const shareSheet = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: shareSheet, configurable: true });
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(shareSheet).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Goal!', url: expect.stringMatching(/\/media\/t1\?item=md\d+$/) }),
    );
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringMatching(/\/media\/t1\?item=md\d+$/));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it('plays a video with controls and autoplay', async () => {
    mockedFetchServer({ media: [item({ type: 'video', title: 'Match clip' })] });
    const { user } = renderApp('/media');
    await user.click(await screen.findByRole('button', { name: 'Open video: Match clip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Match clip' });
    const video = dialog.querySelector('video')!;
    expect(video).toHaveAttribute('controls');
    expect(video.autoplay).toBe(true);
    expect(video.getAttribute('src')).toMatch(/\.mp4$/);
  });

  it('lets a manager delete after confirming', async () => {
    mockedFetchServer({ media: [item({ title: 'Old photo' })] });
    const { user } = renderApp('/media');
    await user.click(await screen.findByRole('button', { name: 'Open photo: Old photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Old photo' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    expect(await screen.findByRole('heading', { name: 'No media yet' })).toBeInTheDocument();
  });

  it('shows no delete control to a parent on someone else’s media', async () => {
    mockedFetchServer({ teams: [team('t1', 'Eagles U12', 'parent')], media: [item({ title: 'Their photo' })] });
    const { user } = renderApp('/media');
    await user.click(await screen.findByRole('button', { name: 'Open photo: Their photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Their photo' });
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('uploads a video with progress as type video, then toasts and refreshes', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
    const { stored, callsTo } = mockedFetchServer();
    renderApp('/media');
    await screen.findByRole('heading', { name: 'No media yet' });
    const input = screen.getByLabelText<HTMLInputElement>('Photo or video to upload');
    fireEvent.change(input, { target: { files: [new File(['mp4'], 'goal.mp4', { type: 'video/mp4' })] } });
    const xhr = await sentUpload();
    expect(xhr.url).toBe('/api/teams/t1/media/upload');
    expect(xhr.formFields).toMatchObject({ type: 'video', title: 'goal.mp4', description: '' });
    expect(await screen.findByRole('button', { name: 'Uploading...' })).toBeDisabled();
    act(() => xhr.progress(30, 100));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '30');

    const before = callsTo('GET', '/api/teams/t1/media').length;
    stored.push(item({ type: 'video', title: 'goal.mp4' }));
    act(() => xhr.respond(201, { url: '/api/media/x.mp4', id: 'x', thumbnailUrl: null }));
    expect(await screen.findByText('Upload successful')).toBeInTheDocument();
    expect(screen.getByText('Your media has been shared with the team!')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Open video: goal.mp4' })).toBeInTheDocument();
    expect(callsTo('GET', '/api/teams/t1/media').length).toBeGreaterThan(before);
  });

  it('refetches when the server says media_changed for the team (another member uploaded)', async () => {
    const { stored } = mockedFetchServer();
    renderApp('/media');
    await screen.findByRole('heading', { name: 'No media yet' });
    await waitFor(() => expect(FakeWebSocket.latest).toBeDefined());
    const socket = FakeWebSocket.latest!;
    act(() => socket.open());
    stored.push(item({ title: 'From a parent' }));
    act(() => socket.receive({ type: 'media_changed', teamId: 't2' }));
    act(() => socket.receive({ type: 'media_changed', teamId: 't1' }));
    expect(await screen.findByRole('button', { name: 'Open photo: From a parent' })).toBeInTheDocument();
  });

  it('toasts "Upload failed" with the server message', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
    mockedFetchServer();
    renderApp('/media');
    await screen.findByRole('heading', { name: 'No media yet' });
    fireEvent.change(screen.getByLabelText('Photo or video to upload'), {
      target: { files: [new File(['png'], 'a.png', { type: 'image/png' })] },
    });
    const xhr = await sentUpload();
    expect(xhr.formFields.type).toBe('photo');
    act(() => xhr.respond(413, { message: 'Images can be at most 10 MB.', code: 'FILE_TOO_LARGE' }));
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByText('Images can be at most 10 MB.')).toBeInTheDocument();
  });
});

describe('formatDuration', () => {
  it('formats m:ss and h:mm:ss, and nothing when unknown', () => {
    expect(formatDuration(2.04)).toBe('0:02');
    expect(formatDuration(135)).toBe('2:15');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(Number.NaN)).toBeNull();
  });
});

describe('Media Hub: the players in an upload (consent)', () => {
  const rosterPlayer = (id: string, name: string) => ({
    id,
    teamId: 't1',
    name,
    jerseyNumber: null,
    xp: 0,
    dulars: 0,
    addedAt: '2026-03-01T10:00:00.000Z',
    guardians: [],
    account: null,
    linkStatus: 'linked',
    adult: false,
  });

  it('sends the ticked roster players, and names those without photo consent when refused', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
    mockFetch({
      'GET /api/user': { status: 200, body: sampleUser },
      'GET /api/teams': { status: 200, body: [eagles] },
      'GET /api/teams/t1/media': { status: 200, body: [] },
      'GET /api/teams/t1/players': { status: 200, body: [rosterPlayer('p1', 'Mia'), rosterPlayer('p2', 'Leo')] },
    });
    renderApp('/media');
    await screen.findByRole('heading', { name: 'No media yet' });
    fireEvent.click(await screen.findByRole('button', { name: 'Who is in it?' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Mia' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Leo' }));
    expect(screen.getByText('Who is in it? (2 tagged)')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Photo or video to upload'), {
      target: { files: [new File(['png'], 'team.png', { type: 'image/png' })] },
    });
    const xhr = await sentUpload();
    expect(xhr.formFields).toMatchObject({ type: 'photo', players: 'p1,p2' });
    act(() =>
      xhr.respond(409, {
        message: 'No photo consent for Mia, Leo: leave them out of this upload or ask their guardians',
        code: 'CONSENT_MISSING',
        players: [
          { id: 'p1', name: 'Mia' },
          { id: 'p2', name: 'Leo' },
        ],
      }),
    );
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(
      screen.getByText('No photo consent for: Mia, Leo. Leave them out of this upload or ask their guardians.'),
    ).toBeInTheDocument();
    // The tags stay for another try without the refused players.
    expect(screen.getByRole('checkbox', { name: 'Mia' })).toBeChecked();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Mia' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Leo' }));
    fireEvent.change(screen.getByLabelText('Photo or video to upload'), {
      target: { files: [new File(['png'], 'team.png', { type: 'image/png' })] },
    });
    const second = await sentUpload(1);
    expect(second.formFields.players).toBeUndefined();
  });
});
