import { RefreshCw, VideoOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** How long to wait before opening the stream again after it failed (a dropped publisher may resume). */
export const PLAYER_RETRY_MS = 3000;

type PlayerState = 'loading' | 'playing' | 'unsupported' | 'error';

interface LivestreamPlayerProps {
  /** The same-origin HTTP-FLV URL (the server checks the session for private streams). */
  url: string;
  title: string;
}

/**
 * Plays a live HTTP-FLV stream with mpegts.js (Media Source Extensions). The library is imported
 * when a player mounts, so it weighs only on the viewers of a stream. The video starts muted (so
 * browsers allow it to play without a click); its controls unmute it. When the stream fails (the
 * publisher dropped, the network blinked) it retries on its own every few seconds, and a Retry
 * button lets the viewer try at once.
 */
export function LivestreamPlayer({ url, title }: LivestreamPlayerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<PlayerState>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let cancelled = false;
    let player: import('mpegts.js').default.Player | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    setState('loading');

    const fail = () => {
      if (cancelled) return;
      setState('error');
      retryTimer = setTimeout(() => setAttempt((n) => n + 1), PLAYER_RETRY_MS);
    };

    void import('mpegts.js')
      .then(({ default: mpegts }) => {
        if (cancelled) return;
        if (!mpegts.isSupported() || !mpegts.getFeatureList().mseLivePlayback) {
          setState('unsupported');
          return;
        }
        mpegts.LoggingControl.applyConfig({ enableVerbose: false, enableDebug: false, enableInfo: false });
        player = mpegts.createPlayer(
          { type: 'flv', isLive: true, url: new URL(url, window.location.href).href },
          { enableStashBuffer: false, liveBufferLatencyChasing: true, lazyLoad: false },
        );
        player.on(mpegts.Events.ERROR, fail);
        player.on(mpegts.Events.LOADING_COMPLETE, fail);
        player.attachMediaElement(element);
        player.load();
        const played = player.play();
        if (played) played.catch(() => {});
      })
      .catch(fail);

    const playing = () => {
      if (!cancelled) setState('playing');
    };
    element.addEventListener('playing', playing);

    return () => {
      cancelled = true;
      clearTimeout(retryTimer);
      element.removeEventListener('playing', playing);
      if (player) {
        try {
          player.pause();
          player.unload();
          player.detachMediaElement();
          player.destroy();
        } catch {
          // Already torn down by an error: nothing left to release.
        }
      }
    };
  }, [url, attempt]);

  return (
    <div className="relative aspect-video overflow-hidden rounded-xl bg-black">
      <video
        ref={video}
        className="size-full"
        aria-label={`Live video: ${title}`}
        data-testid="livestream-video"
        muted
        autoPlay
        playsInline
        controls={state === 'playing'}
      />
      {state !== 'playing' ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-4 text-center text-sm text-on-media">
          {state === 'loading' ? (
            <Spinner label="Connecting to the stream" className="text-on-media" />
          ) : state === 'unsupported' ? (
            <>
              <VideoOff className="size-8 text-on-media/70" aria-hidden="true" />
              <p>This browser can't play live video. Try a recent Chrome, Edge, Firefox or Safari.</p>
            </>
          ) : (
            <>
              <VideoOff className="size-8 text-on-media/70" aria-hidden="true" />
              <p role="status">The stream isn't reaching us right now. Trying again...</p>
              <Button variant="secondary" size="sm" onClick={() => setAttempt((n) => n + 1)}>
                <RefreshCw className="size-4" aria-hidden="true" />
                Retry now
              </Button>
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
