export const HLS_MIME = 'application/vnd.apple.mpegurl';

/** The browser's own player takes an HLS playlist (Safari, iOS, recent Chromium). */
export function canPlayHlsNatively(video: HTMLVideoElement): boolean {
  return video.canPlayType(HLS_MIME) !== '';
}

/** Media Source Extensions for H.264/AAC, which mpegts.js needs (iPhones have none). */
function hasMse(): boolean {
  const source = (globalThis as { MediaSource?: typeof MediaSource }).MediaSource;
  return typeof source?.isTypeSupported === 'function' && source.isTypeSupported('video/mp4; codecs="avc1.42E01E"');
}

/** Chromium-based browsers (Chrome, Edge, Samsung Internet, Opera), whatever their name says. */
function isChromium(): boolean {
  return 'userAgentData' in navigator || 'chrome' in window;
}

/**
 * How a live stream plays here: native HLS (the stream's playlist in the video element) where
 * the browser plays HLS itself (Safari on the Mac, every browser on iPhone and iPad), else
 * HTTP-FLV through mpegts.js (Media Source Extensions). Recent Chromium also answers "maybe" for
 * HLS, but keeps mpegts.js where it has MSE: FLV plays about a second behind live, HLS several.
 */
export function playbackMode(video: HTMLVideoElement, hlsUrl: string | null): 'hls' | 'mse' {
  if (!hlsUrl || !canPlayHlsNatively(video)) return 'mse';
  return isChromium() && hasMse() ? 'mse' : 'hls';
}

/** A player's own id for the server's HLS viewer count: 32 random hex digits. */
export function newViewerId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
