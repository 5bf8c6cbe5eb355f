import { execFile, spawn } from 'node:child_process';
import { THUMBNAIL_EDGE, type VideoFormat } from '@sideline/domain';
import { loadSharp } from './sharp.ts';

/** What ffprobe tells about a stored video; every field null when it could not tell. */
export interface VideoInfo {
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
  /** WebP poster frame, at most THUMBNAIL_EDGE on its longest side. */
  thumbnail: Buffer | null;
}

let FFPROBE = process.env.SIDELINE_FFPROBE ?? 'ffprobe';
let FFMPEG = process.env.SIDELINE_FFMPEG ?? 'ffmpeg';
/** A pathological file must not hold a process for long. */
const TIMEOUT_MS = 30_000;
/** Copying the streams of a 200 MB video is disk-bound: a few seconds, far less than this. */
const REMUX_TIMEOUT_MS = 120_000;

let available: Promise<boolean> | null = null;

/** Which ffprobe/ffmpeg to run (tests point them at nothing to see the fallback). */
export function setVideoTools(tools: { ffprobe: string; ffmpeg: string }): void {
  FFPROBE = tools.ffprobe;
  FFMPEG = tools.ffmpeg;
  available = null;
}

/** Whether ffprobe and ffmpeg can be run here (checked once). Without them no video is accepted. */
export function ffmpegAvailable(): Promise<boolean> {
  available ??= Promise.all(
    [FFPROBE, FFMPEG].map((bin) =>
      run(bin, ['-version']).then(
        () => true,
        () => false,
      ),
    ),
  ).then((ok) => ok.every(Boolean));
  return available;
}

function run(bin: string, args: string[], timeout = TIMEOUT_MS): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      bin,
      args,
      { timeout, maxBuffer: 8 * 1024 * 1024, encoding: 'buffer', windowsHide: true },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
  });
}

/** One frame at `seconds`, as JPEG bytes on stdout (empty when there is no frame there). */
function grabFrame(filePath: string, seconds: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      FFMPEG,
      [
        '-v',
        'error',
        '-nostdin',
        '-ss',
        seconds.toFixed(2),
        '-i',
        filePath,
        '-frames:v',
        '1',
        '-an',
        '-f',
        'image2pipe',
        '-c:v',
        'mjpeg',
        '-',
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(chunks));
      else reject(new Error(`ffmpeg exited with ${code}`));
    });
  });
}

export class UnreadableVideoError extends Error {}
/** ffmpeg is not installed: a video cannot be cleaned, so it is not taken at all. */
export class VideoToolsUnavailableError extends Error {}

/**
 * How each accepted container is read and written again. The demuxer is named, never guessed
 * from the bytes (a file sniffed as MP4 is parsed as MP4, nothing else), and reads only the file
 * itself.
 */
const containers: Record<VideoFormat, { demuxer: string; muxer: string; muxerFlags: string[] }> = {
  // The index (moov) first: a browser starts playing before the whole file has arrived.
  mp4: { demuxer: 'mov', muxer: 'mp4', muxerFlags: ['-movflags', '+faststart'] },
  mov: { demuxer: 'mov', muxer: 'mov', muxerFlags: ['-movflags', '+faststart'] },
  webm: { demuxer: 'matroska', muxer: 'webm', muxerFlags: [] },
};

/**
 * Writes `input` again as `output` in the same container with the same audio and video bytes
 * (stream copy, no re-encode) and nothing else. A phone's video carries where it was filmed
 * (MP4 `©xyz`/`loci`, QuickTime `com.apple.quicktime.location.ISO6709`, Matroska `LOCATION`),
 * the camera and the time; telemetry tracks (a GoPro's GPS) and cover pictures ride along as
 * extra streams, and anything may be appended after the file. The new file has only the packets
 * of the video streams (not cover pictures) and audio streams: no global, stream or chapter
 * metadata, no other streams, no trailing bytes, no encoder tag or creation time (bitexact). The display
 * rotation is not metadata but part of the track, so a portrait video stays upright.
 * Throws UnreadableVideoError when ffmpeg cannot do that (not a real video, or codecs its
 * container does not allow, like H.264 in a file that starts like WebM).
 */
export async function remuxWithoutMetadata(input: string, output: string, format: VideoFormat): Promise<void> {
  if (!(await ffmpegAvailable())) throw new VideoToolsUnavailableError('ffmpeg is not installed');
  const { demuxer, muxer, muxerFlags } = containers[format];
  try {
    await run(
      FFMPEG,
      [
        ...['-v', 'error', '-nostdin', '-y'],
        ...['-protocol_whitelist', 'file', '-f', demuxer, '-i', `file:${input}`],
        // Video streams that are not attached pictures, and audio if there is any.
        ...['-map', '0:V', '-map', '0:a?'],
        ...['-map_metadata', '-1', '-map_chapters', '-1', '-c', 'copy'],
        ...['-fflags', '+bitexact', ...muxerFlags, '-f', muxer, `file:${output}`],
      ],
      REMUX_TIMEOUT_MS,
    );
  } catch {
    throw new UnreadableVideoError('ffmpeg could not rewrite the file');
  }
}

/**
 * Probes a stored video for its duration and size, and grabs a poster frame (at 1 s, or the first
 * frame of a shorter clip). Throws UnreadableVideoError when ffprobe finds no video stream (a file
 * that only starts like a video).
 */
export async function probeVideo(filePath: string): Promise<VideoInfo> {
  let probe: {
    format?: { duration?: string };
    streams?: Array<{
      width?: number;
      height?: number;
      duration?: string;
      side_data_list?: Array<{ rotation?: number }>;
    }>;
  };
  try {
    const out = await run(FFPROBE, [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_entries',
      'format=duration:stream=width,height,duration:stream_side_data=rotation',
      '-select_streams',
      'v:0',
      filePath,
    ]);
    probe = JSON.parse(out.toString('utf8'));
  } catch {
    throw new UnreadableVideoError('ffprobe could not read the file');
  }
  const stream = probe.streams?.[0];
  if (!stream) throw new UnreadableVideoError('no video stream');
  const rawDuration = Number(probe.format?.duration ?? stream.duration);
  const durationSeconds = Number.isFinite(rawDuration) && rawDuration > 0 ? Math.round(rawDuration * 100) / 100 : null;
  const rotated = Math.abs(stream.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0) % 180 === 90;
  const width = stream.width ?? null;
  const height = stream.height ?? null;

  let thumbnail: Buffer | null = null;
  try {
    const at = durationSeconds !== null && durationSeconds > 2 ? 1 : 0;
    let frame = await grabFrame(filePath, at);
    if (frame.length === 0 && at > 0) frame = await grabFrame(filePath, 0);
    if (frame.length > 0) {
      const sharp = await loadSharp();
      thumbnail = await sharp(frame)
        .resize({ width: THUMBNAIL_EDGE, height: THUMBNAIL_EDGE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
    }
  } catch {
    // No poster: the tile shows a placeholder; the video itself still plays.
  }
  return { durationSeconds, width: rotated ? height : width, height: rotated ? width : height, thumbnail };
}
