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
