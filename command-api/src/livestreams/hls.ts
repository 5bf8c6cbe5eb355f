import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { Logger } from '@sideline/infra';

/** The pieces of a node-media-server broadcast a packager subscribes with (like a viewer). */
export interface FlvBroadcast {
  postPlay(session: FlvSubscriber): string | null;
  donePlay(session: FlvSubscriber): void;
}
export interface FlvSubscriber {
  id: string;
  ip: string;
  protocol: 'flv';
  isPublisher: boolean;
  streamPath: string;
  endTime: number;
  sendBuffer(buffer: Buffer): void;
  close(): void;
}

export const HLS_PLAYLIST = 'index.m3u8';
/** Segment names as ffmpeg writes them here; anything else is never served. */
export const HLS_SEGMENT_NAME = /^segment-\d{1,10}\.ts$/;
/** Target segment length: ffmpeg cuts at the first keyframe after it, so 1–2 s with OBS's 1–2 s keyframes. */
const SEGMENT_SECONDS = 1;
/** Segments in the playlist (about 6 s): enough for a player that starts three segments back. */
const LIST_SIZE = 6;
/** FLV bytes queued for ffmpeg past which it is restarted from the current GOP, not buffered. */
const MAX_BACKLOG = 8 * 1024 * 1024;
/** A run that fails this often within a minute is given up until the next publish. */
const MAX_FAILURES = 3;
const RESTART_MS = 1000;
/** How long a playlist request waits for a starting packager's first segment. */
export const FIRST_PLAYLIST_WAIT_MS = 6000;

const FFMPEG = () => process.env.SIDELINE_FFMPEG ?? 'ffmpeg';

/** DATA_DIR/hls: one folder per stream packaged in this process; nothing there outlives its stream. */
export const hlsRoot = (dataDir: string) => path.join(dataDir, 'hls');

/**
 * Removes what a previous run left under DATA_DIR/hls, except the folders of `keep` (streams
 * still live: whoever packages or ends them cleans them up).
 */
export async function removeHlsLeftovers(dataDir: string, keep: ReadonlySet<string>): Promise<void> {
  const root = hlsRoot(dataDir);
  const entries = await readdir(root).catch(() => [] as string[]);
  await Promise.all(
    entries
      .filter((name) => !keep.has(name))
      .map((name) => rm(path.join(root, name), { recursive: true, force: true })),
  );
}

/**
 * The FLV a run is fed. It subscribes to the broadcast at once, so that no tag the publisher
 * sends is missed while ffmpeg starts (the codec headers come first), and holds the bytes until
 * ffmpeg's stdin is attached.
 */
class Feed {
  readonly subscriber: FlvSubscriber;
  private pending: Buffer[] = [];
  private queued = 0;
  private sink: Writable | null = null;
  /** Let go, or fell behind: takes nothing more. */
  dead = false;

  /**
   * `fromPublishStart`: only what the publisher sends from now on (the broadcast's cached headers
   * and GOP may be a previous publish's, when the broadcast outlived it), after the FLV header.
   * Otherwise the cached headers and current GOP first, so the run starts at a keyframe.
   */
  constructor(
    readonly broadcast: FlvBroadcast,
    fromPublishStart: boolean,
    private readonly onOverflow: () => void,
  ) {
    let replaying = true;
    let headerSent = false;
    this.subscriber = {
      id: randomBytes(8).toString('hex'),
      ip: '', // internal to NMS: no play events, no auth, no playCount
      protocol: 'flv',
      isPublisher: false,
      streamPath: '',
      endTime: 0,
      sendBuffer: (buffer) => {
        if (replaying && fromPublishStart && headerSent) return;
        headerSent = true;
        this.write(buffer);
      },
      close: () => this.sink?.end(),
    };
    broadcast.postPlay(this.subscriber);
    replaying = false;
  }

  attach(sink: Writable): void {
    if (this.dead) return;
    this.sink = sink;
    for (const buffer of this.pending) sink.write(buffer);
    this.pending = [];
  }

  detach(): void {
    if (!this.dead) this.broadcast.donePlay(this.subscriber);
    this.dead = true;
    this.pending = [];
  }

  private write(buffer: Buffer): void {
    if (this.dead) return;
    const backlog = this.sink ? this.sink.writableLength : this.queued;
    if (backlog > MAX_BACKLOG) {
      this.detach();
      this.onOverflow();
      return;
    }
    if (this.sink) {
      if (!this.sink.destroyed && !this.sink.writableEnded) this.sink.write(buffer);
      return;
    }
    this.pending.push(buffer);
    this.queued += buffer.length;
  }
}

interface Run {
  feed: Feed;
  child: ChildProcess;
  exited: Promise<void>;
  /** Asked to stop (its publish ended, or the stream did): its exit is no failure. */
  stopping: boolean;
  stderr: string;
}

type Publishing = { broadcast: FlvBroadcast; session: string };

/**
 * HLS for one live stream: an ffmpeg child per publish reads the stream's FLV (subscribed to the
 * node-media-server broadcast like a viewer, piped to its stdin) and copies H.264/AAC, without
 * re-encoding, into 1–2 s MPEG-TS segments and a sliding playlist in DATA_DIR/hls/{id}/.
 *
 * - A publish starts a run that takes only what the publisher sends from then on (the broadcast's
 *   cached headers and GOP may be a previous publish's). A run started mid-publish (after ffmpeg
 *   failed or fell behind) takes the cached headers and current GOP, so it starts at a keyframe.
 * - A run after the first appends to the playlist behind a discontinuity: players keep their place.
 * - When the publisher goes, the run ends its last segment and the playlist stays as it is (no
 *   end tag: an interrupted stream may resume). close() removes everything.
 */
export class LiveHls {
  private run: Run | null = null;
  /** Start and stop in the order asked. */
  private queue: Promise<void> = Promise.resolve();
  private runs = 0;
  private failures: number[] = [];
  private restartTimer: NodeJS.Timeout | null = null;
  /** The publish being packaged: its broadcast and the publisher's session id. */
  private publishing: Publishing | null = null;
  private closed = false;
  private playlistSeen = false;
  private waiters: Array<() => void> = [];

  constructor(
    readonly livestreamId: string,
    readonly dir: string,
    private readonly logger: Logger,
  ) {}

  /** A publish (publisher session `session`) started on `broadcast`: a new run from its first packet. */
  publishStarted(broadcast: FlvBroadcast, session: string): void {
    if (this.closed) return;
    const publishing = { broadcast, session };
    this.publishing = publishing;
    this.failures = [];
    const feed = this.feed(broadcast, true);
    this.enqueue(async () => {
      await this.stopRun(false);
      await this.startRun(publishing, feed);
    });
  }

  /** The publisher of `session` went: the run ends its last segment; the playlist stays until close(). */
  publishEnded(session: string): void {
    if (this.publishing?.session !== session) return;
    this.publishing = null;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    this.enqueue(() => this.stopRun(true));
  }

  /** The stream is over (or the process stops): ffmpeg is stopped and the folder removed. */
  close(): Promise<void> {
    this.closed = true;
    this.publishing = null;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    for (const wake of this.waiters.splice(0)) wake();
    return this.enqueue(async () => {
      await this.stopRun(false);
      await rm(this.dir, { recursive: true, force: true });
    });
  }

  /** The playlist as ffmpeg last wrote it, after waiting (up to `waitMs`) for a starting run's first segment. */
  async playlist(waitMs = FIRST_PLAYLIST_WAIT_MS): Promise<string | null> {
    if (this.closed) return null;
    if (!this.playlistSeen && (this.run || this.publishing)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          const index = this.waiters.indexOf(done);
          if (index >= 0) this.waiters.splice(index, 1);
          resolve();
        };
        const timer = setTimeout(done, waitMs);
        timer.unref();
        this.waiters.push(done);
      });
    }
    if (this.closed) return null;
    return readFile(path.join(this.dir, HLS_PLAYLIST), 'utf8').catch(() => null);
  }

  /** The path of a segment, for a name that passed HLS_SEGMENT_NAME; null once the stream is over. */
  segmentPath(name: string): string | null {
    if (this.closed || !HLS_SEGMENT_NAME.test(name)) return null;
    return path.join(this.dir, name);
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    const next = this.queue.then(step).catch((err: unknown) => {
      this.logger.warn({ err, livestreamId: this.livestreamId }, 'HLS packaging step failed');
    });
    this.queue = next;
    return next;
  }

  /** A feed for a run; one that falls behind stops its run, which is then restarted. */
  private feed(broadcast: FlvBroadcast, fromPublishStart: boolean): Feed {
    const feed: Feed = new Feed(broadcast, fromPublishStart, () => {
      this.logger.warn({ livestreamId: this.livestreamId }, 'HLS packager fell behind: restarted');
      if (this.run?.feed === feed) this.run.child.kill('SIGKILL');
    });
    return feed;
  }

  private async startRun(publishing: Publishing, feed: Feed): Promise<void> {
    if (this.closed || this.publishing !== publishing) {
      feed.detach();
      return;
    }
    if (feed.dead) {
      this.failed('its feed fell behind before it started');
      return;
    }
    // The first run in this process starts a fresh folder (a previous process's files are stale).
    if (this.runs === 0) await rm(this.dir, { recursive: true, force: true });
    await mkdir(this.dir, { recursive: true });
    const append =
      this.runs > 0 &&
      (await stat(path.join(this.dir, HLS_PLAYLIST)).then(
        () => true,
        () => false,
      ));
    this.runs++;
    const child = spawn(
      FFMPEG(),
      [
        ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
        // A small probe: the publisher's codec headers come first, and every 100 ms of probing is
        // 100 ms later to the first segment.
        ...['-probesize', '32768', '-analyzeduration', '200000'],
        ...['-f', 'flv', '-i', 'pipe:0'],
        ...['-map', '0:v?', '-map', '0:a?', '-c', 'copy'],
        ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_list_size', String(LIST_SIZE)],
        ...['-hls_flags', `delete_segments+independent_segments+temp_file+omit_endlist${append ? '+append_list' : ''}`],
        ...['-hls_segment_type', 'mpegts', '-hls_segment_filename', path.join(this.dir, 'segment-%d.ts')],
        path.join(this.dir, HLS_PLAYLIST),
      ],
      { stdio: ['pipe', 'ignore', 'pipe'], windowsHide: true },
    );
    const exited = new Promise<void>((resolve) => {
      child.once('error', (err) => {
        this.logger.warn({ err, livestreamId: this.livestreamId }, 'ffmpeg could not be started for HLS');
        resolve();
      });
      child.once('close', () => resolve());
    });
    const run: Run = { feed, child, exited, stopping: false, stderr: '' };
    child.stderr!.on('data', (chunk: Buffer) => {
      if (run.stderr.length < 4000) run.stderr += chunk.toString();
    });
    child.stdin!.on('error', () => {}); // EPIPE when ffmpeg has gone: its exit is handled below
    this.run = run;
    feed.attach(child.stdin!);
    void this.watchForPlaylist(run);
    void exited.then(() => this.runExited(run));
  }

  /** Wakes the playlist requests waiting for a run's first segment. */
  private async watchForPlaylist(run: Run): Promise<void> {
    const file = path.join(this.dir, HLS_PLAYLIST);
    while (this.run === run && !this.playlistSeen) {
      const text = await readFile(file, 'utf8').catch(() => '');
      if (/^segment-/m.test(text)) {
        this.playlistSeen = true;
        for (const wake of this.waiters.splice(0)) wake();
        return;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  private runExited(run: Run): void {
    run.feed.detach();
    if (this.run === run) this.run = null;
    if (run.stopping || this.closed) return;
    this.failed(`ffmpeg exited (${run.child.exitCode ?? run.child.signalCode}): ${run.stderr.trim().slice(-500)}`);
  }

  /**
   * A run failed on its own (or fell behind) while the publish goes on: it is restarted from the
   * current GOP, unless it failed too often lately.
   */
  private failed(why: string): void {
    const publishing = this.publishing;
    if (!publishing || this.closed) return;
    const now = Date.now();
    this.failures = [...this.failures.filter((t) => now - t < 60_000), now];
    if (this.failures.length > MAX_FAILURES) {
      this.logger.warn({ livestreamId: this.livestreamId, why }, 'HLS packaging given up until the next publish');
      return;
    }
    this.logger.warn({ livestreamId: this.livestreamId, why }, 'HLS packager stopped: restarting');
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (this.publishing !== publishing || this.closed) return;
      const feed = this.feed(publishing.broadcast, false);
      this.enqueue(() => this.startRun(publishing, feed));
    }, RESTART_MS);
    this.restartTimer.unref();
  }

  /** Ends the current run: `finish` lets ffmpeg write its last segment (stdin closed), else it is killed. */
  private async stopRun(finish: boolean): Promise<void> {
    const run = this.run;
    if (!run) return;
    run.stopping = true;
    run.feed.detach();
    if (finish) {
      run.child.stdin!.end();
      const timer = setTimeout(() => run.child.kill('SIGKILL'), 5000);
      await run.exited;
      clearTimeout(timer);
    } else {
      run.child.kill('SIGKILL');
      await run.exited;
    }
    if (this.run === run) this.run = null;
  }
}
