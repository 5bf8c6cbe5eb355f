import { spawn } from 'node:child_process';
import net from 'node:net';

export const FFMPEG = process.env.SIDELINE_FFMPEG ?? '/usr/bin/ffmpeg';

/** A free TCP port on the loopback interface (for Sideline's RTMP_PORT). */
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

export interface RtmpPublisher {
  /** Stops as a person stops OBS: ffmpeg finishes the FLV and unpublishes cleanly. */
  stop(): Promise<number | null>;
  exited: Promise<number | null>;
  stderr: () => string;
}

/**
 * Debian's ffmpeg as a broadcaster: a synthetic test picture (testsrc 320×240, 15 fps) and a sine
 * tone, H.264 (a keyframe every second, so a viewer starts at once) and AAC, in real time, pushed
 * to `url` (rtmp://HOST:PORT/live/KEY) until stopped.
 */
export function startPublisher(url: string, maxSeconds = 180): RtmpPublisher {
  const child = spawn(
    FFMPEG,
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=15'],
      ...['-f', 'lavfi', '-i', 'sine'],
      ...['-t', String(maxSeconds)],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '15', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-threads', '1'],
      ...['-f', 'flv', url],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return {
    exited,
    stderr: () => err,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
