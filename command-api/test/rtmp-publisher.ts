import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/** A free TCP port on the loopback interface (for RTMP_PORT in tests). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface Publisher {
  child: ChildProcess;
  /** Resolves with ffmpeg's exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  stderr: () => string;
}

/**
 * Debian's ffmpeg pushing a small synthetic stream (testsrc 320x240 at 15 fps + a sine tone,
 * x264 ultrafast, AAC) to `url` for `seconds`, in real time. It ends cleanly (FCUnpublish,
 * deleteStream) when the time is up; SIGKILL makes it a dropped publish.
 */
export function publish(
  url: string,
  seconds: number,
  video: { size?: string; rate?: number; bitrate?: string } = {},
): Publisher {
  const child = spawn(
    process.env.SIDELINE_FFMPEG ?? '/usr/bin/ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-re'],
      ...['-f', 'lavfi', '-i', `testsrc=size=${video.size ?? '320x240'}:rate=${video.rate ?? 15}`],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
      ...['-t', String(seconds)],
      ...[
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-tune',
        'zerolatency',
        '-g',
        String(video.rate ?? 15),
        '-pix_fmt',
        'yuv420p',
      ],
      ...(video.bitrate ? ['-b:v', video.bitrate, '-maxrate', video.bitrate, '-bufsize', video.bitrate] : []),
      ...['-c:a', 'aac', '-b:a', '64k', '-threads', '1'],
      ...['-f', 'flv', url],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, exited, stderr: () => err };
}
