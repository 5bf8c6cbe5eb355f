import { execFile, spawn } from 'node:child_process';
import sharp from 'sharp';
import { THUMBNAIL_EDGE } from '@sideline/domain';

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

let available: Promise<boolean> | null = null;

/** Which ffprobe/ffmpeg to run (tests point them at nothing to see the fallback). */
export function setVideoTools(tools: { ffprobe: string; ffmpeg: string }): void {
  FFPROBE = tools.ffprobe;
  FFMPEG = tools.ffmpeg;
  available = null;
}

/** Whether ffprobe and ffmpeg can be run here (checked once). Without them videos are stored as-is. */
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

function run(bin: string, args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      bin,
      args,
      { timeout: TIMEOUT_MS, maxBuffer: 8 * 1024 * 1024, encoding: 'buffer', windowsHide: true },
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

/**
 * Probes a stored video for its duration and size, and grabs a poster frame (at 1 s, or the first
 * frame of a shorter clip). Throws UnreadableVideoError when ffprobe finds no video stream (a file
 * that only starts like a video); returns nulls when ffmpeg is not installed.
 */
export async function probeVideo(filePath: string): Promise<VideoInfo> {
  const none: VideoInfo = { durationSeconds: null, width: null, height: null, thumbnail: null };
  if (!(await ffmpegAvailable())) return none;
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
