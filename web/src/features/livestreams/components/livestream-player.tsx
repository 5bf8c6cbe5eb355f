import { RefreshCw, VideoOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { canPlayHlsNatively, newViewerId, playbackMode } from '../lib/playback-choice.ts';

/** How long to wait before opening the stream again after it failed (a dropped publisher may resume). */
export const PLAYER_RETRY_MS = 3000;

type PlayerState = 'loading' | 'playing' | 'unsupported' | 'error';

interface LivestreamPlayerProps {
  /** The same-origin HTTP-FLV URL (the server checks the session for private streams). */
  url: string;
  /** The same-origin HLS playlist, for browsers that play HLS themselves; null plays FLV only. */
  hlsUrl?: string | null;
  title: string;
}

/**
 * Plays a live stream: native HLS where the browser plays it itself (Safari, iPhone, iPad; see
 * playbackMode), else HTTP-FLV with mpegts.js (Media Source Extensions), which is imported when
 * a player mounts so it weighs only on the viewers of a stream. The video starts muted (so
 * browsers allow it to play without a click); its controls unmute it. When the stream fails (the
 * publisher dropped, the network blinked) it retries on its own every few seconds, and a Retry
 * button lets the viewer try at once. The HLS playlist is asked for with this player's own id,
 * by which the server counts it as one viewer.
 */
export function LivestreamPlayer({ url, hlsUrl = null, title }: LivestreamPlayerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<PlayerState>('loading');
  const [attempt, setAttempt] = useState(0);
  const [viewerId] = useState(newViewerId);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let cancelled = false;
    let player: import('mpegts.js').default.Player | null = null;
    let native = false;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    setState('loading');

    const fail = () => {
      if (cancelled) return;
      setState('error');
      retryTimer = setTimeout(() => setAttempt((n) => n + 1), PLAYER_RETRY_MS);
    };
    const playing = () => {
      if (!cancelled) setState('playing');
    };

    const playNatively = (playlist: string) => {
      native = true;
      element.addEventListener('error', fail);
      element.addEventListener('ended', fail);
      const source = new URL(playlist, window.location.href);
      source.searchParams.set('viewer', viewerId);
      element.src = source.href;
      const played = element.play();
      if (played) played.catch(() => {});
    };

    element.addEventListener('playing', playing);
    if (playbackMode(element, hlsUrl) === 'hls') {
      playNatively(hlsUrl!);
    } else {
      void import('mpegts.js')
        .then(({ default: mpegts }) => {
          if (cancelled) return;
          if (!mpegts.isSupported() || !mpegts.getFeatureList().mseLivePlayback) {
            if (hlsUrl && canPlayHlsNatively(element)) playNatively(hlsUrl);
            else setState('unsupported');
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
    }

    return () => {
      cancelled = true;
      clearTimeout(retryTimer);
      element.removeEventListener('playing', playing);
      if (native) {
        element.removeEventListener('error', fail);
        element.removeEventListener('ended', fail);
        // Stops the downloads: the element lets go of the playlist.
        element.removeAttribute('src');
        element.load();
      }
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
  }, [url, hlsUrl, viewerId, attempt]);

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
