import http from 'node:http';

/**
 * Latency from publish to a playable HLS segment, measured from outside the server while an
 * ffmpeg publisher starts (real time, `-re`):
 *
 * - first playlist: from the publisher's start (its process spawned) to the first answer of the
 *   playlist URL that lists a segment (the route holds a request while the packager starts).
 * - segment age when first listed: how long before the playlist first listed a segment its first
 *   frame reached the server. Frame times come from the stream's own HTTP-FLV (the server's clock
 *   for media time 0 is the earliest arrival minus timestamp of its tags); a segment starts at the
 *   sum of the EXTINF durations before it. A player that starts at the newest segment is that far
 *   behind live, before its own buffering.
 */
export interface HlsLatency {
  firstPlaylistMs: number;
  /** From the publisher's start to the arrival of its first frame at the server (FLV). */
  firstFrameMs: number | null;
  segmentAgesMs: number[];
  segmentSeconds: number[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reads the FLV playback and keeps the earliest (arrival − timestamp) of its tags: media time 0. */
function flvClock(url: string, until: number): Promise<number | null> {
  return new Promise((resolve) => {
    let zero: number | null = null;
    let buffer = Buffer.alloc(0);
    let offset = 13; // FLV header and the first PreviousTagSize
    const request = http.get(url, { agent: false }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        request.destroy();
        resolve(null);
        return;
      }
      response.on('data', (chunk: Buffer) => {
        const now = performance.now();
        buffer = Buffer.concat([buffer, chunk]);
        while (buffer.length >= offset + 11) {
          const size = buffer.readUIntBE(offset + 1, 3);
          const ts = buffer.readUIntBE(offset + 4, 3) | (buffer[offset + 7]! << 24);
          const type = buffer[offset]!;
          if (buffer.length < offset + 11 + size + 4) break;
          if ((type === 8 || type === 9) && ts > 0) zero = Math.min(zero ?? Infinity, now - ts);
          offset += 11 + size + 4;
        }
        if (offset > 1 << 20) {
          buffer = buffer.subarray(offset);
          offset = 0;
        }
        if (now > until) request.destroy();
      });
      response.on('close', () => resolve(zero));
      response.on('error', () => resolve(zero));
    });
    request.on('error', () => resolve(zero));
  });
}

/**
 * Polls the stream's playlist (every 50 ms, as one player) and its FLV (for the frame clock) for
 * `seconds` from `publishedAt` (performance.now() when the publisher was spawned).
 */
export async function measureHlsLatency(
  serverUrl: string,
  livestreamId: string,
  publishedAt: number,
  seconds: number,
): Promise<HlsLatency> {
  const until = publishedAt + seconds * 1000;
  const playlistUrl = `${serverUrl}/api/livestreams/${livestreamId}/hls/index.m3u8?viewer=bench-latency-probe`;
  const flvUrl = `${serverUrl}/api/livestreams/${livestreamId}/live.flv`;

  const clock = (async () => {
    while (performance.now() < until) {
      const zero = await flvClock(flvUrl, until);
      if (zero !== null) return zero;
      await sleep(50);
    }
    return null;
  })();

  let firstPlaylistMs: number | null = null;
  /** Segment number → when first listed, and its duration. */
  const listed = new Map<number, { at: number; seconds: number }>();
  while (performance.now() < until) {
    const response = await fetch(playlistUrl).catch(() => null);
    const at = performance.now();
    if (response?.status === 200) {
      const text = await response.text();
      let duration = 0;
      for (const line of text.split('\n')) {
        const extinf = /^#EXTINF:([\d.]+)/.exec(line);
        if (extinf) duration = Number(extinf[1]);
        const segment = /^segment-(\d+)\.ts/.exec(line);
        if (segment && !listed.has(Number(segment[1]))) listed.set(Number(segment[1]), { at, seconds: duration });
      }
      if (firstPlaylistMs === null && listed.size > 0) firstPlaylistMs = at - publishedAt;
    } else {
      await response?.text();
    }
    await sleep(50);
  }
  const zero = await clock;
  if (firstPlaylistMs === null) throw new Error('no HLS playlist listed a segment');

  const numbers = [...listed.keys()].sort((a, b) => a - b);
  const segmentAgesMs: number[] = [];
  const segmentSeconds: number[] = [];
  let start = 0; // media seconds at the start of the segment
  for (const n of numbers) {
    const { at, seconds: length } = listed.get(n)!;
    if (n === numbers[0] && n !== 0) break; // the playlist's first segments were missed: no timeline
    if (zero !== null) segmentAgesMs.push(at - (zero + start * 1000));
    segmentSeconds.push(length);
    start += length;
  }
  return { firstPlaylistMs, firstFrameMs: zero === null ? null : zero - publishedAt, segmentAgesMs, segmentSeconds };
}
