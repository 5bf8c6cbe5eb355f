import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// mpegts.js needs Media Source Extensions, which jsdom lacks: a stand-in records what the
// player asks of it and lets the test raise the library's events.
const players: FakePlayer[] = [];
class FakePlayer {
  listeners = new Map<string, (...args: unknown[]) => void>();
  attached: HTMLMediaElement | null = null;
  loaded = false;
  destroyed = false;
  constructor(
    readonly source: { type: string; isLive: boolean; url: string },
    readonly config: Record<string, unknown>,
  ) {
    players.push(this);
  }
  on(event: string, listener: (...args: unknown[]) => void) {
    this.listeners.set(event, listener);
  }
  off() {}
  attachMediaElement(element: HTMLMediaElement) {
    this.attached = element;
  }
  detachMediaElement() {
    this.attached = null;
  }
  load() {
    this.loaded = true;
  }
  unload() {}
  play() {
    return Promise.resolve();
  }
  pause() {}
  destroy() {
    this.destroyed = true;
  }
  emit(event: string) {
    this.listeners.get(event)?.();
  }
}

vi.mock('mpegts.js', () => ({
  default: {
    isSupported: () => true,
    getFeatureList: () => ({ mseLivePlayback: true }),
    LoggingControl: { applyConfig: () => {} },
    Events: { ERROR: 'error', LOADING_COMPLETE: 'loading_complete' },
    createPlayer: (source: FakePlayer['source'], config: FakePlayer['config']) => new FakePlayer(source, config),
  },
}));

const { LivestreamPlayer, PLAYER_RETRY_MS } = await import('../components/livestream-player.tsx');

beforeEach(() => {
  players.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  for (const key of ['MediaSource', 'chrome'] as const) Reflect.deleteProperty(window, key);
  Reflect.deleteProperty(navigator, 'userAgentData');
});

const FLV = '/api/livestreams/ls-1/live.flv';
const HLS = '/api/livestreams/ls-1/hls/index.m3u8';

/**
 * What the browser says of HLS and Media Source Extensions (jsdom has neither). The video
 * element's play() and load() are stand-ins too: jsdom does not implement them.
 */
function browser({ hls, mse, chromium }: { hls: '' | 'maybe'; mse: boolean; chromium: boolean }) {
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) =>
    type === 'application/vnd.apple.mpegurl' ? hls : '',
  );
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  const load = vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  if (mse) Object.defineProperty(window, 'MediaSource', { configurable: true, value: { isTypeSupported: () => true } });
  if (chromium) {
    Object.defineProperty(navigator, 'userAgentData', { configurable: true, value: { brands: [], mobile: false } });
  }
  return { play, load };
}

describe('LivestreamPlayer chooses native HLS or mpegts.js', () => {
  it('plays the HLS playlist natively where the browser plays HLS itself (Safari, iPhone): no mpegts.js', async () => {
    const { play } = browser({ hls: 'maybe', mse: true, chromium: false });
    render(<LivestreamPlayer url={FLV} hlsUrl={HLS} title="Hawks vs. Eagles" />);
    const video = screen.getByLabelText('Live video: Hawks vs. Eagles') as HTMLVideoElement;
    await vi.waitFor(() => expect(video.src).not.toBe(''));
    const source = new URL(video.src);
    expect(`${source.origin}${source.pathname}`).toBe(`${window.location.origin}${HLS}`);
    // The player's own id: the server counts its playlist and segment requests as one viewer.
    expect(source.searchParams.get('viewer')).toMatch(/^[0-9a-f]{32}$/);
    expect(play).toHaveBeenCalled();
    expect(video.muted).toBe(true);
    act(() => video.dispatchEvent(new Event('playing')));
    expect(video.controls).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(players).toHaveLength(0);
  });

  it('on an iPhone (no Media Source Extensions) plays HLS natively, and tries again after an error', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { play, load } = browser({ hls: 'maybe', mse: false, chromium: false });
    const { unmount } = render(<LivestreamPlayer url={FLV} hlsUrl={HLS} title="Practice" />);
    const video = screen.getByLabelText('Live video: Practice') as HTMLVideoElement;
    await vi.waitFor(() => expect(video.src).toContain('/hls/index.m3u8?viewer='));
    const viewer = new URL(video.src).searchParams.get('viewer');
    act(() => video.dispatchEvent(new Event('error')));
    expect(screen.getByText(/isn't reaching us/)).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PLAYER_RETRY_MS);
    });
    // The element let go of the failed playlist and opened it again (same player id).
    await vi.waitFor(() => expect(play).toHaveBeenCalledTimes(2));
    expect(load).toHaveBeenCalledTimes(1);
    expect(new URL(video.src).searchParams.get('viewer')).toBe(viewer);
    unmount();
    expect(video.getAttribute('src')).toBeNull();
    expect(players).toHaveLength(0);
  });

  it('keeps mpegts.js (HTTP-FLV) in Chromium, which answers "maybe" for HLS but plays FLV closer to live', async () => {
    browser({ hls: 'maybe', mse: true, chromium: true });
    render(<LivestreamPlayer url={FLV} hlsUrl={HLS} title="Final" />);
    await vi.waitFor(() => expect(players).toHaveLength(1));
    expect(players[0]!.source.url).toBe(`${window.location.origin}${FLV}`);
    expect((screen.getByLabelText('Live video: Final') as HTMLVideoElement).getAttribute('src')).toBeNull();
  });

  it('uses mpegts.js where the browser has no HLS of its own (Firefox), or the stream offers none', async () => {
    browser({ hls: '', mse: true, chromium: false });
    const { unmount } = render(<LivestreamPlayer url={FLV} hlsUrl={HLS} title="Firefox" />);
    await vi.waitFor(() => expect(players).toHaveLength(1));
    expect(players[0]!.source.type).toBe('flv');
    unmount();
    vi.restoreAllMocks();
    browser({ hls: 'maybe', mse: true, chromium: false });
    render(<LivestreamPlayer url={FLV} hlsUrl={null} title="No HLS" />);
    await vi.waitFor(() => expect(players).toHaveLength(2));
    expect(players[1]!.source.url).toBe(`${window.location.origin}${FLV}`);
  });
});

describe('LivestreamPlayer (mpegts.js)', () => {
  it('plays the same-origin HTTP-FLV URL as a live stream into a muted video', async () => {
    render(<LivestreamPlayer url="/api/livestreams/ls-1/live.flv" title="Hawks vs. Eagles" />);
    await vi.waitFor(() => expect(players).toHaveLength(1));
    const player = players[0]!;
    expect(player.source).toEqual({
      type: 'flv',
      isLive: true,
      url: `${window.location.origin}/api/livestreams/ls-1/live.flv`,
    });
    expect(player.config).toMatchObject({ enableStashBuffer: false, liveBufferLatencyChasing: true });
    const video = screen.getByLabelText('Live video: Hawks vs. Eagles') as HTMLVideoElement;
    expect(player.attached).toBe(video);
    expect(player.loaded).toBe(true);
    expect(video.muted).toBe(true);
    expect(screen.getByRole('status', { name: 'Connecting to the stream' })).toBeInTheDocument();
    act(() => video.dispatchEvent(new Event('playing')));
    expect(screen.queryByRole('status', { name: 'Connecting to the stream' })).toBeNull();
    expect(video.controls).toBe(true);
  });

  it('tries again on its own after an error, and at once with Retry now; releases the player on unmount', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { unmount } = render(<LivestreamPlayer url="/api/livestreams/ls-1/live.flv" title="Practice" />);
    await vi.waitFor(() => expect(players).toHaveLength(1));
    act(() => players[0]!.emit('error'));
    expect(screen.getByText(/isn't reaching us/)).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PLAYER_RETRY_MS);
    });
    await vi.waitFor(() => expect(players).toHaveLength(2));
    expect(players[0]!.destroyed).toBe(true);
    act(() => players[1]!.emit('loading_complete'));
    await user.click(screen.getByRole('button', { name: 'Retry now' }));
    await vi.waitFor(() => expect(players).toHaveLength(3));
    unmount();
    expect(players[2]!.destroyed).toBe(true);
  });
});
